import Foundation

struct Loan: Identifiable, Hashable {
    let id: UUID
    let bookID: UUID
    let dueDate: Date

    // Planted: validation on an entity.
    func isOverdue(on date: Date) -> Bool { // expect: entity-pure-data
        dueDate < date
    }
}
