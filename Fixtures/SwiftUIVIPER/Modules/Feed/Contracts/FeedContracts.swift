import Foundation

protocol FeedPresenterProtocol: AnyObject {
    func onAppear()
    func didTapPost(_ id: UUID)
}

protocol FeedInteractorProtocol: AnyObject {
    func loadPosts() async -> [Post]
}

protocol FeedRouterProtocol: AnyObject {
    func openPost(_ id: UUID)
}

protocol FeedViewStateProtocol: AnyObject {
    func show(rows: [FeedRow])
}
