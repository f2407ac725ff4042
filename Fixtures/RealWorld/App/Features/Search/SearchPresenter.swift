protocol SearchViewOutput: AnyObject {}

final class SearchPresenter: SearchViewOutput, SearchInteractorOutput {
    weak var view: SearchViewInput?
    var interactor: SearchInteractorInput?
}
