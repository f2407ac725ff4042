import UIKit

protocol CartRouterInput: AnyObject {
    func open(_ viewController: UIViewController)
}

final class CartRouter: CartRouterInput {
    weak var viewController: UIViewController?
    // Planted: the router keeps the presenter that owns it.
    var presenter: CartPresenter? // expect: weak-back-reference

    func open(_ next: UIViewController) {
        viewController?.navigationController?.pushViewController(next, animated: true)
    }
}
