import Foundation
import Observation

@Observable @MainActor
final class CatalogPresenter {
    private let interactor: CatalogInteractor
    private let router: AppRouter
    private(set) var rows: [CatalogRow] = []

    init(interactor: CatalogInteractor, router: AppRouter) {
        self.interactor = interactor
        self.router = router
    }

    func onAppear() async {
        await interactor.load()
        rows = interactor.books.map { CatalogRow(id: $0.id, title: "\($0.title) (\($0.year))") }
    }

    func didSelect(_ row: CatalogRow) {
        router.showBook(row.id)
    }
}

struct CatalogRow: Identifiable, Hashable {
    let id: UUID
    let title: String
}
