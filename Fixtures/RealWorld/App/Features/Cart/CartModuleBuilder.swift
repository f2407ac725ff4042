import UIKit

enum CartModuleBuilder {
    static func build(dependencies: AppDependencies) -> UIViewController {
        let view = CartViewController()
        let interactor = CartInteractor(dataManager: dependencies.cartDataManager, worker: dependencies.priceWorker)
        let presenter = CartPresenter(formatter: PriceFormatter(), checkout: dependencies.checkoutBuilder())
        let router = CartRouter()
        view.output = presenter
        presenter.view = view
        presenter.interactor = interactor
        presenter.router = router
        interactor.output = presenter
        router.viewController = view
        return view
    }
}
