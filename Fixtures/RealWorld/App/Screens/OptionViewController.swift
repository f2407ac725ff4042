import UIKit

protocol OptionsViewInput: AnyObject {
    func show(title: String)
}

final class OptionViewController: UIViewController, OptionsViewInput {
    var output: OptionsViewOutput?

    func show(title: String) {
        self.title = title
    }
}
