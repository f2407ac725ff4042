protocol SearchViewOutput: AnyObject {
    func didSearch(_ query: String)
}

final class SearchPresenter: SearchViewOutput, SearchInteractorOutput {
    weak var view: SearchViewInput?
    var interactor: SearchInteractorInput?

    // Planted: the presenter calls the app's own API client instead of asking its interactor.
    func didSearch(_ query: String) {
        ShopAPIClient.shared.search(query) { _ in } // expect: misplaced-service-call
    }
}
