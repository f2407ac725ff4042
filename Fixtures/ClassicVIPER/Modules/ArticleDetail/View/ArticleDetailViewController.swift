import UIKit

final class ArticleDetailViewController: UIViewController, ArticleDetailViewInput {
    var output: ArticleDetailViewOutput?
    // Planted: the view keeps the entity itself instead of display data.
    var article: Article? // expect: layer-dependency
    // Planted: another module's view model. Home opens this screen through its builder, which is
    // how screens are meant to reach each other: no cycle with Home.
    var related: [HomeViewModel] = [] // expect: cross-module-reference

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
