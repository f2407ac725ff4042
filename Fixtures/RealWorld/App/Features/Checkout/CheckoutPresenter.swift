import Foundation

final class CheckoutPresenter: CheckoutModuleInput, CheckoutViewOutput {
    weak var view: CheckoutViewInput?
    private var total: Decimal = 0

    func configure(cartTotal: Decimal) {
        total = cartTotal
    }

    func didTapPay() {}
}
