import UIKit

enum CatalogModule {
    static func build() -> UIViewController {
        let view = CatalogViewController()
        let presenter = CatalogPresenter()
        view.output = presenter
        presenter.view = view
        return view
    }
}
