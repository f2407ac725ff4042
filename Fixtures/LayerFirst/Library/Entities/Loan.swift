import Foundation

struct Loan: Identifiable, Hashable {
    let id: UUID
    let bookID: UUID
    let dueDate: Date

    // A derived value over its own fields: teams keep those on a model.
    func isOverdue(on date: Date) -> Bool {
        dueDate < date
    }

    // Planted: display formatting on an entity.
    var dueText: String { // expect: entity-pure-data
        dueDate.formatted(date: .abbreviated, time: .omitted)
    }
}
