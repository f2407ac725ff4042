import Foundation

/// A Swift presenter behind an Objective-C view: it adopts the view's Objective-C protocols.
@objc final class SettingsPresenter: NSObject, SettingsViewOutput {
    var view: SettingsViewInput? // expect: weak-back-reference
    var interactor: SettingsInteractorInput?

    func viewIsReady() {
        interactor?.loadSyncSetting()
    }

    func didToggleSync(_ enabled: Bool) {
        interactor?.saveSyncSetting(enabled)
    }
}

extension SettingsPresenter: SettingsInteractorOutput {
    func didLoadSyncSetting(_ enabled: Bool) {
        view?.showSyncEnabled(enabled)
    }
}
