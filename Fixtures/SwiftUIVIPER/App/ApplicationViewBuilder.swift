import SwiftUI

enum Module {
    case feed
    case profile(UUID)
}

/// Maps a module to its built view: the one place that knows every assembly.
final class ApplicationViewBuilder {
    private let container: Container

    init(container: Container) {
        self.container = container
    }

    @ViewBuilder
    func build(_ module: Module) -> some View {
        switch module {
        case .feed:
            FeedAssembly(container: container).build()
        case let .profile(id):
            ProfileAssembly(container: container).build(userID: id)
        }
    }
}
