import Foundation

// Planted: a module with a presenter and an interactor but no view.
final class SearchPresenter { // expect: module-completeness
    var interactor: SearchInteractorInput?

    func didChangeQuery(_ query: String) {
        interactor?.search(query)
    }
}
