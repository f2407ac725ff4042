protocol ProfileInteractorInput: AnyObject {
    var displayName: String { get }
}

final class ProfileInteractor: ProfileInteractorInput {
    let displayName = "Guest"
}
