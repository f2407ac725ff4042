import Foundation

final class HomeInteractor: HomeInteractorInput {
    weak var output: HomeInteractorOutput?
    private let service: ArticleServiceProtocol

    init(service: ArticleServiceProtocol) {
        self.service = service
    }

    func loadArticles() {
        service.fetchArticles { [weak self] result in
            switch result {
            case let .success(articles): self?.output?.didLoad(articles)
            case let .failure(error): self?.output?.didFail(error)
            }
        }
    }
}
