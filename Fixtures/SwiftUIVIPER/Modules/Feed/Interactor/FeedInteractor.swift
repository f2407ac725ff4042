final class FeedInteractor: FeedInteractorProtocol {
    private let service: FeedServiceType

    init(service: FeedServiceType) {
        self.service = service
    }

    func loadPosts() async -> [Post] {
        let posts = (try? await service.posts()) ?? []
        return posts.filter { $0.likes > 0 }
    }
}
