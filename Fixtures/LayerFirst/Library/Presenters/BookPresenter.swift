import Foundation
import Observation

@Observable @MainActor
final class BookPresenter {
    private let interactor: LoansInteractor
    let bookID: UUID
    private(set) var title = ""
    // Planted: presenter state the view can write.
    var isFavorite = false // expect: state-write-access

    init(bookID: UUID, interactor: LoansInteractor) {
        self.bookID = bookID
        self.interactor = interactor
    }
}
