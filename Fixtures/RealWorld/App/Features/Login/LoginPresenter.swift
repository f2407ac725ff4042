import Foundation

protocol LoginViewOutput: AnyObject {
    func didTapLogin(email: String)
}

final class LoginPresenter: LoginViewOutput, LoginInteractorOutput {
    // Planted: the presenter holds its view strongly.
    var view: LoginViewInput? // expect: weak-back-reference
    var interactor: LoginInteractorInput?
    var wireframe: LoginWireframeInput?

    func didTapLogin(email: String) {
        interactor?.login(email: email)
    }

    func didLogin() {
        wireframe?.openCart()
    }

    func didTapSkip() {
        // Planted: the presenter switches the root screen itself, past its wireframe.
        AppRouter.shared.showHome() // expect: presenter-navigation
    }
}
