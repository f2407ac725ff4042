import Foundation

protocol LoginInteractorInput: AnyObject {
    func login(email: String)
}

protocol LoginInteractorOutput: AnyObject {
    func didLogin()
}

final class LoginInteractor: LoginInteractorInput {
    weak var output: LoginInteractorOutput?

    func login(email: String) {
        output?.didLogin()
    }
}
