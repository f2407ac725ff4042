import Entity
import SwiftUI // expect: forbidden-import

public protocol TaskDetailInteractorInput: AnyObject {
    func toggle()
}

public protocol TaskDetailInteractorOutput: AnyObject {
    func didChange(_ task: TodoTask)
}

public final class TaskDetailInteractor: TaskDetailInteractorInput {
    // Planted: the output is held strongly.
    public var output: TaskDetailInteractorOutput? // expect: weak-back-reference
    private var task: TodoTask

    public init(task: TodoTask) {
        self.task = task
    }

    public func toggle() {
        task.isDone.toggle()
        output?.didChange(task)
    }
}
