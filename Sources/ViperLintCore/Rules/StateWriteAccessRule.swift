/// `state-write-access`: display state that views could write.
public struct StateWriteAccessRule: Rule, Equatable {
    public static let id = "state-write-access"
    public static let summary = "A ViewModel/ViewState var has a public setter, so views could write display state"
    public static let defaultSeverity = Severity.warning
    public static let measured = "V2 first look, 5ab45ae: 5 findings, all 5 debatable; no labels"
    public static let rationale = """
        Display state flows one way: the Presenter writes the ViewModel, the View reads it. A \
        settable `var` (including `@Published`) on a view model class lets a view change what \
        the Presenter believes is shown. The same holds for any observable class a View reads \
        (`ObservableObject` or `@Observable`): in SwiftUI VIPER that is often the Presenter. \
        Only what a View reads is display state: working state no View reads (a page counter, \
        a pending task) is the class's own. Properties that a view binds two-way \
        (`$viewState.query` passed to a `TextField`, or a UIKit view's text-field callback \
        assigning it) need a setter and are exempt; so are classes no View names (itself or \
        through a protocol), \
        constants, private properties, value-type view models (a view only changes its copy) \
        and enum view states.
        References to collaborators (`weak var presenter`, an observer container) are not state.
        Fix: declare it `private(set) var` (or `fileprivate(set)` when the Presenter in the \
        same file writes it) and let the View send changes as events.
        """

    /// Layers whose classes hold display state.
    public var layers: [Layer] = [.viewModel]

    public static let options: [RuleOption<StateWriteAccessRule>] = [.layers("layers", \.layers)]

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        let bound = Set(context.index.files.flatMap(\.facts.bindings))
        let hidden: Set<String> = ["private", "fileprivate"]
        var violations: [Violation] = []
        let viewModelSuffixes = context.ruleSet.signals(.viewModel).typeSuffixes
        let readByViews = Set(context.index.resolvedReferences.filter { $0.fromLayer == .view }.map(\.target))
        let membersViewsRead = Self.membersReadByViews(context)
        var candidates: [(symbol: TypeSymbol, layer: Layer, property: PropertyFact)] = []
        for symbol in context.index.symbols where symbol.kind == .class || symbol.kind == .actor {
            // A view model class is checked by its layer, or by its name where it lives in another
            // layer's target (SwuiPWER keeps it in the presenter's file); any other observable
            // class of a screen when a View reads it.
            // A class whose references show it is a Presenter (`ClassificationSignal.role`) is
            // not display state, whatever its name.
            guard let layer = symbol.layer.layer,
                  layers.contains(layer) || (symbol.layer.signal != .role && viewModelSuffixes.contains(where: symbol.name.hasSuffix))
                    || (layer.isModuleBound && readByViews.contains(symbol.id) && Self.isObservable(symbol, context: context)) else { continue }
            // Where views reach the class only through its protocols, only what those declare
            // can a view write (a view holding `HomeViewModelProtocol` cannot set `pageNumber`).
            let protocolsViewsReach = readByViews.contains(symbol.id) ? [] : context.adoptedProtocols(of: symbol).filter { readByViews.contains($0.id) }
            // A class no View names, itself or through a protocol (a section identifier in a
            // view model's file, a view model only its Presenter holds), is no view's to write.
            guard readByViews.contains(symbol.id) || !protocolsViewsReach.isEmpty else { continue }
            for property in context.index.declaration(of: symbol).properties {
                guard protocolsViewsReach.isEmpty || context.protocolsRequiring(property: property.name, of: symbol).contains(where: { required in
                    protocolsViewsReach.contains { $0.id == required.protocol.id || context.adoptedProtocols(of: $0).contains { $0.id == required.protocol.id } }
                }) else { continue }
                // Display state is what a View reads: working state the View never reads (a
                // page counter, a pending task, an injected service) is the class's own.
                guard membersViewsRead.contains(property.name) else { continue }
                guard !property.isLet, !property.isStatic, property.ownership == .strong, !bound.contains(property.name),
                      !hidden.contains(property.access ?? ""), !hidden.contains(property.setterAccess ?? ""),
                      !isDependency(property, of: symbol, context: context),
                      // `private(set)` would not compile: a protocol requires the setter.
                      !Self.requiredByProtocol(property.name, of: symbol, context: context) else { continue }
                candidates.append((symbol, layer, property))
            }
        }
        // Nor where code sets it from another file (an interactor, a subclass, an extension, a
        // key path), and not where a View does: a text field's callback writing
        // `viewModel.amount` is input bound both ways, as a `$state.query` binding is, and
        // `private(set)` would not compile.
        let writes = PropertyWrites(of: Set(candidates.map(\.property.name)), context: context)
        for (symbol, layer, property) in candidates
        where writes.verdict(for: property, of: symbol, context: context).elsewhere == nil {
            let name = "\(symbol.qualifiedName).\(property.name)"
            let published = property.attributes.contains("Published") ? "@Published " : ""
            let message = "\(context.describe(layer: layer, symbol: name, module: symbol.module.module)): "
                + "'\(published)var \(property.name)' can be written by views. Declare it 'private(set) var' "
                + "(or 'fileprivate(set)' for a Presenter in the same file) and send view changes as events."
            violations.append(context.violation("writable-state", file: symbol.file, at: property.position, module: symbol.module.module,
                                                layer: layer, declaration: FindingDeclaration(type: symbol.qualifiedName, member: property.name),
                                                message: message))
        }
        return violations
    }

    /// Member names that code of a View reads from a value (`presenter.items`, `viewModel.$title`,
    /// `\.title`): a property no View reads by name is not display state.
    static func membersReadByViews(_ context: RuleContext) -> Set<String> {
        var names: Set<String> = []
        for (file, indexed) in context.index.files.enumerated() {
            let facts = indexed.facts
            func add(_ chain: some Collection<String>, at location: CodeLocation) {
                guard context.queries.layer(at: location, inFile: file) == .view else { return }
                for member in chain { names.insert(member.hasPrefix("$") ? String(member.dropFirst()) : member) }
            }
            for read in facts.memberReads { add(read.chain.dropFirst(), at: read.location) }
            // A call reads its receiver's members (`presenter.items.forEach`), not its own name.
            for call in facts.calls { add(call.receiver.dropFirst(), at: call.location) }
            for path in facts.keyPaths { add(path.target, at: path.location) }
        }
        return names
    }

    /// Whether a protocol the type adopts declares the property settable: a `{ get set }`
    /// requirement cannot be met with `private(set)`.
    static func requiredByProtocol(_ name: String, of symbol: TypeSymbol, context: RuleContext) -> Bool {
        context.protocolRequirement(named: name, of: symbol) == .settable
    }

    /// `@Observable`, or an `ObservableObject` (SwiftUI re-renders its views from it).
    static func isObservable(_ symbol: TypeSymbol, context: RuleContext) -> Bool {
        let declaration = context.index.declaration(of: symbol)
        return declaration.attributes.contains("Observable") || declaration.inherited.contains("ObservableObject")
    }

    /// A reference to a collaborator (the Presenter the view state forwards to), not state.
    /// Names of helper classes that hold observers or other objects.
    static let holderWords = ["Container", "Registry", "Observers", "Broadcaster", "Multicast", "Delegates"]

    private func isDependency(_ property: PropertyFact, of symbol: TypeSymbol, context: RuleContext) -> Bool {
        property.typeNames.contains { name in
            guard let referenced = context.index.resolve(name, from: symbol.declaration, inFile: symbol.file) else { return false }
            // A helper object of no layer whose name says it holds others (an observer
            // container, a registry) is a collaborator too, not display state.
            guard let layer = referenced.layer.layer else {
                return referenced.kind == .class && Self.holderWords.contains { referenced.name.hasSuffix($0) }
            }
            // A value (a SwiftUI view struct a presenter keeps) is state, whatever its layer.
            return referenced.kind != .struct && referenced.kind != .enum && ![Layer.viewModel, .entity, .contracts].contains(layer)
        }
    }

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("A @Published view state its view reads, that anyone can set", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomeView.swift", "import SwiftUI\n\nstruct HomeView: View {\n    @ObservedObject var state: HomeViewState\n    var body: some View { List(state.items, id: \\.self) { Text($0) } }\n}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewState.swift", """
                    import Combine

                    final class HomeViewState: ObservableObject {
                        @Published var ↓items: [String] = []
                        @Published private(set) var isLoading = false
                    }
                    """),
            ]).fixing("Home/HomeViewState.swift", to: """
                import Combine

                final class HomeViewState: ObservableObject {
                    @Published private(set) var items: [String] = []
                    @Published private(set) var isLoading = false
                }
                """),
            RuleExample("An @Observable view model with settable state", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomeViewController.swift", """
                    import UIKit

                    final class HomeViewController: UIViewController {
                        var viewModel: HomeViewModel?

                        func render() {
                            title = viewModel?.title
                            navigationItem.prompt = viewModel?.subtitle
                        }
                    }
                    """),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewModel.swift", """
                    import Observation

                    @Observable
                    final class HomeViewModel {
                        var ↓title = ""
                        internal var ↓subtitle = ""
                    }
                    """),
            ]).fixing("Home/HomeViewModel.swift", to: """
                import Observation

                @Observable
                final class HomeViewModel {
                    private(set) var title = ""
                    internal private(set) var subtitle = ""
                }
                """),
            RuleExample("A public setter on a view model shared with other modules", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomeViewController.swift", """
                    import UIKit

                    final class HomeViewController: UIViewController {
                        var viewModel: HomeViewModel?

                        func numberOfRows() -> Int { viewModel?.rows.count ?? 0 }
                    }
                    """),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewModel.swift", """
                    public final class HomeViewModel {
                        public var ↓rows: [String] = []
                        public private(set) var footer = ""
                    }
                    """),
            ]).fixing("Home/HomeViewModel.swift", to: """
                public final class HomeViewModel {
                    public private(set) var rows: [String] = []
                    public private(set) var footer = ""
                }
                """),
            RuleExample("An @Observable Presenter a view reads, with settable state", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", """
                    import Observation

                    @Observable
                    final class HomePresenter {
                        var ↓isLoading = false
                        private(set) var items: [String] = []
                        let interactor = HomeInteractor()
                    }
                    """),
                ("Home/HomeView.swift", """
                    import SwiftUI

                    struct HomeView: View {
                        let presenter: HomePresenter
                        var body: some View { Text(presenter.isLoading ? "…" : "\\(presenter.items.count)") }
                    }
                    """),
            ]).fixing("Home/HomePresenter.swift", to: """
                import Observation

                @Observable
                final class HomePresenter {
                    private(set) var isLoading = false
                    private(set) var items: [String] = []
                    let interactor = HomeInteractor()
                }
                """),
            RuleExample("A view model its Presenter fills from the same file: 'fix' makes it fileprivate(set)", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomeViewController.swift", """
                    import UIKit

                    final class HomeViewController: UIViewController {
                        var viewModel: HomeViewModel?

                        func render() { title = viewModel?.title }
                    }
                    """),
                ("Home/HomePresenter.swift", """
                    final class HomeViewModel {
                        var ↓title = ""
                    }

                    final class HomePresenter {
                        let viewModel = HomeViewModel()

                        func present(name: String) {
                            viewModel.title = name
                        }
                    }
                    """),
            ]).fixing("Home/HomePresenter.swift", to: """
                final class HomeViewModel {
                    fileprivate(set) var title = ""
                }

                final class HomePresenter {
                    let viewModel = HomeViewModel()

                    func present(name: String) {
                        viewModel.title = name
                    }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("Working state and an injected service the View never reads", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewModel.swift", """
                    import Combine

                    final class HomeViewModel: ObservableObject {
                        @Published private(set) var title = ""
                        var pageNumber = 0
                        var pendingRequest: Task<Void, Never>?
                    }
                    """),
                ("Home/HomeView.swift", """
                    import SwiftUI

                    struct HomeView: View {
                        @ObservedObject var viewModel: HomeViewModel
                        var body: some View { Text(viewModel.title) }
                    }
                    """),
            ]),
            RuleExample("A section identifier class in a view model's file that no View names", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewModel.swift", """
                    final class HomeViewModel {
                        private(set) var sections: [HomeSection] = []
                    }

                    final class HomeSection {
                        var id = 0
                    }
                    """),
                ("Home/HomeViewController.swift", "import UIKit\n\nfinal class HomeViewController: UIViewController {\n    var viewModel: HomeViewModel?\n}\n"),
            ]),
            RuleExample("A UIKit view writes what the user typed into its view model: input bound both ways, `private(set)` would not compile", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewModel.swift", "final class HomeViewModel {\n    var query = \"\"\n}\n"),
                ("Home/HomeViewController.swift", """
                    import UIKit

                    final class HomeViewController: UIViewController {
                        let viewModel = HomeViewModel()

                        func search(_ text: String) {
                            viewModel.query = text
                        }
                    }
                    """),
            ]),
            RuleExample("A view model its View reaches only through a protocol that does not expose the state", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewModel.swift", """
                    protocol HomeViewModelProtocol: AnyObject {
                        var title: String { get }
                        func didTapReload()
                    }

                    final class HomeViewModel: HomeViewModelProtocol {
                        private(set) var title = ""
                        var pageNumber = 0
                        func didTapReload() { pageNumber = 0 }
                    }
                    """),
                ("Home/HomeViewController.swift", "import UIKit\n\nfinal class HomeViewController: UIViewController {\n    var viewModel: HomeViewModelProtocol?\n}\n"),
            ]),
            RuleExample("A class named a view model that holds its view and router is the screen's Presenter: its state is its own", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomeWireframe.swift", "protocol HomeWireframeProtocol: AnyObject {}\nfinal class HomeWireframe: HomeWireframeProtocol {}\n"),
                ("Home/HomeViewModel.swift", """
                    protocol HomeViewProtocol: AnyObject {}

                    final class HomeViewModel {
                        weak var view: HomeViewProtocol?
                        let wireframe: HomeWireframeProtocol
                        var isLoading = false

                        init(wireframe: HomeWireframeProtocol) {
                            self.wireframe = wireframe
                        }
                    }
                    """),
                ("Home/HomeViewController.swift", """
                    import UIKit

                    final class HomeViewController: UIViewController, HomeViewProtocol {
                        var viewModel: HomeViewModel?
                    }
                    """),
            ]),
            RuleExample("A view model holds the container its observers register with (a collaborator, not display state)", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Common/ObserverContainer.swift", """
                    final class ObserverContainer<Observer> {
                        func add(_ observer: Observer) {}
                    }
                    """),
                ("Home/AmountViewModel.swift", """
                    protocol AmountObserver: AnyObject {}

                    final class AmountViewModel {
                        public var observable: ObserverContainer<AmountObserver>

                        init() {
                            observable = ObserverContainer()
                        }
                    }
                    """),
            ]),
            RuleExample("An observable Presenter no view reads, and one whose settable state is bound two-way", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", """
                    import Combine

                    final class HomePresenter: ObservableObject {
                        @Published var isLoading = false
                    }
                    """),
                ("Search/SearchInteractor.swift", "final class SearchInteractor {}\n"),
                ("Search/SearchPresenter.swift", """
                    import Combine

                    final class SearchPresenter: ObservableObject {
                        @Published var query = ""
                    }
                    """),
                ("Search/SearchView.swift", """
                    import SwiftUI

                    struct SearchView: View {
                        @ObservedObject var presenter: SearchPresenter
                        var body: some View { TextField("Search", text: $presenter.query) }
                    }
                    """),
            ]),
            RuleExample("Observable presenter state an interactor sets, or a protocol requires with a setter", files: [
                ("Chat/ChatInteractor.swift", """
                    final class ChatInteractor {
                        weak var presenter: ChatPresenter?
                        func connect() { presenter?.isAvailable = true }
                    }
                    """),
                ("Chat/ChatPresenter.swift", """
                    import Combine

                    protocol AlertPresenting: AnyObject { var alertTitle: String { get set } }
                    protocol ChatAlertPresenting: AlertPresenting {}

                    final class ChatPresenter: ObservableObject, ChatAlertPresenting {
                        @Published var isAvailable = false
                        @Published var alertTitle = ""
                    }
                    """),
                ("Chat/ChatView.swift", """
                    import SwiftUI

                    struct ChatView: View {
                        @ObservedObject var presenter: ChatPresenter
                        var body: some View { Text(presenter.isAvailable ? presenter.alertTitle : "") }
                    }
                    """),
            ]),
            RuleExample("private(set), fileprivate(set), let and private state; references to collaborators", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeRouter.swift", "protocol HomeRouterInput: AnyObject {}\nfinal class HomeRouter: HomeRouterInput {}\n"),
                ("Home/HomeViewModel.swift", """
                    final class HomeViewModel {
                        weak var presenter: HomePresenter?
                        var router: HomeRouterInput?
                        @Published private(set) var items: [String] = []
                        @Published fileprivate(set) var title = ""
                        let id = 1
                        private var cache: [String] = []
                        static var previewCount = 0
                        var computed: Int { items.count }
                    }
                    """),
            ]),
            RuleExample("A property bound two-way by the view", files: [
                ("Search/SearchPresenter.swift", "final class SearchPresenter {}\n"),
                ("Search/SearchViewState.swift", """
                    import Combine

                    final class SearchViewState: ObservableObject {
                        @Published var query = ""
                    }
                    """),
                ("Search/SearchView.swift", """
                    import SwiftUI

                    struct SearchView: View {
                        @ObservedObject var viewState: SearchViewState

                        var body: some View {
                            TextField("Search", text: $viewState.query)
                        }
                    }
                    """),
            ], configuration: #"{ "version": 1, "rules": { "concrete-dependency": "off" } }"#),
            RuleExample("Value-type and enum view states", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewModel.swift", """
                    struct HomeViewModel {
                        var title: String
                    }

                    enum HomeViewState {
                        case loading
                        case loaded(HomeViewModel)
                    }
                    """),
            ]),
        ]
    )
}
