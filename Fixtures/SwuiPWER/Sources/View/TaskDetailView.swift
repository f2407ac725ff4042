import Entity // expect: layer-dependency
import SwiftUI

public protocol TaskDetailViewModelProtocol: ObservableObject {
    var title: String { get }
    var isDone: Bool { get }
}

public protocol TaskDetailEventHandling: AnyObject {
    func didTapToggle()
}

public struct TaskDetailView<ViewModel: TaskDetailViewModelProtocol, EventHandler: TaskDetailEventHandling>: View {
    @ObservedObject var viewModel: ViewModel
    let eventHandler: EventHandler
    // Planted: the view keeps the entity it was opened with.
    let task: TodoTask? // expect: layer-dependency

    public var body: some View {
        Toggle(viewModel.title, isOn: .constant(viewModel.isDone))
            .onTapGesture { eventHandler.didTapToggle() }
    }
}
