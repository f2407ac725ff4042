import Foundation

protocol FeedServiceType {
    func posts() async throws -> [Post]
}

final class FeedService: FeedServiceType {
    private let session: URLSession

    init(session: URLSession) {
        self.session = session
    }

    func posts() async throws -> [Post] {
        let (data, _) = try await session.data(from: URL(string: "https://example.invalid/posts")!)
        _ = data
        return []
    }
}
