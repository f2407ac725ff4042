final class CatalogPresenter {
    var interactor: CatalogInteractor? // expect: concrete-dependency
}
