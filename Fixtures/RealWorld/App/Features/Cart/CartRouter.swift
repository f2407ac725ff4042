import UIKit

protocol CartRouterInput: AnyObject {
    func open(_ viewController: UIViewController)
}

final class CartRouter: CartRouterInput {
    weak var viewController: UIViewController?

    func open(_ next: UIViewController) {
        viewController?.navigationController?.pushViewController(next, animated: true)
    }
}
