import UIKit

enum ShowOrderConfigurator {
    static func scene() -> UIViewController {
        let viewController = ShowOrderViewController()
        let interactor = ShowOrderInteractor()
        let presenter = ShowOrderPresenter()
        viewController.interactor = interactor
        interactor.presenter = presenter
        presenter.viewController = viewController
        return viewController
    }
}
