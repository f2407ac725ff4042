import Foundation
import SwiftUI

public protocol TaskListViewModelProtocol: ObservableObject {
    var rows: [TaskRow] { get }
}

public protocol TaskListEventHandling: AnyObject {
    func onAppear()
}

public protocol TaskListDestinationCreatable {
    associatedtype Destination: View
    func destination(for id: UUID) -> Destination
}

public struct TaskRow: Identifiable, Hashable {
    public let id: UUID
    public let title: String

    public init(id: UUID, title: String) {
        self.id = id
        self.title = title
    }
}

/// Generic over its view model, its event handler and its destinations: it never names a
/// presenter, an interactor, a wireframe or an entity.
public struct TaskListView<ViewModel: TaskListViewModelProtocol, EventHandler: TaskListEventHandling,
                           Destinations: TaskListDestinationCreatable>: View {
    @ObservedObject var viewModel: ViewModel
    let eventHandler: EventHandler
    let destinations: Destinations

    public init(viewModel: ViewModel, eventHandler: EventHandler, destinations: Destinations) {
        self.viewModel = viewModel
        self.eventHandler = eventHandler
        self.destinations = destinations
    }

    public var body: some View {
        NavigationStack {
            List(viewModel.rows) { row in
                NavigationLink(row.title, value: row.id)
            }
            .navigationDestination(for: UUID.self) { id in destinations.destination(for: id) }
        }
        .onAppear { eventHandler.onAppear() }
    }
}
