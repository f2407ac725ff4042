import UIKit

// The app-wide root switcher: routers call it, presenters should not.
final class AppRouter {
    static let shared = AppRouter()
    weak var window: UIWindow?

    func showHome() {
        window?.rootViewController = UIViewController()
    }
}
