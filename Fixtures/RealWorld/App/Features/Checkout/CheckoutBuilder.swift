import UIKit

struct CheckoutBuilder: CheckoutModuleBuilding {
    func build(cartTotal: Decimal) -> UIViewController {
        let view = CheckoutViewController()
        let presenter = CheckoutPresenter()
        view.output = presenter
        presenter.interactor = CheckoutInteractor()
        presenter.view = view
        presenter.configure(cartTotal: cartTotal)
        return view
    }
}
