/// `state-write-access`: display state that views could write.
public struct StateWriteAccessRule: Rule, Equatable {
    public static let id = "state-write-access"
    public static let summary = "A ViewModel/ViewState var has a public setter, so views could write display state"
    public static let defaultSeverity = Severity.warning
    public static let rationale = """
        Display state flows one way: the Presenter writes the ViewModel, the View reads it. A \
        settable `var` (including `@Published`) on a view model class lets a view change what \
        the Presenter believes is shown. Properties that a view binds two-way \
        (`$viewState.query` passed to a `TextField`) need a setter and are exempt; so are \
        constants, private properties, value-type view models (a view only changes its copy) \
        and enum view states.
        References to collaborators (`weak var presenter`) are not state.
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
        for symbol in context.index.symbols where symbol.kind == .class || symbol.kind == .actor {
            // A view model class is checked by its layer, or by its name where it lives in another
            // layer's target (SwuiPWER keeps it in the presenter's file).
            guard let layer = symbol.layer.layer,
                  layers.contains(layer) || viewModelSuffixes.contains(where: symbol.name.hasSuffix) else { continue }
            for property in context.index.declaration(of: symbol).properties {
                guard !property.isLet, !property.isStatic, property.ownership == .strong, !bound.contains(property.name),
                      !hidden.contains(property.access ?? ""), !hidden.contains(property.setterAccess ?? ""),
                      !isDependency(property, of: symbol, context: context) else { continue }
                let name = "\(symbol.qualifiedName).\(property.name)"
                let published = property.attributes.contains("Published") ? "@Published " : ""
                let message = "\(context.describe(layer: layer, symbol: name, module: symbol.module.module)): "
                    + "'\(published)var \(property.name)' can be written by views. Declare it 'private(set) var' "
                    + "(or 'fileprivate(set)' for a Presenter in the same file) and send view changes as events."
                violations.append(context.violation(file: symbol.file, at: property.position, module: symbol.module.module,
                                                    layer: layer, symbol: name, message: message))
            }
        }
        return violations
    }

    /// A reference to a collaborator (the Presenter the view state forwards to), not state.
    private func isDependency(_ property: PropertyFact, of symbol: TypeSymbol, context: RuleContext) -> Bool {
        property.typeNames.contains { name in
            guard let referenced = context.index.resolve(name, from: symbol.declaration, inFile: symbol.file),
                  let layer = referenced.layer.layer else { return false }
            return ![Layer.viewModel, .entity, .contracts].contains(layer)
        }
    }

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("A @Published view state anyone can set", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewState.swift", """
                    import Combine

                    final class HomeViewState: ObservableObject {
                        @Published var ↓items: [String] = []
                        @Published private(set) var isLoading = false
                    }
                    """),
            ]),
            RuleExample("An @Observable view model with settable state", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewModel.swift", """
                    import Observation

                    @Observable
                    final class HomeViewModel {
                        var ↓title = ""
                        internal var ↓subtitle = ""
                    }
                    """),
            ]),
            RuleExample("A public setter on a view model shared with other modules", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewModel.swift", """
                    public final class HomeViewModel {
                        public var ↓rows: [String] = []
                        public private(set) var footer = ""
                    }
                    """),
            ]),
        ],
        nonTriggering: [
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
