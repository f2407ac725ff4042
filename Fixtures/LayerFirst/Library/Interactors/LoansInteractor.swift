import Foundation
import Observation
import SwiftUI // expect: forbidden-import

@Observable @MainActor
final class LoansInteractor {
    private(set) var loans: [Loan] = []

    func borrow(_ book: Book) {
        loans.append(Loan(id: UUID(), bookID: book.id, dueDate: Date().addingTimeInterval(14 * 86_400)))
    }
}
