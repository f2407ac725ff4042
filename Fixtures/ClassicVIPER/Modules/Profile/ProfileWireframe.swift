import UIKit

final class ProfileWireframe {
    static func createModule(userID: Int) -> UIViewController {
        let view = ProfileViewController()
        let presenter = ProfilePresenter()
        let interactor = ProfileInteractor()
        view.output = presenter
        presenter.view = view
        presenter.interactor = interactor
        interactor.output = presenter
        presenter.configure(userID: userID)
        return view
    }
}
