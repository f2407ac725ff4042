import UIKit

final class CatalogViewController: UIViewController {
    var presenter: CatalogPresenter? // expect: concrete-dependency
}
