import UIKit

protocol ProfileViewInput: AnyObject {
    func show(name: String, avatar: UIImage?)
    func dismiss(animated: Bool, completion: (() -> Void)?)
}

final class ProfileViewController: UIViewController, ProfileViewInput {
    var output: ProfileViewOutput?
    var state: ProfileViewState?
    // Planted: the view talks to the interactor, skipping the presenter.
    var interactor: ProfileInteractorInput? // expect: layer-dependency

    override func viewDidLoad() {
        super.viewDidLoad()
        interactor?.loadProfile()
    }

    func show(name: String, avatar: UIImage?) {
        title = state?.name ?? name
    }

    func show(memberSince date: Date) {
        // A formatter over a value the view was handed: no finding.
        let formatter = DateFormatter()
        navigationItem.prompt = formatter.string(from: date)
    }

    func show(member: User) { // expect: layer-dependency
        // Planted: the view formats an entity's data itself.
        navigationItem.prompt = String(format: "#%d", member.id) // expect: dumb-view
    }

    func didTapArticle(id: Int) {
        // Planted: the view builds another module itself.
        let detail = ArticleDetailRouter.createModule(articleID: id) // expect: module-construction
        navigationController?.pushViewController(detail, animated: true)
    }
}
