/// `naming` (off by default): a module's type does not follow `<Module><Layer suffix>`.
public struct NamingRule: Rule, Equatable {
    public static let id = "naming"
    public static let summary = "A type in layer X of module M is not named <M><X suffix>"
    public static let defaultSeverity = Severity.off
    public static let rationale = """
        Names that say module and layer (`HomePresenter`, `HomeViewController`) make a \
        project navigable and make every other signal agree. The rule checks classes, \
        structs, enums and actors of the module-bound layers whose layer came from their file \
        or folder (their name did not say it), and names that do not contain their module's name.
        Fix: rename the type to `<Module><suffix>` with a suffix of its layer \
        (`layers.<Layer>.typeSuffixes`).
        """

    public var layers: [Layer] = [.view, .viewModel, .presenter, .interactor, .router, .assembly]

    public static let options: [RuleOption<NamingRule>] = [.layers("layers", \.layers)]

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for symbol in context.index.symbols where symbol.kind.isConcrete && context.index.declaration(of: symbol).parent == nil {
            guard let layer = symbol.layer.layer, layers.contains(layer) else { continue }
            let suffixes = context.ruleSet.signals(layer).typeSuffixes
            guard let expectedSuffix = suffixes.first else { continue }
            let suffix = suffixes.first { symbol.name.hasSuffix($0) }
            let module = symbol.module.module
            // A module named by its path (`Orders/Edit`) names its types by the last part; an app
            // prefix before it (`GovernanceYourDelegationsInteractor` in `YourDelegations`) is fine.
            let name = module.map { String($0.split(separator: "/").last ?? Substring($0)) }
            var problems: [String] = []
            if suffix == nil { problems.append("does not end with a suffix of its layer \(layer.name) (\(suffixes.joined(separator: ", ")))") }
            // `OptionViewController` in module `Options`: singular and plural name one screen.
            if let name, !symbol.name.contains(name), !(name.hasSuffix("s") && symbol.name.contains(name.dropLast())) { problems.append("does not contain its module name '\(name)'") }
            guard !problems.isEmpty else { continue }
            let expected = (name ?? "") + (suffix ?? expectedSuffix)
            let message = "\(context.describe(layer: layer, symbol: symbol.qualifiedName, module: module)) "
                + "\(problems.joined(separator: " and ")); name it like '\(expected)'."
            violations.append(context.violation("name", file: symbol.file, at: context.index.declaration(of: symbol).position,
                                                module: module, layer: layer, declaration: FindingDeclaration(type: symbol.qualifiedName, member: nil),
                                                message: message))
        }
        return violations
    }

    static let enabled = #"{ "version": 1, "rules": { "naming": "warning" } }"#

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("A presenter in a Presenter folder named without the suffix", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/Presenter/HomeLogic.swift", "final class ↓HomeLogic {}\n"),
                ("Home/HomeViewController.swift", "final class HomeViewController {}\n"),
            ], configuration: enabled),
            RuleExample("A view named for another module", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/DashboardViewController.swift", "final class ↓DashboardViewController {}\n"),
            ], configuration: enabled),
            RuleExample("An interactor file whose type has a generic name", files: [
                ("Cart/CartPresenter.swift", "final class CartPresenter {}\n"),
                ("Cart/CartInteractor.swift", "final class ↓CartLogic {}\n"),
            ], configuration: enabled),
        ],
        nonTriggering: [
            RuleExample("Module and layer in every name", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewController.swift", "final class HomeViewController {}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
            ], configuration: enabled),
            RuleExample("Protocols, nested types and shared layers are not checked", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {\n    enum State {}\n}\nprotocol HomeViewOutput {}\n"),
                ("Entities/Article.swift", "struct Article {}\n"),
                ("Services/Network.swift", "final class Network {}\n"),
            ], configuration: enabled),
            RuleExample("Off by default", files: [
                ("Home/Presenter/HomeLogic.swift", "final class HomeLogic {}\n"),
                ("Home/HomeViewController.swift", "final class HomeViewController {}\n"),
            ]),
        ]
    )
}
