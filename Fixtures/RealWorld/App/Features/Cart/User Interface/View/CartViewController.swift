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
        // A formatter over a raw value, not over an entity's data: no finding (dumb-view judges
        // what a View computes from entities).
        let formatter = NumberFormatter()
        totalLabel.text = formatter.string(from: rawTotal as NSDecimalNumber)
    }
}
