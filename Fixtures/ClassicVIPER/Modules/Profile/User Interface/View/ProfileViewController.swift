import UIKit

protocol ProfileViewInput: AnyObject {
    func show(name: String, avatar: UIImage?)
}

final class ProfileViewController: UIViewController, ProfileViewInput {
    var output: ProfileViewOutput?
    // Planted: the view talks to the interactor, skipping the presenter.
    var interactor: ProfileInteractorInput? // expect: layer-dependency

    override func viewDidLoad() {
        super.viewDidLoad()
        interactor?.loadProfile()
    }

    func show(name: String, avatar: UIImage?) {
        title = name
    }
}
