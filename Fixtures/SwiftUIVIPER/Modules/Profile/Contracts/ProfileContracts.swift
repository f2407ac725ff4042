import Foundation

protocol ProfilePresenterProtocol: AnyObject {
    func onAppear()
    func didTapLogout()
    func mutualFriends() -> [User]
}

protocol ProfileInteractorProtocol: AnyObject {
    func user(id: UUID) -> User?
}

protocol ProfileRouterProtocol: AnyObject {
    func openLogin()
}
