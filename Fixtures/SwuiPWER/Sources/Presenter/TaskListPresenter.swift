import Combine
import Entity
import UseCase
import View

public final class TaskListViewModel: TaskListViewModelProtocol {
    @Published public fileprivate(set) var rows: [TaskRow] = []
}

public final class TaskListPresenter: TaskListEventHandling, TaskListInteractorOutput {
    public let viewModel = TaskListViewModel()
    private let interactor: TaskListInteractorInput

    public init(interactor: TaskListInteractorInput) {
        self.interactor = interactor
    }

    public func onAppear() {
        Task { await interactor.load() }
    }

    public func didLoad(_ tasks: [TodoTask]) {
        viewModel.rows = tasks.map { TaskRow(id: $0.id, title: $0.title) }
    }
}
