import Combine
import Entity
import UseCase
import View

public final class TaskDetailViewModel: TaskDetailViewModelProtocol {
    // Planted: the view model's state is writable from the view.
    @Published public var title = "" // expect: state-write-access
    @Published public fileprivate(set) var isDone = false
}

public final class TaskDetailPresenter: TaskDetailEventHandling, TaskDetailInteractorOutput {
    public let viewModel = TaskDetailViewModel()
    private let interactor: TaskDetailInteractorInput

    public init(interactor: TaskDetailInteractorInput) {
        self.interactor = interactor
    }

    public func didTapToggle() {
        interactor.toggle()
    }

    public func didChange(_ task: TodoTask) {
        viewModel.title = task.title
        viewModel.isDone = task.isDone
    }
}
