// Planted: the interactor imports a UI framework it does not use.
import UIKit // expect: forbidden-import

protocol ShowOrderBusinessLogic {
    func getOrder(request: ShowOrderModels.GetOrder.Request)
}

final class ShowOrderInteractor: ShowOrderBusinessLogic {
    var presenter: ShowOrderPresentationLogic?
    var order: Order?

    func getOrder(request: ShowOrderModels.GetOrder.Request) {
        guard let order else { return }
        presenter?.presentOrder(response: ShowOrderModels.GetOrder.Response(order: order))
    }
}
