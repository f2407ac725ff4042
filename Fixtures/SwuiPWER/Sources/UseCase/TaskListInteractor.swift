import Entity
import Gateway

public protocol TaskListInteractorInput: AnyObject {
    func load() async
    func task(id: TodoTask.ID) -> TodoTask?
}

public protocol TaskListInteractorOutput: AnyObject {
    func didLoad(_ tasks: [TodoTask])
}

public final class TaskListInteractor: TaskListInteractorInput {
    public weak var output: TaskListInteractorOutput?
    private let gateway: TaskGatewayProtocol
    private var tasks: [TodoTask] = []

    public init(gateway: TaskGatewayProtocol) {
        self.gateway = gateway
    }

    public func load() async {
        tasks = (try? await gateway.tasks()) ?? []
        output?.didLoad(tasks.filter { !$0.isDone })
    }

    public func task(id: TodoTask.ID) -> TodoTask? {
        tasks.first { $0.id == id }
    }
}
