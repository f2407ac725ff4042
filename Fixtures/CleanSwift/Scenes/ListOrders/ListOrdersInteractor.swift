protocol ListOrdersBusinessLogic {
    func fetchOrders(request: ListOrdersModels.FetchOrders.Request)
}

protocol ListOrdersDataStore {
    var orders: [Order]? { get }
}

final class ListOrdersInteractor: ListOrdersBusinessLogic, ListOrdersDataStore {
    var presenter: ListOrdersPresentationLogic?
    var worker: ListOrdersWorker?
    var orders: [Order]?

    func fetchOrders(request: ListOrdersModels.FetchOrders.Request) {
        worker?.fetchOrders { orders in
            self.orders = orders
            self.presenter?.presentFetchedOrders(response: ListOrdersModels.FetchOrders.Response(orders: orders))
        }
    }
}
