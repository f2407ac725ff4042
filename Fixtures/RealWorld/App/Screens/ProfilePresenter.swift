protocol ProfileViewOutput: AnyObject {
    func viewDidLoad()
}

final class ProfilePresenter: ProfileViewOutput {
    weak var view: ProfileViewInput?
    var interactor: ProfileInteractorInput?

    func viewDidLoad() {
        view?.show(name: interactor?.displayName ?? "")
    }
}
