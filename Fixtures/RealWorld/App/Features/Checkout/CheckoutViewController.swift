import UIKit

protocol CheckoutViewInput: AnyObject {}

protocol CheckoutViewOutput: AnyObject {
    func didTapPay()
}

final class CheckoutViewController: UIViewController, CheckoutViewInput {
    var output: CheckoutViewOutput?
}
