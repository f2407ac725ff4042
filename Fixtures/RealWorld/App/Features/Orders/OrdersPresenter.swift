protocol OrdersViewInput: AnyObject {
    func show(titles: [String])
}

protocol OrdersViewOutput: AnyObject {
    func viewDidLoad()
}

final class OrdersPresenter: OrdersViewOutput, OrdersInteractorOutput {
    weak var view: OrdersViewInput?
    var interactor: OrdersInteractorInput?

    func viewDidLoad() {
        interactor?.loadOrders()
    }

    func didLoad(_ products: [Product]) {
        view?.show(titles: products.map(\.name))
    }
}
