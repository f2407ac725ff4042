import Foundation

final class FeedRouter: FeedRouterProtocol {
    private let navigation: NavigationService

    init(navigation: NavigationService) {
        self.navigation = navigation
    }

    func openPost(_ id: UUID) {
        navigation.items.append(.post(id))
    }
}
