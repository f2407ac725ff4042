import UIKit

protocol SearchViewInput: AnyObject {}

final class SearchViewController: UIViewController, SearchViewInput {
    var output: SearchViewOutput?
}
