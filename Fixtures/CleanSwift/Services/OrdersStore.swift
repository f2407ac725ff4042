import Foundation

protocol OrdersStoreProtocol {
    func fetchOrders(completion: @escaping ([Order]) -> Void)
    func fetchOrder(id: String, completion: @escaping (Order?) -> Void)
}

final class OrdersMemStore: OrdersStoreProtocol {
    private var orders: [Order] = []

    func fetchOrders(completion: @escaping ([Order]) -> Void) {
        completion(orders)
    }

    func fetchOrder(id: String, completion: @escaping (Order?) -> Void) {
        completion(orders.first { $0.id == id })
    }
}
