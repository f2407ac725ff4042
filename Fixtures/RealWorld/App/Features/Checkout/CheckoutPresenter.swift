import Foundation

final class CheckoutPresenter: CheckoutModuleInput, CheckoutViewOutput {
    weak var view: CheckoutViewInput?
    var interactor: CheckoutInteractorInput?
    private var total: Decimal = 0

    func configure(cartTotal: Decimal) {
        total = cartTotal
    }

    func didTapPay() {
        interactor?.pay(total: total)
    }
}
