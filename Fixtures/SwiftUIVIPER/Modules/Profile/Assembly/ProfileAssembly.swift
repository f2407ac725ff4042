import SwiftUI

final class ProfileAssembly {
    private let container: Container

    init(container: Container) {
        self.container = container
    }

    func build(userID: UUID) -> some View {
        let viewState = ProfileViewState()
        let presenter = ProfilePresenter(userID: userID, navigationService: container.navigation,
                                         interactor: ProfileInteractor(), viewState: viewState)
        viewState.presenter = presenter
        return ProfileView(viewState: viewState, navigation: container.navigation)
    }
}
