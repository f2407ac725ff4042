import Foundation

final class ArticleDetailInteractor: ArticleDetailInteractorInput {
    // Planted: the interactor holds the concrete presenter, not ArticleDetailInteractorOutput.
    var presenter: ArticleDetailPresenter? // expect: concrete-dependency, weak-back-reference
    private let articleID: Int
    private let service: ArticleServiceProtocol

    init(articleID: Int, service: ArticleServiceProtocol) {
        self.articleID = articleID
        self.service = service
    }

    func loadArticle() {
        service.fetchArticle(id: articleID) { [weak self] result in
            if case let .success(article) = result {
                self?.presenter?.didLoad(article)
            }
        }
    }
}
