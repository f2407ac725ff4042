protocol ShowOrderPresentationLogic {
    func presentOrder(response: ShowOrderModels.GetOrder.Response)
}

final class ShowOrderPresenter: ShowOrderPresentationLogic {
    // Planted: the display reference is strong, closing the VIP cycle into a retain cycle.
    var viewController: ShowOrderDisplayLogic? // expect: weak-back-reference
    // Planted: the presenter calls back into the interactor; the VIP flow is one-directional.
    var interactor: ShowOrderBusinessLogic? // expect: layer-dependency

    func presentOrder(response: ShowOrderModels.GetOrder.Response) {
        viewController?.displayOrder(viewModel: ShowOrderModels.GetOrder.ViewModel(title: response.order.id))
        interactor?.getOrder(request: ShowOrderModels.GetOrder.Request())
    }
}
