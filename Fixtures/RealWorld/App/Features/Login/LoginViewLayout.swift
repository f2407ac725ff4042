import UIKit

final class LoginViewLayout: UIView {
    let errorLabel = UILabel()
}
