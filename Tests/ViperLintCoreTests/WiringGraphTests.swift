import Foundation
import Testing
@testable import ViperLintCore

/// Issue 54, first step: the wiring graph reads what builders create and connect, with the
/// strength of the property that holds each connection.
struct WiringGraphTests {
    static let module: [(path: String, source: String)] = [
        ("Home/HomeContracts.swift", """
        protocol HomeViewInput: AnyObject {}
        protocol HomeInteractorOutput: AnyObject {}
        protocol HomeRouting: AnyObject {}
        """),
        ("Home/HomeViewController.swift", """
        import UIKit
        class BaseViewController: UIViewController { var output: HomePresenter? }
        final class HomeViewController: BaseViewController, HomeViewInput {}
        """),
        ("Home/HomePresenter.swift", """
        final class HomePresenter: HomeInteractorOutput {
            weak var view: HomeViewInput?
            let interactor: HomeInteractor
            let router: HomeRouting
            init(view: HomeViewInput?, interactor: HomeInteractor, router: HomeRouting) {
                self.view = view
                self.interactor = interactor
                self.router = router
            }
            func didLoad(_ items: [String]) { let copy = HomeInteractor(); copy.output = nil }
        }
        """),
        ("Home/HomeInteractor.swift", "final class HomeInteractor { weak var output: HomeInteractorOutput? }\n"),
        ("Home/HomeRouter.swift", "final class HomeRouter: HomeRouting { unowned var viewController: HomeViewController! }\n"),
        ("Home/HomeAssembly.swift", """
        import UIKit
        enum HomeAssembly {
            static func build(storyboard: UIStoryboard) -> UIViewController {
                let view = storyboard.instantiateViewController(withIdentifier: "Home") as! HomeViewController
                let interactor = HomeInteractor()
                let router = HomeRouter()
                let presenter = HomePresenter(view: view, interactor: interactor, router: router)
                view.output = presenter
                interactor.output = presenter
                router.viewController = view
                return view
            }
        }
        """),
    ]

    @Test func aBuilderIsReadWithItsObjectsAndTheStrengthOfEachConnection() throws {
        let graph = WiringGraph(try TestProject.index(Self.module))
        let builder = try #require(graph.builders.first { $0.name == "HomeAssembly.build" })
        #expect(builder.creates == ["HomeViewController", "HomeInteractor", "HomeRouter", "HomePresenter"])
        let edges = Set(builder.edges.map { "\($0.holder).\($0.property) -> \($0.value) \($0.strength?.rawValue ?? "?")" })
        #expect(edges == [
            "HomePresenter.view -> HomeViewController weak",
            "HomePresenter.interactor -> HomeInteractor strong",
            "HomePresenter.router -> HomeRouter strong",
            // Declared on the class it inherits from.
            "HomeViewController.output -> HomePresenter strong",
            "HomeInteractor.output -> HomePresenter weak",
            "HomeRouter.viewController -> HomeViewController unowned",
        ])
        // Positions come from the edges: the presenter holds the view and is the interactor's output.
        #expect(builder.positions.map { "\($0.position.rawValue) \($0.type)" }
                == ["view HomeViewController", "presenter HomePresenter", "interactor HomeInteractor", "router HomeRouter"])
        // A method that creates an object and sets nothing of another project object wires nothing;
        // an initializer storing its arguments creates nothing.
        #expect(graph.builders.map(\.name) == ["HomeAssembly.build"])
    }

    /// Clean Swift's `setup()` wires `self`; a container's `register` closures resolve types.
    @Test func selfAndContainerResolutionsAreNodesToo() throws {
        let files: [(path: String, source: String)] = [
            ("Orders/OrdersViewController.swift", """
            import UIKit
            final class OrdersViewController: UIViewController {
                var interactor: OrdersInteractor?
                func setup() {
                    let viewController = self
                    let interactor = OrdersInteractor()
                    let presenter = OrdersPresenter()
                    viewController.interactor = interactor
                    interactor.presenter = presenter
                    presenter.viewController = viewController
                }
            }
            final class OrdersInteractor { var presenter: OrdersPresenter? }
            final class OrdersPresenter { weak var viewController: OrdersViewController? }
            """),
            ("App/Container.swift", """
            protocol Resolver { func resolve<T>(_ type: T.Type) -> T? }
            protocol OrdersService: AnyObject {}
            final class Container {
                func register(_ resolver: Resolver) {
                    _ = OrdersInteractor2(service: resolver.resolve(OrdersService.self)!)
                }
            }
            final class OrdersInteractor2 { let service: OrdersService; init(service: OrdersService) { self.service = service } }
            """),
        ]
        let graph = WiringGraph(try TestProject.index(files))
        let setup = try #require(graph.builders.first { $0.name == "OrdersViewController.setup" })
        // `let viewController = self` is another name for the view controller.
        #expect(Set(setup.edges.map { "\($0.holder).\($0.property) -> \($0.value)" }) == [
            "OrdersViewController.interactor -> OrdersInteractor", "OrdersInteractor.presenter -> OrdersPresenter",
            "OrdersPresenter.viewController -> OrdersViewController",
        ])
        let container = try #require(graph.builders.first { $0.name == "Container.register" })
        #expect(container.edges.map { "\($0.holder).\($0.property) -> \($0.value) \($0.strength?.rawValue ?? "?")" }
                == ["OrdersInteractor2.service -> OrdersService strong"])
    }

    /// A view controller wiring its own helpers is no module: a UIKit view whose delegate it is
    /// and an object that only points back at it get no position; one the view holds does.
    @Test func helpersOfAViewControllerHoldNoPosition() throws {
        let files: [(path: String, source: String)] = [
            ("Love/LoveViewController.swift", """
            import UIKit
            protocol ErrorViewDelegate: AnyObject {}
            protocol PagerDelegate: AnyObject {}
            final class ErrorView: UIView { weak var delegate: ErrorViewDelegate? }
            final class Pager { weak var delegate: PagerDelegate? }
            final class LoveViewController: UIViewController, ErrorViewDelegate, PagerDelegate {
                func showError() {
                    let errorView = ErrorView()
                    errorView.delegate = self
                }
                func makePager() {
                    let pager = Pager()
                    pager.delegate = self
                }
            }
            """),
            ("Home/HomeView.swift", """
            import SwiftUI
            final class HomePresenter: ObservableObject {}
            struct HomeView: View {
                @ObservedObject var presenter: HomePresenter
                var body: some View { Text("Home") }
            }
            enum HomeBuilder {
                static func make() -> HomeView { HomeView(presenter: HomePresenter()) }
            }
            """),
        ]
        let graph = WiringGraph(try TestProject.index(files))
        for name in ["LoveViewController.showError", "LoveViewController.makePager"] {
            let builder = try #require(graph.builders.first { $0.name == name }, "\(graph.builders.map(\.name))")
            #expect(builder.positions.isEmpty, "\(name): \(builder.positions)")
        }
        let home = try #require(graph.builders.first { $0.name == "HomeBuilder.make" })
        #expect(home.positions.map { "\($0.position.rawValue) \($0.type)" } == ["view HomeView", "presenter HomePresenter"])
    }

    /// `classify --wiring` prints each builder and its connections; the fixtures' builders are read.
    @Test func classifyPrintsTheWiringOfTheFixtures() throws {
        let run = try CLI.run(["classify", Paths.fixture("ClassicVIPER").path, "--wiring", "--no-cache"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Modules/Home/HomeRouter.swift:6: HomeRouter.createModule creates HomeViewController, HomePresenter, HomeInteractor, ArticleService, HomeRouter\n"))
        #expect(run.stdout.contains("  line 15: HomeInteractor.output -> HomePresenter (weak)\n"))
        // The fixture's planted cycle: ArticleDetail's Interactor holds its Presenter strongly.
        #expect(run.stdout.contains("  line 11: ArticleDetailInteractor.presenter -> ArticleDetailPresenter (strong)\n"))
        #expect(run.stdout.contains("  positions: view HomeViewController, presenter HomePresenter, interactor HomeInteractor, router HomeRouter\n"))
        // Plain `classify` says, under each type, the position the wiring gives it.
        let types = try CLI.run(["classify", Paths.fixture("ClassicVIPER").path, "--no-cache"])
        #expect(types.stdout.contains("  class HomePresenter: layer Presenter"))
        #expect(types.stdout.contains("    wired as presenter by HomeRouter.createModule (Modules/Home/HomeRouter.swift:6)\n"))
        #expect(!types.stdout.contains("wired as presenter by HomeRouter.createModule (Modules/Home/HomeRouter.swift:6)\n    wired"))
        // Clean Swift's VIP cycle: the view holds the interactor and the router, the interactor the presenter.
        let clean = try CLI.run(["classify", Paths.fixture("CleanSwift").path, "--wiring", "--no-cache"])
        #expect(clean.stdout.contains("ListOrdersPresenter.viewController -> ListOrdersViewController (weak)"))
        #expect(clean.stdout.contains("  positions: view ListOrdersViewController, presenter ListOrdersPresenter, "
                                      + "interactor ListOrdersInteractor, router ListOrdersRouter\n"))
        // The SwiftUI template: nobody holds the view; its view state stands between it and the presenter.
        let swiftUI = try CLI.run(["classify", Paths.fixture("SwiftUIVIPER").path, "--wiring", "--no-cache"])
        #expect(swiftUI.stdout.contains("  positions: view FeedView, view state FeedViewState, presenter FeedPresenter, "
                                        + "interactor FeedInteractor, router FeedRouter\n"), "\(swiftUI.stdout)")
    }

    /// `classify --format json` gives each type's places in the wiring; text says of a role no
    /// builder wires that its name and place decided it.
    @Test func classifyJSONGivesEachTypesWiringAndTextNamesUnwiredRoles() throws {
        let run = try CLI.run(["classify", Paths.fixture("ClassicVIPER").path, "--format", "json", "--no-cache"])
        #expect(run.status == 0)
        let json = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let types = (json["files"] as? [[String: Any]] ?? []).flatMap { $0["types"] as? [[String: Any]] ?? [] }
        let presenter = try #require(types.first { $0["name"] as? String == "HomePresenter" })
        let wiring = try #require(presenter["wiring"] as? [[String: Any]])
        #expect(wiring.count == 1)
        #expect(wiring.first?["position"] as? String == "presenter")
        #expect(wiring.first?["builder"] as? String == "HomeRouter.createModule")
        #expect(wiring.first?["file"] as? String == "Modules/Home/HomeRouter.swift")
        #expect(wiring.first?["line"] as? Int == 6)
        #expect(types.allSatisfy { $0["wiring"] is [Any] })
        let text = ClassificationReport.text(try TestProject.index([
            ("Home/HomePresenter.swift", "final class HomePresenter {\n    var interactor: HomeInteractor?\n}\n"),
            ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
        ]))
        #expect(text.contains("  class HomePresenter: layer Presenter"))
        #expect(text.contains("  class HomePresenter: layer Presenter (type-name suffix: type name ends with 'Presenter'); module Home (module folder: in module folder 'Home')\n"
                              + "    not wired into a module by any builder in the code: its role is what its name and place say\n"), "\(text)")
    }

    /// A retain cycle a builder closes names that builder and the line of the connection.
    @Test func aCycleNamesTheBuilderThatConnectsIt() throws {
        let result = try TestProject.lint([
            ("Home/HomePresenter.swift", "final class HomePresenter {\n    var interactor: HomeInteractor?\n}\n"),
            ("Home/HomeInteractor.swift", "final class HomeInteractor {\n    var presenter: HomePresenter?\n}\n"),
            ("Home/HomeViewController.swift", "import UIKit\n\nfinal class HomeViewController: UIViewController {\n    var presenter: HomePresenter?\n}\n"),
            ("Home/HomeAssembly.swift", """
                import UIKit

                enum HomeAssembly {
                    static func build() -> UIViewController {
                        let view = HomeViewController()
                        let presenter = HomePresenter()
                        let interactor = HomeInteractor()
                        view.presenter = presenter
                        presenter.interactor = interactor
                        interactor.presenter = presenter
                        return view
                    }
                }
                """),
        ])
        let cycle = try #require(result.violations.first { $0.rule == WeakBackReferenceRule.id })
        #expect(cycle.file == "Home/HomeInteractor.swift")
        #expect(cycle.message.contains("a retain cycle (connected by HomeAssembly.build at Home/HomeAssembly.swift:10)."), "\(cycle.message)")
    }
}
