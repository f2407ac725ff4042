/// `cross-module-reference`: a module names another module's insides.
public struct CrossModuleReferenceRule: Rule, Equatable {
    public static let id = "cross-module-reference"
    public static let summary = "A type of one module names a non-entry type of another module"
    // Besides the file's own facts, only the target's declaration site: a stored finding keeps it, so a
    // change there re-checks the finding's file (`Linter.filesToRecheck`).
    public static let judgesFilesAlone = true
    public static let defaultSeverity = Severity.off
    public static let measured = "off: not measured on a first look"
    public static let rationale = """
        Modules talk through their entry points: another module's builder (Router, \
        Wireframe, Assembly), its contracts (protocols such as `DetailModuleInput`), and the \
        shared layers (Entities and Services by default). Builders may name any module: wiring \
        is their job. Naming another module's \
        Presenter, Interactor or Router couples two screens so that neither can change or be \
        tested alone. Reusing another module's views, cells and view models (UI components) \
        and subclassing its base classes are not reported unless `reportViewReuse` is on: apps \
        share UI components on purpose.
        Fix: depend on the other module's protocol or call its builder; move types both \
        modules need into a shared layer.
        """

    /// Layers shared by every module.
    public var sharedLayers: [Layer] = [.entity, .service]

    /// Also report views and view models of another module (UI components reused across
    /// screens), which real apps share on purpose; off by default.
    public var reportViewReuse = false

    public static let options: [RuleOption<CrossModuleReferenceRule>] = [
        .layers("sharedLayers", \.sharedLayers), .bool("reportViewReuse", \.reportViewReuse),
    ]

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        var reported = context.constructionSites()
        for resolved in context.index.resolvedReferences {
            // Builders wire modules together (an app-wide router, an application view builder).
            guard let from = resolved.fromLayer, !context.ruleSet.isBuilder(from), let fromModule = resolved.fromModule else { continue }
            let target = context.index.symbols[resolved.target]
            guard let toModule = target.module.module, toModule != fromModule, let layer = target.layer.layer,
                  target.kind != .protocol, !sharedLayers.contains(layer), !context.ruleSet.isBuilder(layer),
                  // A subclass of another module's base class belongs to that family of screens.
                  resolved.reference.kind != .conformance,
                  reportViewReuse || (layer != .view && layer != .viewModel),
                  reported.insert(context.siteKey(resolved)).inserted else { continue }
            let declaration = context.declaration(for: resolved.reference, inFile: resolved.file)
            let symbol = declaration?.name
            // A group the code shows no module wiring for is named by its folder, not as a module.
            let owner = context.index.isModule(toModule) ? "'\(toModule)'" : "it"
            let message = "\(context.describe(layer: from, symbol: symbol, module: fromModule)) names \(layer.name) "
                + "'\(target.qualifiedName)' of \(context.place(of: target)); modules may use each other only through builders, "
                + "protocols and shared \(sharedLayers.map(\.name).joined(separator: "/")) types. "
                + "Depend on a protocol of \(owner) or call its builder."
            var violation = context.violation("other-module-type", file: resolved.file, at: resolved.reference.position, module: fromModule,
                                              layer: from, declaration: declaration, message: message)
            context.setTarget(target, of: &violation)
            violations.append(violation)
        }
        return violations
    }

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("A View shows another module's view (reportViewReuse)", files: [
                ("Detail/DetailInteractor.swift", "final class DetailInteractor {}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Detail/DetailPresenter.swift", "final class DetailPresenter {}\n"),
                ("Detail/DetailHeaderView.swift", "struct DetailHeaderView {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeView.swift", "struct HomeView {\n    let header: ↓DetailHeaderView\n}\n"),
            ], configuration: #"{ "version": 1, "rules": { "cross-module-reference": { "severity": "error", "reportViewReuse": true } } }"#),
            RuleExample("A Presenter calls another module's presenter", files: [
                ("Cart/CartInteractor.swift", "final class CartInteractor {}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Cart/CartPresenter.swift", "final class CartPresenter {\n    func add(_ id: Int) {}\n}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {\n    weak var cart: ↓CartPresenter?\n}\n"),
            ]),
            RuleExample("An Interactor creates another module's interactor (module-construction off; where it runs, the site is its)", files: [
                ("Cart/CartInteractor.swift", "final class CartInteractor {\n    func add(_ id: Int) {}\n}\n"),
                ("Cart/CartPresenter.swift", "final class CartPresenter {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeInteractor.swift", """
                    final class HomeInteractor {
                        func addToCart(_ id: Int) {
                            ↓CartInteractor().add(id)
                        }
                    }
                    """),
            ], configuration: #"{ "version": 1, "rules": { "module-construction": "off" } }"#),
        ],
        nonTriggering: [
            RuleExample("Another module's protocol and builder", files: [
                ("Detail/DetailModuleInput.swift", "protocol DetailModuleInput: AnyObject {\n    func configure(id: Int)\n}\n"),
                ("Detail/DetailPresenter.swift", "final class DetailPresenter: DetailModuleInput {\n    func configure(id: Int) {}\n}\n"),
                ("Detail/DetailRouter.swift", "final class DetailRouter {\n    static func createModule() -> DetailModuleInput { DetailPresenter() }\n}\n"),
                ("Home/HomeRouter.swift", """
                    final class HomeRouter {
                        func openDetail(id: Int) {
                            let input: DetailModuleInput = DetailRouter.createModule()
                            input.configure(id: id)
                        }
                    }
                    """),
            ]),
            RuleExample("Shared entities and services", files: [
                ("Entities/Article.swift", "struct Article {}\n"),
                ("Services/ArticleService.swift", "final class ArticleService {}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {\n    let service: ArticleService\n    var cache: [Article] = []\n    init(service: ArticleService) { self.service = service }\n}\n"),
                ("Detail/DetailInteractor.swift", "final class DetailInteractor {\n    var article: Article?\n}\n"),
            ]),
            RuleExample("A cell and a view model reused from another module (UI components)", files: [
                ("Cart/CartInteractor.swift", "final class CartInteractor {}\n"),
                ("Cart/CartPresenter.swift", "final class CartPresenter {}\n"),
                ("Cart/CartViewModel.swift", "struct CartItemViewModel {\n    let count: Int\n}\n"),
                ("Cart/View/CartItemCell.swift", "import UIKit\n\nfinal class CartItemCell: UITableViewCell {}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {\n    func item() -> CartItemViewModel { CartItemViewModel(count: 1) }\n}\n"),
                ("Home/View/HomeViewController.swift", "import UIKit\n\nfinal class HomeViewController: UIViewController {\n    let cell = CartItemCell()\n}\n"),
            ]),
            RuleExample("A presenter subclassing another module's base presenter", files: [
                ("Transfer/TransferInteractor.swift", "final class TransferInteractor {}\n"),
                ("Transfer/TransferPresenter.swift", "class TransferPresenter {}\n"),
                ("CrossChain/CrossChainInteractor.swift", "final class CrossChainInteractor {}\n"),
                ("CrossChain/CrossChainPresenter.swift", "final class CrossChainPresenter: TransferPresenter {}\n"),
            ]),
            RuleExample("Types of the same module", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeHeaderView.swift", "struct HomeHeaderView {}\n"),
                ("Home/HomeView.swift", "struct HomeView {\n    let header: HomeHeaderView\n}\n"),
            ]),
        ]
    )
}
