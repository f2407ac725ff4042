enum LoginViewFactory {
    static func make() -> LoginViewController {
        LoginViewController()
    }
}
