import Entity
import Foundation
import Gateway
import Presenter
import SwiftUI
import UseCase
import View

/// Builds the module and answers the view's destination requests: the one place that knows
/// every layer.
public struct TaskListWireframe: TaskListDestinationCreatable {
    let interactor: TaskListInteractorInput

    public static func createModule() -> some View {
        let interactor = TaskListInteractor(gateway: TaskGateway(defaults: .standard))
        let presenter = TaskListPresenter(interactor: interactor)
        interactor.output = presenter
        return TaskListView(viewModel: presenter.viewModel, eventHandler: presenter,
                            destinations: TaskListWireframe(interactor: interactor))
    }

    public func destination(for id: UUID) -> some View {
        TaskDetailWireframe.createModule(task: interactor.task(id: id))
    }
}
