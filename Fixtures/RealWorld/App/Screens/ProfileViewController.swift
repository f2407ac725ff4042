import UIKit

protocol ProfileViewInput: AnyObject {
    func show(name: String)
}

final class ProfileViewController: UIViewController, ProfileViewInput {
    var output: ProfileViewOutput?

    func show(name: String) {
        title = name
    }
}
