import UIKit

// A plain MVC screen in a VIPER app: no presenter, interactor or router beside it, so the
// VIPER layer rules do not apply to it.
final class SettingsViewController: UITableViewController {
    private var lastArticle: Article?
    private var user: User?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
    }
}
