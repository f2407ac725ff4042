import Foundation

protocol ProfilePresenterProtocol: AnyObject {
    func onAppear()
    func didTapLogout()
}

protocol ProfileInteractorProtocol: AnyObject {
    func user(id: UUID) -> User?
}

protocol ProfileRouterProtocol: AnyObject {
    func openLogin()
}
