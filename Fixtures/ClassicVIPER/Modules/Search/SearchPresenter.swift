import Foundation

// Planted: a module with a presenter and an interactor but no view.
final class SearchPresenter { // expect: module-completeness
    var interactor: SearchInteractorInput?
    // Planted: the article screen it opened, by its presenter class (see ArticleDetailPresenter).
    var openedArticle: ArticleDetailPresenter? // expect: cross-module-reference

    func didChangeQuery(_ query: String) {
        interactor?.search(query)
    }
}
