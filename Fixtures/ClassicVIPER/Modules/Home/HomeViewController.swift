import UIKit

final class HomeViewController: UITableViewController, HomeViewInput {
    var output: HomeViewOutput?
    private var rows: [HomeViewModel] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        output?.viewDidLoad()
    }

    func show(_ rows: [HomeViewModel]) {
        self.rows = rows
        tableView.reloadData()
    }

    func showError(_ message: String) {
        title = message
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        rows.count
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        output?.didSelectRow(at: indexPath.row)
    }
}
