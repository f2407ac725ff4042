import Foundation
import Observation

@Observable @MainActor
final class CatalogInteractor {
    private(set) var books: [Book] = []

    func load() async {
        books = [Book(id: UUID(), title: "Dune", author: "Frank Herbert", year: 1965)]
    }

    func book(id: UUID) -> Book? {
        books.first { $0.id == id }
    }
}
