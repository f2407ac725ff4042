import Entity
import Presenter
import SwiftUI
import UseCase
import View

public enum TaskDetailWireframe {
    public static func createModule(task: TodoTask?) -> some View {
        let interactor = TaskDetailInteractor(task: task ?? TodoTask(id: UUID(), title: "", isDone: false))
        let presenter = TaskDetailPresenter(interactor: interactor)
        interactor.output = presenter
        TaskSyncInteractor().markSynced()
        return TaskDetailView(viewModel: presenter.viewModel, eventHandler: presenter, task: task)
    }
}
