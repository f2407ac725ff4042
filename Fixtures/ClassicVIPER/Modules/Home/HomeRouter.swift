import UIKit

final class HomeRouter: HomeRouterInput {
    weak var viewController: UIViewController?

    static func createModule() -> UIViewController {
        let view = HomeViewController()
        let presenter = HomePresenter()
        let interactor = HomeInteractor(service: ArticleService())
        let router = HomeRouter()
        view.output = presenter
        presenter.view = view
        presenter.interactor = interactor
        presenter.router = router
        interactor.output = presenter
        router.viewController = view
        return view
    }

    func openArticle(id: Int) {
        let detail = ArticleDetailRouter.createModule(articleID: id)
        viewController?.navigationController?.pushViewController(detail, animated: true)
    }
}
