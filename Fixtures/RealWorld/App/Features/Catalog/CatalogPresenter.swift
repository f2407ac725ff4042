protocol CatalogViewOutput: AnyObject {}

final class CatalogPresenter: CatalogViewOutput {
    weak var view: CatalogViewInput?
}
