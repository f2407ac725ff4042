import Foundation

final class ProfileInteractor: ProfileInteractorProtocol {
    func user(id: UUID) -> User? {
        User(id: id, name: "Ada")
    }
}
