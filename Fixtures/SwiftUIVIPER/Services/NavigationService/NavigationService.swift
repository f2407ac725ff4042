import SwiftUI

enum Destination: Hashable {
    case post(UUID)
    case profile(UUID)
    case login
}

/// The shared navigation state the routers change and the root view observes.
final class NavigationService: ObservableObject {
    @Published var items: [Destination] = []
    @Published var fullScreen: Destination?
    @Published var popup: String?
}
