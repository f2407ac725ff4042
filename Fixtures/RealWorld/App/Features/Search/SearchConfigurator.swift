import UIKit

enum SearchConfigurator {
    static func configure(_ view: SearchViewController) {
        let presenter = SearchPresenter()
        let interactor = SearchInteractor()
        view.output = presenter
        presenter.view = view
        presenter.interactor = interactor
        interactor.output = presenter
    }
}
