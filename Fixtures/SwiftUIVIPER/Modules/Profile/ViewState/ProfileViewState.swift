import SwiftUI

final class ProfileViewState: ObservableObject {
    // Planted: display state the view could write.
    @Published var name = "" // expect: state-write-access
    var presenter: ProfilePresenterProtocol?

    func onAppear() {
        presenter?.onAppear()
    }
}
