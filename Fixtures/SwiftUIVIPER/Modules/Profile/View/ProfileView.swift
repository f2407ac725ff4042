import SwiftUI

struct ProfileView: View {
    @StateObject var viewState: ProfileViewState
    // Planted: the view reaches the navigation service, skipping view state, presenter and router.
    let navigation: NavigationService // expect: layer-dependency

    var body: some View {
        VStack {
            Text(viewState.name)
                .bold(viewState.isEditing)
            // Planted: entities reach the view through its presenter's result, never named here.
            ForEach(viewState.presenter?.mutualFriends() ?? []) { friend in // expect: layer-dependency
                Text(friend.name)
            }
            Button("Log out") { navigation.fullScreen = .login }
        }
        .onAppear { viewState.onAppear() }
    }
}
