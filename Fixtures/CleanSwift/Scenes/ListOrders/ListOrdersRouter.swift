import UIKit

@objc protocol ListOrdersRoutingLogic {
    func routeToShowOrder(segue: UIStoryboardSegue?)
}

protocol ListOrdersDataPassing {
    var dataStore: ListOrdersDataStore? { get }
}

final class ListOrdersRouter: NSObject, ListOrdersRoutingLogic, ListOrdersDataPassing {
    weak var viewController: ListOrdersViewController?
    var dataStore: ListOrdersDataStore?

    func routeToShowOrder(segue: UIStoryboardSegue?) {
        let destination = ShowOrderConfigurator.scene()
        viewController?.navigationController?.pushViewController(destination, animated: true)
    }
}
