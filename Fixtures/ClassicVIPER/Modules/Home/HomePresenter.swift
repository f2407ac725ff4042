import Foundation

final class HomePresenter {
    weak var view: HomeViewInput?
    var interactor: HomeInteractorInput?
    var router: HomeRouterInput?
    private var articles: [Article] = []
}

extension HomePresenter: HomeViewOutput {
    func viewDidLoad() {
        interactor?.loadArticles()
    }

    func didSelectRow(at index: Int) {
        guard articles.indices.contains(index) else { return }
        router?.openArticle(id: articles[index].id)
    }
}

extension HomePresenter: HomeInteractorOutput {
    func didLoad(_ articles: [Article]) {
        self.articles = articles
        view?.show(articles.map { HomeViewModel(title: $0.title, subtitle: $0.body) })
    }

    func didFail(_ error: Error) {
        view?.showError(error.localizedDescription)
    }
}
