import SwiftUI

final class ProfileViewState: ObservableObject {
    // Written by the Presenter (in its own file): it keeps its setter.
    @Published var name = ""
    // Planted: display state only the view state changes, yet the view could write it.
    @Published var isEditing = false // expect: state-write-access
    var presenter: ProfilePresenterProtocol?

    func onAppear() {
        presenter?.onAppear()
    }

    func toggleEditing() {
        isEditing.toggle()
    }
}
