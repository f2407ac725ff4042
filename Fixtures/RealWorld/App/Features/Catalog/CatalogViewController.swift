import UIKit

protocol CatalogViewInput: AnyObject {}

final class CatalogViewController: UIViewController, CatalogViewInput {
    var output: CatalogViewOutput?
}
