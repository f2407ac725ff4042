import Foundation

enum FeedServiceAssembly {
    static func make(container: Container) -> FeedServiceType {
        FeedService(session: .shared)
    }
}
