import UIKit

public protocol CheckoutModuleInput: AnyObject {
    func configure(cartTotal: Decimal)
}

public protocol CheckoutModuleBuilding {
    func build(cartTotal: Decimal) -> UIViewController
}
