import Foundation

protocol CartViewOutput: AnyObject {
    func didTapCheckout()
}

final class CartPresenter: CartViewOutput, CartInteractorOutput, CartModuleInput {
    weak var view: CartViewInput?
    var interactor: CartInteractorInput?
    var router: CartRouterInput?
    private let formatter: PriceFormatter
    private let checkout: CheckoutModuleBuilding
    // Planted: another module's presenter named directly.
    private weak var checkoutPresenter: CheckoutPresenter? // expect: cross-module-reference

    init(formatter: PriceFormatter, checkout: CheckoutModuleBuilding) {
        self.formatter = formatter
        self.checkout = checkout
    }

    func reload() {
        interactor?.loadTotal()
    }

    func didLoad(total: Decimal) {
        view?.show(total: formatter.string(from: total))
    }

    func didTapCheckout() {
        router?.open(checkout.build(cartTotal: 0))
    }
}
