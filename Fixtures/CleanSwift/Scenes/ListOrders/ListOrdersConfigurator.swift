import UIKit

enum ListOrdersConfigurator {
    static func scene(store: OrdersStoreProtocol) -> UIViewController {
        let viewController = ListOrdersViewController()
        let interactor = ListOrdersInteractor()
        let presenter = ListOrdersPresenter()
        let router = ListOrdersRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        interactor.worker = ListOrdersWorker(store: store)
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        return viewController
    }
}
