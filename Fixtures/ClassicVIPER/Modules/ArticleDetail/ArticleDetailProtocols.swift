import Foundation

protocol ArticleDetailViewInput: AnyObject {
    func show(title: String, body: String)
}

protocol ArticleDetailViewOutput: AnyObject {
    func viewDidLoad()
}

protocol ArticleDetailInteractorInput: AnyObject {
    func loadArticle()
}

protocol ArticleDetailInteractorOutput: AnyObject {
    func didLoad(_ article: Article)
}
