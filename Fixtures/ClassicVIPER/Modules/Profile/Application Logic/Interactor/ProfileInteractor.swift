import Foundation
import UIKit // expect: forbidden-import

protocol ProfileInteractorInput: AnyObject {
    func loadProfile()
}

protocol ProfileInteractorOutput: AnyObject {
    func didLoad(_ user: User, avatarData: Data?)
}

final class ProfileInteractor: ProfileInteractorInput {
    weak var output: ProfileInteractorOutput?

    func loadProfile() {
        let user = User(id: 1, name: "Ada", avatarURL: nil)
        // Planted: a UIKit type in the interactor.
        let placeholder = UIImage(systemName: "person")
        output?.didLoad(user, avatarData: placeholder?.pngData())
    }
}
