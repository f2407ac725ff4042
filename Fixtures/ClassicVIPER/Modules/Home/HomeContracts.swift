import Foundation

protocol HomeViewInput: AnyObject {
    func show(_ rows: [HomeViewModel])
    func showError(_ message: String)
}

protocol HomeViewOutput: AnyObject {
    func viewDidLoad()
    func didSelectRow(at index: Int)
}

protocol HomeInteractorInput: AnyObject {
    func loadArticles()
}

protocol HomeInteractorOutput: AnyObject {
    func didLoad(_ articles: [Article])
    func didFail(_ error: Error)
}

protocol HomeRouterInput: AnyObject {
    func openArticle(id: Int)
}
