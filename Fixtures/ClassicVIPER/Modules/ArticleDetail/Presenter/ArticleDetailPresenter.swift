import Foundation
import UIKit // expect: forbidden-import

final class ArticleDetailPresenter {
    // Planted: the presenter holds the concrete view controller, not ArticleDetailViewInput.
    weak var view: ArticleDetailViewController? // expect: concrete-dependency
    var interactor: ArticleDetailInteractorInput?
    // Planted: the search screen's presenter that opened this one, by its class; with Search
    // keeping this presenter, the two screens know each other's insides (a cycle).
    weak var searchHost: SearchPresenter? // expect: cross-module-reference, module-cycle
}

extension ArticleDetailPresenter: ArticleDetailViewOutput {
    func viewDidLoad() {
        interactor?.loadArticle()
    }
}

extension ArticleDetailPresenter: ArticleDetailInteractorOutput {
    func didLoad(_ article: Article) {
        UserDefaults.standard.set(article.id, forKey: "lastRead") // expect: misplaced-service-call
        view?.show(title: article.title, body: article.body)
    }
}
