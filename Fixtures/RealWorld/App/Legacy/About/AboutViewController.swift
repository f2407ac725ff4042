import UIKit

final class AboutViewController: UIViewController {
    private let dataSource = AboutDataSource()
}
