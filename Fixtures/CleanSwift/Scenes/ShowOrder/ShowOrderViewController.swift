import UIKit

protocol ShowOrderDisplayLogic: AnyObject {
    func displayOrder(viewModel: ShowOrderModels.GetOrder.ViewModel)
}

final class ShowOrderViewController: UIViewController, ShowOrderDisplayLogic {
    // Planted: the view holds the interactor class, not ShowOrderBusinessLogic.
    var interactor: ShowOrderInteractor? // expect: concrete-dependency

    override func viewDidLoad() {
        super.viewDidLoad()
        interactor?.getOrder(request: ShowOrderModels.GetOrder.Request())
    }

    func displayOrder(viewModel: ShowOrderModels.GetOrder.ViewModel) {
        title = viewModel.title
    }
}
