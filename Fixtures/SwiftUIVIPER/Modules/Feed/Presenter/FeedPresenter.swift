import Foundation

final class FeedPresenter: FeedPresenterProtocol {
    private let router: FeedRouterProtocol
    private let interactor: FeedInteractorProtocol
    private weak var viewState: FeedViewStateProtocol?

    init(router: FeedRouterProtocol, interactor: FeedInteractorProtocol, viewState: FeedViewStateProtocol) {
        self.router = router
        self.interactor = interactor
        self.viewState = viewState
    }

    func onAppear() {
        Task { @MainActor in
            let posts = await interactor.loadPosts()
            viewState?.show(rows: posts.map { FeedRow(id: $0.id, title: $0.text, likes: "\($0.likes) likes") })
        }
    }

    func didTapPost(_ id: UUID) {
        router.openPost(id)
    }
}
