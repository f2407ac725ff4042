import Foundation

final class ProfilePresenter: ProfilePresenterProtocol {
    private let userID: UUID
    private let navigationService: NavigationService // expect: layer-dependency
    private let interactor: ProfileInteractorProtocol
    private weak var viewState: ProfileViewState?

    init(userID: UUID, navigationService: NavigationService, interactor: ProfileInteractorProtocol, viewState: ProfileViewState) {
        self.userID = userID
        self.navigationService = navigationService
        self.interactor = interactor
        self.viewState = viewState
    }

    func onAppear() {
        viewState?.name = interactor.user(id: userID)?.name ?? ""
    }

    func mutualFriends() -> [User] {
        interactor.user(id: userID).map { [$0] } ?? []
    }

    func didTapLogout() {
        // Planted: the presenter changes the navigation service itself instead of asking a router.
        navigationService.fullScreen = .login // expect: presenter-navigation
    }
}
