import UIKit

// Planted: the module's view controller is named `*Controller` and lives in a
// `Controller/` folder; its UIKit superclass says it is the View, and a View must not
// hold entities.
final class OrdersController: UIViewController, OrdersViewInput {
    var output: OrdersViewOutput?
    private var products: [Product] = [] // expect: layer-dependency

    func show(titles: [String]) {
        title = titles.first
    }
}
