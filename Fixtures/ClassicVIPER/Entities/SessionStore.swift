// App-wide session state. Its `shared` instance is what routers must not read.
final class SessionStore {
    static let shared = SessionStore()
    private(set) var isGuest = true
}
