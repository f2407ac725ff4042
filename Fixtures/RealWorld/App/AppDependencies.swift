import UIKit

/// The central builder: knows every module's builder and the shared services.
final class AppDependencies {
    let cartDataManager = CartDataManager(defaults: .standard)
    let priceWorker = PriceWorker()

    func rootModule() -> UIViewController {
        LoginWireframe.createModule(dependencies: self)
    }

    func checkoutBuilder() -> CheckoutModuleBuilding {
        CheckoutBuilder()
    }
}
