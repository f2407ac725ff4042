import UIKit

protocol LoginViewInput: AnyObject {
    func showError(_ message: String)
}

final class LoginViewController: UIViewController, LoginViewInput {
    var output: LoginViewOutput?
    private let layout = LoginViewLayout()

    override func loadView() {
        view = layout
    }

    func showError(_ message: String) {
        layout.errorLabel.text = message
    }
}
