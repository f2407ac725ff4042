import Foundation

protocol CheckoutInteractorInput: AnyObject {
    func pay(total: Decimal)
}

final class CheckoutInteractor: CheckoutInteractorInput {
    func pay(total: Decimal) {}
}
