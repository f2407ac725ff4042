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
        // Planted: the wireframe reads app state to decide what to build.
        if SessionStore.shared.isGuest { // expect: router-business-logic
            presenter.configure(userID: 0)
        }
        return view
    }
}
