import SwiftUI

final class FeedAssembly {
    private let container: Container

    init(container: Container) {
        self.container = container
    }

    func build() -> some View {
        let router = FeedRouter(navigation: container.navigation)
        let interactor = FeedInteractor(service: container.feedService)
        let viewState = FeedViewState()
        let presenter = FeedPresenter(router: router, interactor: interactor, viewState: viewState)
        viewState.presenter = presenter
        return FeedView(viewState: viewState)
    }
}
