import UIKit

protocol ListOrdersDisplayLogic: AnyObject {
    func displayFetchedOrders(viewModel: ListOrdersModels.FetchOrders.ViewModel)
}

final class ListOrdersViewController: UITableViewController, ListOrdersDisplayLogic {
    var interactor: ListOrdersBusinessLogic?
    var router: (NSObjectProtocol & ListOrdersRoutingLogic & ListOrdersDataPassing)?
    private var displayedOrders: [ListOrdersModels.FetchOrders.ViewModel.DisplayedOrder] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        interactor?.fetchOrders(request: ListOrdersModels.FetchOrders.Request())
    }

    func displayFetchedOrders(viewModel: ListOrdersModels.FetchOrders.ViewModel) {
        displayedOrders = viewModel.displayedOrders
        tableView.reloadData()
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        router?.routeToShowOrder(segue: nil)
    }
}
