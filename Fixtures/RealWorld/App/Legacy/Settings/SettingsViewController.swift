import UIKit

/// Plain MVC: it reads defaults, holds entities and builds its own children. Not a VIPER
/// module, so no layer finding and no "incomplete module".
final class SettingsViewController: UITableViewController {
    private var lastProduct: Product?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = UserDefaults.standard.string(forKey: "settingsTitle")
        navigationController?.pushViewController(AboutViewController(), animated: false)
    }
}
