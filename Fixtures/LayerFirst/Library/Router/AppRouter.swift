import Observation
import SwiftUI

@Observable @MainActor
final class AppRouter {
    var path = NavigationPath()
    private let catalog = CatalogInteractor()
    private let loans = LoansInteractor()

    func makeCatalogPresenter() -> CatalogPresenter {
        CatalogPresenter(interactor: catalog, router: self)
    }

    func makeBookPresenter(id: UUID) -> BookPresenter {
        BookPresenter(bookID: id, interactor: loans)
    }

    func showBook(_ id: UUID) {
        path.append(id)
    }
}
