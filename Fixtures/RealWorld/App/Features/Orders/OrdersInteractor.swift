protocol OrdersInteractorInput: AnyObject {
    func loadOrders()
}

protocol OrdersInteractorOutput: AnyObject {
    func didLoad(_ products: [Product])
}

final class OrdersInteractor: OrdersInteractorInput {
    weak var output: OrdersInteractorOutput?

    func loadOrders() {
        output?.didLoad([])
    }
}
