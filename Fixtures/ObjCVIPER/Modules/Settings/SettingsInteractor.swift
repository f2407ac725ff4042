import Foundation

@objc protocol SettingsInteractorInput: AnyObject {
    func loadSyncSetting()
    func saveSyncSetting(_ enabled: Bool)
}

@objc protocol SettingsInteractorOutput: AnyObject {
    func didLoadSyncSetting(_ enabled: Bool)
}

@objc final class SettingsInteractor: NSObject, SettingsInteractorInput {
    weak var output: SettingsInteractorOutput?

    func loadSyncSetting() {
        output?.didLoadSyncSetting(UserPreferences.current.syncAllowed)
    }

    func saveSyncSetting(_ enabled: Bool) {
        UserPreferences.current.syncAllowed = enabled
    }
}
