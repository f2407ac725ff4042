import Combine

// Planted: display state that views could write.
final class ProfileViewState: ObservableObject {
    @Published var name = "" // expect: state-write-access
    @Published private(set) var isLoading = false
}
