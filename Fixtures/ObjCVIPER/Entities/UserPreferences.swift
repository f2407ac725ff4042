import Foundation

/// The user's preferences: a Swift entity that Objective-C code sees as `UserPreferences`.
@objc final class UserPreferences: NSObject {
    @objc static let current = UserPreferences()
    @objc var syncAllowed = true
}
