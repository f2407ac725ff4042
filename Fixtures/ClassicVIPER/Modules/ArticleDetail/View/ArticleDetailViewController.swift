import UIKit

final class ArticleDetailViewController: UIViewController, ArticleDetailViewInput {
    var output: ArticleDetailViewOutput?
    // Planted: the view keeps the entity itself instead of display data.
    var article: Article? // expect: layer-dependency
    // Planted: another module's view model, which also closes the cycle Home -> ArticleDetail -> Home.
    var related: [HomeViewModel] = [] // expect: cross-module-reference, module-cycle

    private let titleLabel = UILabel()
    private let bodyLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        output?.viewDidLoad()
    }

    func show(title: String, body: String) {
        titleLabel.text = title
        bodyLabel.text = body
    }
}
