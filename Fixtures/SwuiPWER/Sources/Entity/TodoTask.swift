import Foundation

public struct TodoTask: Identifiable, Hashable, Sendable {
    public let id: UUID
    public var title: String
    public var isDone: Bool

    public init(id: UUID, title: String, isDone: Bool) {
        self.id = id
        self.title = title
        self.isDone = isDone
    }
}
