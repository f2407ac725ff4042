import UIKit

protocol LoginWireframeInput: AnyObject {
    func openCart()
}

final class LoginWireframe: LoginWireframeInput {
    weak var viewController: UIViewController?
    private let dependencies: AppDependencies

    init(dependencies: AppDependencies) {
        self.dependencies = dependencies
    }

    static func createModule(dependencies: AppDependencies) -> UIViewController {
        let view = LoginViewFactory.make()
        let presenter = LoginPresenter()
        let interactor = LoginInteractor()
        let wireframe = LoginWireframe(dependencies: dependencies)
        view.output = presenter
        presenter.view = view
        presenter.interactor = interactor
        presenter.wireframe = wireframe
        interactor.output = presenter
        wireframe.viewController = view
        return view
    }

    func openCart() {
        viewController?.navigationController?.pushViewController(CartModuleBuilder.build(dependencies: dependencies), animated: true)
    }
}
