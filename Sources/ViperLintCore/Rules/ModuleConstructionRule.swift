/// `module-construction`: module parts are built outside the builders.
public struct ModuleConstructionRule: Rule, Equatable {
    public static let id = "module-construction"
    public static let summary = "A View, Presenter, Interactor or Router is created, or a module builder called, outside a Router/Assembly"
    // Besides the file's own facts, only the target's declaration site: a stored finding keeps it, so a
    // change there re-checks the finding's file (`Linter.filesToRecheck`).
    public static let judgesFilesAlone = true
    public static let defaultSeverity = Severity.warning
    public static let measured = "V2 first look, 5ab45ae: 1.00, 19 of 19 findings reviewed; recall 0.57 (7 labels)"
    public static let rationale = """
        Only builders (the Router's `createModule()`, an Assembly, a Wireframe) create a \
        module's View, Presenter, Interactor and Router and wire them. A View that calls \
        `DetailWireframe.createModule()` or a Presenter that creates the next screen's view \
        controller knows the other module's insides and cannot be tested without it.
        Fix: ask for the next screen through a protocol (the Router's, or a destination \
        factory the builder injects) and let the builder construct it. Where this rule \
        reports a site, `layer-dependency`, `concrete-dependency` and `cross-module-reference` \
        do not report it again. Services that build screens (deep links, notifications) \
        route the app, not a module: they are not checked. A View is reported where the code \
        that builds the module also navigates to it (push, present, show, a segue); a container \
        building a child module to embed it (a tab, a page, a child view controller) composes \
        its own screen.
        """

    /// Layers whose types only builders create.
    public var constructedLayers: [Layer] = [.view, .presenter, .interactor, .router]
    /// Static functions of builders that build a module.
    public var builderFunctions = ["createModule", "build", "assemble", "makeModule", "buildModule"]

    /// Whether a View may create its own module's parts (Clean Swift's `setup()` in the view
    /// controller is the canonical VIP wiring).
    public var viewWiresOwnModule = false

    public static let options: [RuleOption<ModuleConstructionRule>] = [
        .layers("constructedLayers", \.constructedLayers),
        .strings("builderFunctions", \.builderFunctions),
        .bool("viewWiresOwnModule", \.viewWiresOwnModule),
    ]

    public init() {}

    /// Whether a reference constructs a module part: creating a constructed layer's type,
    /// calling a builder function on a builder type, or resolving a constructed layer's
    /// concrete type from a dependency container (`container.resolve(HomePresenter.self)`:
    /// a service locator building the module). `calls` are the file's calls.
    func isConstruction(_ reference: TypeReferenceFact, target: TypeSymbol, ruleSet: RuleSet, calls: [CallFact]) -> Bool {
        guard let layer = target.layer.layer, target.kind.isConcrete else { return false }
        // Creating a builder (`DetailAssembly(id:)`) is about to build that module.
        if reference.kind == .instantiation { return constructedLayers.contains(layer) || ruleSet.isBuilder(layer) }
        if reference.kind == .staticAccess, let member = reference.accessedMember {
            if member == "self" { return constructedLayers.contains(layer) && Self.isResolved(reference, calls: calls) }
            return ruleSet.isBuilder(layer) && builderFunctions.contains(member)
        }
        return false
    }

    /// Names of dependency containers' resolving calls (Swinject, Resolver, Dip, Needle's `resolve`).
    static let resolvingCalls: Set<String> = ["resolve", "resolveOptional", "forceResolve"]

    /// Whether `T.self` is handed to a container's resolving call on its line, in its member.
    static func isResolved(_ reference: TypeReferenceFact, calls: [CallFact]) -> Bool {
        calls.contains { call in
            resolvingCalls.contains(call.name) && call.location.position.line == reference.position.line
                && call.location.context == reference.context && call.location.member == reference.member
        }
    }

    /// Layers whose code is no module's: services and contracts that build screens (deep-link
    /// handlers, notification routers) route the app, and entities hold data.
    static let appLayers: Set<Layer> = [.service, .contracts, .entity]

    /// Call names that move to another screen (`push(module:)`, `present(_:animated:)`,
    /// `show(_:sender:)`, `performSegue`, `setViewControllers`, SwiftUI's `NavigationLink`,
    /// `navigationDestination`, `sheet`, `fullScreenCover`).
    private static let navigationPrefixes = ["push", "present", "show", "performSegue", "setViewControllers",
                                             "NavigationLink", "navigationDestination", "sheet", "fullScreenCover"]

    /// Whether the member that builds another module also navigates to it: a View building the
    /// next screen. Building a child module to embed it (a tab, a page, a block added as a child
    /// view controller) is composition, and a parent screen's to do.
    static func navigates(in reference: TypeReferenceFact, file: Int, context: RuleContext) -> Bool {
        navigation(in: reference, file: file, context: context) != nil
    }

    /// The first call of the member that moves to another screen, if any.
    static func navigation(in reference: TypeReferenceFact, file: Int, context: RuleContext) -> CallFact? {
        context.index.files[file].facts.calls.first { call in
            call.location.context == reference.context && call.location.member == reference.member
                && navigationPrefixes.contains { call.name.hasPrefix($0) }
        }
    }

    /// UIKit's view controller classes: a project class that inherits one is a screen.
    static let screenBaseClasses: Set<String> = ["UIViewController", "UITableViewController", "UICollectionViewController",
                                                 "UIPageViewController", "UITabBarController", "UISplitViewController"]

    /// A screen of no VIPER module (a plain view controller, an MVC screen) that a VIPER View
    /// creates and shows itself: navigation is the Router's, whatever the next screen is made of.
    /// A generic one (`PickerViewController<Wallet>(items:didSelect:)`) is a reusable control
    /// the View configures and shows, as it would an alert, not another screen.
    static func isPlainScreenShownByView(_ resolved: ResolvedReference, context: RuleContext) -> Bool {
        let target = context.index.symbols[resolved.target]
        guard resolved.fromLayer == .view, resolved.reference.kind == .instantiation, target.kind == .class, target.layer.layer == nil,
              !context.index.declaration(of: target).isGeneric,
              target.module.module != resolved.fromModule || target.module.module == nil,
              navigates(in: resolved.reference, file: resolved.file, context: context) else { return false }
        var current = target
        var seen: Set<Int> = []
        while seen.insert(current.id).inserted, let base = context.index.declaration(of: current).inherited.first {
            let name = String(base.split(separator: ".").last ?? "")
            if screenBaseClasses.contains(name) { return true }
            guard let next = context.index.resolve(base, from: nil, inFile: current.file), next.kind == .class else { return false }
            current = next
        }
        return false
    }

    /// Whether this rule reports the reference: a module part built outside the builders.
    func reports(_ resolved: ResolvedReference, context: RuleContext) -> Bool {
        guard let from = resolved.fromLayer, !context.ruleSet.isBuilder(from), !Self.appLayers.contains(from) else { return false }
        if Self.isPlainScreenShownByView(resolved, context: context) { return true }
        let target = context.index.symbols[resolved.target]
        guard isConstruction(resolved.reference, target: target, ruleSet: context.ruleSet,
                             calls: context.index.files[resolved.file].facts.calls), let layer = target.layer.layer else { return false }
        // A layer building its own kind (a presenter its tab sub-presenters, a view its
        // subviews) composes a screen; a SwiftUI view is a value a screen is made of.
        return layer != from && !(layer == .view && target.kind == .struct)
            // A screen creating its own module's builder (a Generamba initializer, a VIP
            // configurator) wires itself; another module's builder is the finding.
            && !(context.ruleSet.isBuilder(layer) && target.module.module == resolved.fromModule)
            && !(viewWiresOwnModule && from == .view && target.module.module == resolved.fromModule)
            && !(from == .view && target.module.module != resolved.fromModule
                 && !Self.navigates(in: resolved.reference, file: resolved.file, context: context))
    }

    public func check(_ context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        // A finding lies at its reference: a scoped run looks at the scope's files only.
        for resolved in context.resolvedReferencesInScope where reports(resolved, context: context) {
            let target = context.index.symbols[resolved.target]
            guard let from = resolved.fromLayer else { continue }
            let declaration = context.declaration(for: resolved.reference, inFile: resolved.file)
            let symbol = declaration?.name
            let what = target.layer.layer.map { "the \($0.name)" } ?? "the screen"
            let action = resolved.reference.kind == .instantiation
                ? "creates \(what) '\(target.qualifiedName)'"
                : resolved.reference.accessedMember == "self"
                    ? "resolves \(what) '\(target.qualifiedName)' from a dependency container"
                    : "calls the builder '\(target.qualifiedName).\(resolved.reference.accessedMember ?? "")'"
            let builders = context.ruleSet.builders.map(\.name).joined(separator: " or ")
            let fix = target.module.module == resolved.fromModule
                ? "Move this wiring into the module's builder, which hands the \(from.name) what it needs."
                : "Ask for the next screen through a protocol (the Router's, or a destination factory the builder injects)."
            let message = "\(context.describe(layer: from, symbol: symbol, module: resolved.fromModule)) \(action); "
                + "only builders (\(builders)) construct modules. \(fix)"
            var violation = context.violation("constructs-module", file: resolved.file, at: resolved.reference.position, module: resolved.fromModule,
                                              layer: from, declaration: declaration, message: message)
            // Where the built module is shown: the other half of the problem.
            if let shown = Self.navigation(in: resolved.reference, file: resolved.file, context: context),
               shown.location.position.line != resolved.reference.position.line {
                violation.related.append(RelatedLocation(file: context.index.files[resolved.file].path, position: shown.location.position,
                                                         message: "'\(shown.text)' shows the module it built"))
            }
            context.setTarget(target, of: &violation)
            violations.append(violation)
        }
        return violations
    }

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("A VIPER View creates a plain view controller of no module and pushes it itself", files: [
                ("Orders/OrdersInteractor.swift", "final class OrdersInteractor {}\n"),
                ("Orders/OrdersPresenter.swift", "final class OrdersPresenter {}\n"),
                ("Orders/OrdersRouter.swift", "final class OrdersRouter {}\n"),
                ("PlaceOrder/PlaceOrderViewController.swift", "import UIKit\n\nfinal class PlaceOrderViewController: UIViewController {}\n"),
                ("Orders/OrdersViewController.swift", """
                    import UIKit

                    final class OrdersViewController: UIViewController {
                        var presenter: OrdersPresenter?

                        func didTapPlaceOrder() {
                            navigationController?.pushViewController(↓PlaceOrderViewController(), animated: true)
                        }
                    }
                    """),
            ], configuration: #"{ "version": 1, "rules": { "concrete-dependency": "off" } }"#),
            RuleExample("A View builds the next module itself", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Detail/DetailWireframe.swift", "enum DetailWireframe {\n    static func createModule() -> DetailView { DetailView() }\n}\n"),
                ("Detail/DetailView.swift", "struct DetailView {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeView.swift", """
                    import SwiftUI

                    struct HomeView: View {
                        var body: some View {
                            NavigationLink("Detail") { ↓DetailWireframe.createModule() }
                        }
                    }
                    """),
            ]),
            RuleExample("A Presenter creates a view controller and an interactor", files: [
                ("Detail/DetailViewController.swift", "final class DetailViewController {}\n"),
                ("Detail/DetailInteractor.swift", "final class DetailInteractor {}\n"),
                ("Detail/DetailPresenter.swift", "final class DetailPresenter {}\n"),
                ("Home/HomePresenter.swift", """
                    final class HomePresenter {
                        func didSelect() {
                            let next = ↓DetailViewController()
                            let interactor = ↓DetailInteractor()
                            _ = (next, interactor)
                        }
                    }
                    """),
            ]),
            RuleExample("A View creates its own Presenter", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewController.swift", """
                    final class HomeViewController {
                        let presenter = ↓HomePresenter()
                    }
                    """),
            ]),
            RuleExample("A view controller's static factory resolves its own Presenter from a dependency container", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewController.swift", """
                    import UIKit

                    final class HomeViewController: UIViewController {
                        var output: HomePresenter?

                        static func instantiate() -> HomeViewController {
                            let viewController = HomeViewController()
                            viewController.output = container.resolve(↓HomePresenter.self, argument: viewController)
                            return viewController
                        }
                    }
                    """),
            ]),
        ],
        nonTriggering: [
            RuleExample("A VIPER View shows a generic picker control, handing its choice to the Presenter", files: [
                ("Orders/OrdersInteractor.swift", "final class OrdersInteractor {}\n"),
                ("Orders/OrdersPresenter.swift", "final class OrdersPresenter {\n    func didPick(_ item: String) {}\n}\n"),
                ("Orders/OrdersRouter.swift", "final class OrdersRouter {}\n"),
                ("Common/PickerViewController.swift", """
                    import UIKit

                    final class PickerViewController<Item>: UIViewController {
                        init(items: [Item], didSelect: @escaping (Item) -> Void) { super.init(nibName: nil, bundle: nil) }
                        required init?(coder: NSCoder) { nil }
                    }
                    """),
                ("Orders/OrdersViewController.swift", """
                    import UIKit

                    final class OrdersViewController: UIViewController {
                        var presenter: OrdersPresenter?

                        func showPicker(items: [String]) {
                            let picker = PickerViewController(items: items) { [weak self] in self?.presenter?.didPick($0) }
                            present(picker, animated: true)
                        }
                    }
                    """),
            ], configuration: #"{ "version": 1, "rules": { "concrete-dependency": "off" } }"#),
            RuleExample("A presenter composes its screen: tab sub-presenters and SwiftUI subviews", files: [
                ("Earnings/EarningsInteractor.swift", "final class EarningsInteractor {}\n"),
                ("Earnings/WeekEarningsPresenter.swift", "final class WeekEarningsPresenter {}\n"),
                ("Earnings/Views/EarningsRow.swift", "import SwiftUI\n\nstruct EarningsRow: View {\n    let title: String\n    var body: some View { Text(title) }\n}\n"),
                ("Earnings/EarningsPresenter.swift", """
                    final class EarningsPresenter {
                        let week = WeekEarningsPresenter()

                        func rows() -> [EarningsRow] {
                            [EarningsRow(title: "Week")]
                        }
                    }
                    """),
            ]),
            RuleExample("The Router builds its module and the next one", files: [
                ("Detail/DetailRouter.swift", "final class DetailRouter {\n    static func createModule() -> DetailViewController { DetailViewController() }\n}\n"),
                ("Detail/DetailViewController.swift", "final class DetailViewController {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeRouter.swift", """
                    final class HomeRouter {
                        static func createModule() -> HomePresenter {
                            HomePresenter()
                        }

                        func openDetail() -> DetailViewController {
                            DetailRouter.createModule()
                        }
                    }
                    """),
            ]),
            RuleExample("An Assembly wires the module", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomeAssembly.swift", """
                    enum HomeAssembly {
                        static func assemble() -> HomePresenter {
                            _ = HomeInteractor()
                            return HomePresenter()
                        }
                    }
                    """),
            ]),
            RuleExample("A Presenter creates view models and entities, and asks its router for the next screen", files: [
                ("Entities/Article.swift", "struct Article {\n    let id: Int\n}\n"),
                ("Home/HomeViewModel.swift", "struct HomeViewModel {\n    let title: String\n}\n"),
                ("Home/HomePresenter.swift", """
                    final class HomePresenter {
                        var router: HomeRouterInput?

                        func didLoad() -> HomeViewModel {
                            router?.openDetail(Article(id: 1))
                            return HomeViewModel(title: "Home")
                        }
                    }
                    """),
            ]),
            RuleExample("A builder resolves the module's parts from a container, and a View resolves a service by its protocol", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeAssembly.swift", """
                    enum HomeAssembly {
                        static func assemble() -> HomePresenter? {
                            _ = container.resolve(HomeInteractor.self)
                            return container.resolve(HomePresenter.self)
                        }
                    }
                    """),
                ("Home/HomeViewController.swift", """
                    import UIKit

                    protocol ImageLoading {}

                    final class HomeViewController: UIViewController {
                        let images = container.resolve(ImageLoading.self)
                    }
                    """),
            ]),
        ]
    )
}
