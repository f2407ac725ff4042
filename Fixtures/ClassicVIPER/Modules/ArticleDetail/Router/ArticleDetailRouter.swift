import UIKit

final class ArticleDetailRouter {
    static func createModule(articleID: Int) -> UIViewController {
        let view = ArticleDetailViewController()
        let presenter = ArticleDetailPresenter()
        let interactor = ArticleDetailInteractor(articleID: articleID, service: ArticleService())
        view.output = presenter
        presenter.view = view
        presenter.interactor = interactor
        interactor.presenter = presenter
        return view
    }
}
