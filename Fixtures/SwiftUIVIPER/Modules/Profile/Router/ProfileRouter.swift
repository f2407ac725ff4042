import Foundation

final class ProfileRouter: ProfileRouterProtocol {
    private let navigation: NavigationService

    init(navigation: NavigationService) {
        self.navigation = navigation
    }

    func openLogin() {
        // Planted: the router decides with stored app state.
        if UserDefaults.standard.bool(forKey: "hasAccount") { // expect: router-business-logic
            navigation.fullScreen = .login
        }
    }
}
