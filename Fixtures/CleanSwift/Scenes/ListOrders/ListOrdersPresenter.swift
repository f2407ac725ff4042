import Foundation

protocol ListOrdersPresentationLogic {
    func presentFetchedOrders(response: ListOrdersModels.FetchOrders.Response)
}

final class ListOrdersPresenter: ListOrdersPresentationLogic {
    weak var viewController: ListOrdersDisplayLogic?
    private let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .short
        return formatter
    }()

    func presentFetchedOrders(response: ListOrdersModels.FetchOrders.Response) {
        let displayed = response.orders.map { order in
            ListOrdersModels.FetchOrders.ViewModel.DisplayedOrder(
                id: order.id, date: dateFormatter.string(from: order.date), total: "\(order.total)")
        }
        viewController?.displayFetchedOrders(viewModel: ListOrdersModels.FetchOrders.ViewModel(displayedOrders: displayed))
    }
}
