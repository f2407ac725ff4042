import SwiftUI // expect: forbidden-import

// Planted: a use case left in the View target. Its name says Interactor, and an
// Interactor may not know SwiftUI, whatever target it sits in.
public final class TaskSyncInteractor {
    public private(set) var tint = Color.accentColor

    public init() {}

    public func markSynced() {
        tint = .green
    }
}
