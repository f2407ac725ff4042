import Entity
import Foundation

public protocol TaskGatewayProtocol: Sendable {
    func tasks() async throws -> [TodoTask]
}

public final class TaskGateway: TaskGatewayProtocol {
    private let defaults: UserDefaults

    public init(defaults: UserDefaults) {
        self.defaults = defaults
    }

    public func tasks() async throws -> [TodoTask] {
        let titles = defaults.stringArray(forKey: "tasks") ?? []
        return titles.map { TodoTask(id: UUID(), title: $0, isDone: false) }
    }
}
