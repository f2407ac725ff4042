import Foundation

protocol ProfileViewOutput: AnyObject {
    func viewDidLoad()
}

final class ProfilePresenter: ProfileViewOutput, ProfileModuleInput {
    weak var view: ProfileViewInput?
    var interactor: ProfileInteractorInput?
    private var userID = 0
    private var user: User?

    func configure(userID: Int) {
        self.userID = userID
    }

    func viewDidLoad() {
        interactor?.loadProfile()
    }

    func didRename(to nickname: String) {
        // Planted: the presenter edits the entity itself instead of asking its interactor.
        user?.nickname = nickname // expect: entity-mutation
    }

    func didTapClose() {
        // Planted: the presenter navigates instead of asking a router.
        view?.dismiss(animated: true, completion: nil) // expect: presenter-navigation
    }
}

extension ProfilePresenter: ProfileInteractorOutput {
    func didLoad(_ user: User, avatarData: Data?) {
        view?.show(name: user.name, avatar: nil)
    }
}
