final class ListOrdersWorker {
    private let store: OrdersStoreProtocol

    init(store: OrdersStoreProtocol) {
        self.store = store
    }

    func fetchOrders(completion: @escaping ([Order]) -> Void) {
        store.fetchOrders(completion: completion)
    }
}
