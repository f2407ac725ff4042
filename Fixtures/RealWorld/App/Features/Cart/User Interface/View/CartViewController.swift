import UIKit

protocol CartViewInput: AnyObject {
    func show(total: String)
    func show(rawTotal: Decimal)
}

final class CartViewController: UIViewController, CartViewInput {
    var output: CartViewOutput?
    private let totalLabel = UILabel()

    func show(total: String) {
        totalLabel.text = total
    }

    func show(rawTotal: Decimal) {
        // Planted: the view formats the number itself.
        let formatter = NumberFormatter() // expect: dumb-view
        totalLabel.text = formatter.string(from: rawTotal as NSDecimalNumber)
    }
}
