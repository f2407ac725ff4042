/// `weak-back-reference`: a stored property points back up the ownership chain strongly.
public struct WeakBackReferenceRule: Rule, Equatable {
    public static let id = "weak-back-reference"
    public static let summary = "A reference back up the ownership chain (Interactor -> Presenter, Presenter -> View, Router -> View or Presenter, a Presenter's module output) is not weak"
    // A cycle runs through other files' types: every file's change can open or close one.
    public static let judgesFilesAlone = false
    public static let defaultSeverity = Severity.warning
    public static let measured = "V2 first look, 5ab45ae: 0.43, 7 of 7 findings reviewed; recall 0.50 (4 labels)"
    public static let rationale = """
        A VIPER module is a tree of strong references: the View holds its Presenter, the \
        Presenter its Interactor and Router. The references back up the tree (an Interactor's \
        output, a Presenter's view, a Router's view controller, navigation controller or \
        Presenter, and a Presenter's module output or delegate: the module that embeds this \
        one owns it) must be `weak` or `unowned`, or the module never deallocates. `weak var x: P!`, `unowned` \
        and value types are fine; structs (SwiftUI views) cannot hold weak references and are \
        exempt; a property that creates its object (`let nav = UINavigationController()`) owns \
        it. The chain is per preset (`backReferences`). Outside it, two parts of one module \
        that hold each other strongly (an Interactor and the Router it owns, a data manager and \
        its Interactor) are a cycle too: the reference from the later layer is reported. A \
        reference is not reported when the other side holds this one weakly: ownership runs \
        the other way there. A layer pair alone is never a cycle: a reference is reported only \
        when what it holds holds this object back through strong stored references the code \
        declares (directly or through at most four objects; a UIKit view controller stands for \
        the module's own view controllers), and the message names that chain. A router that \
        owns its navigation controller, a Router that another module's Presenter, Router or \
        Interactor holds (a parent's child router, owner of the module it built), or a child \
        that holds a parent that does not hold it, frees everything when its owner lets go.
        Fix: declare the property `weak var` (the protocol must be class-bound: add `AnyObject`).
        """

    /// One back reference: a stored property of a `from` type that holds a `to` type.
    public struct BackReference: Sendable, Equatable {
        public var from: Layer
        public var to: Layer

        public init(from: Layer, to: Layer) {
            self.from = from
            self.to = to
        }
    }

    public var backReferences = [BackReference(from: .interactor, to: .presenter),
                                 BackReference(from: .presenter, to: .view),
                                 BackReference(from: .router, to: .view),
                                 BackReference(from: .router, to: .presenter)]
    /// A Presenter's properties that point at whoever embeds the module (another module's
    /// presenter, through a protocol): back references whatever the protocol's layer.
    public var moduleOutputNames = ["moduleOutput", "output", "delegate"]
    /// External types that count as View for a back reference (UIKit view controllers).
    public var viewControllerTypes = ["UIViewController", "UINavigationController", "UITabBarController",
                                      "UISplitViewController", "UIPageViewController"]

    public static let options: [RuleOption<WeakBackReferenceRule>] = [
        RuleOption("backReferences", apply: { rule, node in
            guard let entries = node.array() else { return }
            var references: [BackReference] = []
            for entry in entries {
                guard let members = entry.object(allowedKeys: ["from", "to"]) else { continue }
                let byKey = Dictionary(members.map { ($0.key, $0.node) }, uniquingKeysWith: { first, _ in first })
                guard let fromNode = byKey["from"], let toNode = byKey["to"] else {
                    entry.problem("a back reference needs \"from\" and \"to\" layers")
                    continue
                }
                if let from = fromNode.layer(), let to = toNode.layer() { references.append(BackReference(from: from, to: to)) }
            }
            rule.backReferences = references
        }, encode: { rule in
            .array(rule.backReferences.map { .object([("from", .string($0.from.name)), ("to", .string($0.to.name))]) })
        }),
        .strings("viewControllerTypes", \.viewControllerTypes),
        .strings("moduleOutputNames", \.moduleOutputNames),
    ]

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        var strongReferences = StrongReferences(context: context)
        // Read only when there is a cycle to report.
        var wiring: WiringGraph?
        for symbol in context.index.symbols where symbol.kind == .class || symbol.kind == .actor {
            guard let from = symbol.layer.layer else { continue }
            let targets = Set(backReferences.filter { $0.from == from }.map(\.to))
            for (file, property) in context.index.storedProperties(of: symbol)
                // A closure (`completion: (UIViewController) -> Void`) holds no view itself.
                // A finding lies at its property: a scoped run looks at the scope's files only.
                where context.checks(file: file) && property.ownership == .strong && !property.isStatic && !property.hasInitializer
                && !property.typeNames.contains(FactVisitor.functionTypeMarker) {
                guard let (name, layer, referenced) = backTarget(of: property, in: symbol, targets: targets, context: context)
                        ?? moduleOutput(property, of: symbol, from: from, context: context)
                        ?? mutualReference(property, of: symbol, from: from, context: context) else { continue }
                // Ownership runs the other way when the target holds this type weakly (a
                // presenter with a weak interactor is kept alive by the interactor's reference).
                if let referenced, Self.holders(of: symbol, among: Self.implementations(of: referenced, context: context), context: context)
                    .contains(where: { $0.property.ownership != .strong }) { continue }
                // A Router that another module's part holds (a parent's child router it reuses)
                // is where its module is owned from: what it built and holds hangs below it.
                if from == .router, Self.isOwnedByAnotherModule(symbol, context: context) { continue }
                // A cycle only where the strong references the code declares close it: what this
                // property holds must hold this type back, directly or through other objects
                // (a UIKit view controller stands for the module's own view controllers, which
                // the navigation stack it names holds). Otherwise this is ownership, not a cycle.
                let holders = referenced.map { Self.implementations(of: $0, context: context) }
                    ?? context.index.symbols.filter { $0.kind == .class && $0.layer.layer == .view && $0.module.module != nil
                        && $0.module.module == symbol.module.module }
                guard let cycle = strongReferences.path(from: holders.map(\.id), to: symbol.id) else { continue }
                let fix: String
                if SourceLanguage(path: context.index.files[file].path) == .objectiveC {
                    fix = "Declare it '@property (nonatomic, weak)' ('__weak' for an instance variable)."
                } else if let referenced, referenced.kind == .protocol, !referenced.isClassBound {
                    fix = "Make it 'weak var \(property.name)'; '\(referenced.name)' is not class-bound, so add ': AnyObject' to the protocol first."
                } else {
                    fix = "Make it 'weak var \(property.name)' (or 'unowned')."
                }
                let subject = context.describe(layer: from, symbol: "\(symbol.qualifiedName).\(property.name)", module: symbol.module.module)
                let closing = cycle.map { "'\($0.type).\($0.property)'" }.joined(separator: " -> ")
                // Where a builder makes this connection, the finding says which one: that is where the cycle is closed.
                wiring = wiring ?? WiringGraph(context.index)
                let wiredBy = wiring?.builders.lazy.compactMap { builder in
                    builder.edges.first { $0.holder == symbol.qualifiedName && $0.property == property.name }.map { (builder, $0) }
                }.first.map { builder, edge in " (connected by \(builder.name) at \(builder.file):\(edge.line))" } ?? ""
                let message = "\(subject) holds its \(layer.name) '\(name)' strongly: \(from.name) -> \(layer.name) points back up "
                    + "the ownership chain, and \(closing) holds '\(symbol.name)' back: a retain cycle\(wiredBy). \(fix)"
                var violation = context.violation("strong-back-reference", file: file, at: property.position, module: symbol.module.module,
                                                  layer: from, declaration: FindingDeclaration(type: symbol.qualifiedName, member: property.name),
                                                  message: message)
                if let referenced {
                    context.setTarget(referenced, of: &violation)
                } else {
                    violation.target = FindingTarget(type: name, module: nil, layer: layer)
                }
                violations.append(violation)
            }
        }
        return violations
    }

    /// Which class holds which strongly, by the stored properties the code declares (a
    /// protocol-typed property holds any class that adopts it), worked out as asked.
    struct StrongReferences {
        /// One step of a path: the type and the property that holds the next object.
        struct Step: Equatable { var type: String, property: String, target: Int }

        /// The longest chain of objects followed to close a cycle (A -> B -> C -> D -> A).
        static let maximumLength = 4
        let context: RuleContext
        private var held: [Int: [Step]] = [:]

        init(context: RuleContext) { self.context = context }

        /// The shortest chain of strong references from one of `starts` to `target`, each step
        /// named by its holder and property; nil when none is within `maximumLength`.
        mutating func path(from starts: [Int], to target: Int) -> [Step]? {
            var paths: [Int: [Step]] = Dictionary(starts.map { ($0, []) }, uniquingKeysWith: { first, _ in first })
            var frontier = starts.sorted()
            for _ in 0..<Self.maximumLength {
                var next: [Int] = []
                for id in frontier {
                    for step in steps(from: id) where paths[step.target] == nil {
                        paths[step.target] = paths[id]! + [step]
                        if step.target == target { return paths[target] }
                        next.append(step.target)
                    }
                }
                frontier = next
            }
            return nil
        }

        private mutating func steps(from id: Int) -> [Step] {
            if let known = held[id] { return known }
            let symbol = context.index.symbols[id]
            var steps: [Step] = []
            for (_, property) in context.index.storedProperties(of: symbol)
            where property.ownership == .strong && !property.isStatic && !property.typeNames.contains(FactVisitor.functionTypeMarker) {
                for name in property.typeNames + property.initializerTypeNames {
                    guard let referenced = context.index.resolve(name, from: symbol.declaration, inFile: symbol.file) else { continue }
                    for holder in WeakBackReferenceRule.implementations(of: referenced, context: context) where holder.kind == .class || holder.kind == .actor {
                        steps.append(Step(type: symbol.name, property: property.name, target: holder.id))
                    }
                }
            }
            held[id] = steps
            return steps
        }
    }

    /// Whether the matrix forbids `from` any dependency on `to` (builders may use everything;
    /// the shared Service and Contracts layers are not judged by `layer-dependency` by default).
    static func isForbidden(_ from: Layer, _ to: Layer, context: RuleContext) -> Bool {
        guard !context.ruleSet.isBuilder(from), !LayerDependencyRule.sharedLayers.contains(from),
              !LayerDependencyRule.sharedLayers.contains(to) else { return false }
        let allowed = context.ruleSet.dependencies(of: from)
        return !allowed.allow.contains(to) && !allowed.viaProtocol.contains(to)
    }

    /// The classes a reference to `symbol` leads to: the class itself, or a protocol's conformers.
    static func implementations(of symbol: TypeSymbol, context: RuleContext) -> [TypeSymbol] {
        symbol.kind == .protocol ? context.index.conformers(of: symbol).filter { $0.kind == .class || $0.kind == .actor } : [symbol]
    }

    /// Whether a Presenter, Router or Interactor of another module holds `symbol` strongly.
    static func isOwnedByAnotherModule(_ symbol: TypeSymbol, context: RuleContext) -> Bool {
        guard let module = symbol.module.module else { return false }
        let parents = context.index.symbols.filter { other in
            (other.kind == .class || other.kind == .actor) && other.module.module != nil && other.module.module != module
                && [Layer.presenter, .router, .interactor].contains(other.layer.layer ?? .entity)
        }
        return holders(of: symbol, among: parents, context: context).contains { $0.property.ownership == .strong }
    }

    /// The stored properties of `types` that hold `symbol` (by its class or a protocol it adopts).
    static func holders(of symbol: TypeSymbol, among types: [TypeSymbol], context: RuleContext) -> [(file: Int, property: PropertyFact)] {
        let names = Set([symbol.name, symbol.qualifiedName] + context.index.protocols(conformedToBy: symbol).map(\.qualifiedName))
        return types.flatMap { type in
            context.index.storedProperties(of: type).filter { _, property in
                !property.isStatic && !property.typeNames.contains(FactVisitor.functionTypeMarker)
                    && (property.typeNames + property.initializerTypeNames).contains(where: { names.contains($0) || names.contains(String($0.split(separator: ".").last ?? "")) })
            }
        }
    }

    /// Two parts of one module holding each other strongly (an interactor and the router it
    /// owns, a data manager and the interactor that owns it) outside the configured chain: the
    /// reference from the later layer of the two is the one back up (Layer order: View,
    /// ViewModel, Presenter, Interactor, Entity, Router, Assembly, Contracts, Service).
    private func mutualReference(_ property: PropertyFact, of symbol: TypeSymbol, from: Layer,
                                 context: RuleContext) -> (String, Layer, TypeSymbol?)? {
        guard let module = symbol.module.module else { return nil }
        for name in property.typeNames {
            guard let referenced = context.index.resolve(name, from: symbol.declaration, inFile: symbol.file),
                  referenced.kind == .class || referenced.kind == .protocol else { continue }
            let owners = Self.implementations(of: referenced, context: context)
            guard owners.count == 1, let owner = owners.first, owner.id != symbol.id, owner.module.module == module,
                  let layer = owner.layer.layer, layer < from,
                  // The configured chain already decides between these two layers.
                  !backReferences.contains(where: { ($0.from == from && $0.to == layer) || ($0.from == layer && $0.to == from) }),
                  // Where one direction is forbidden outright, that arrow is the problem (`layer-dependency`'s).
                  !Self.isForbidden(from, layer, context: context), !Self.isForbidden(layer, from, context: context),
                  Self.holders(of: symbol, among: [owner], context: context).contains(where: { $0.property.ownership == .strong }) else { continue }
            return (referenced.qualifiedName, layer, referenced)
        }
        return nil
    }

    /// A Presenter's `moduleOutput` / `output` / `delegate` typed as a protocol that another
    /// module's type adopts (or a `*ModuleOutput` protocol): it leads to the embedding module.
    private func moduleOutput(_ property: PropertyFact, of symbol: TypeSymbol, from: Layer,
                              context: RuleContext) -> (String, Layer, TypeSymbol?)? {
        guard from == .presenter, moduleOutputNames.contains(property.name) else { return nil }
        for name in property.typeNames {
            guard let referenced = context.index.resolve(name, from: symbol.declaration, inFile: symbol.file),
                  referenced.kind == .protocol else { continue }
            let adopters = context.index.conformers(of: referenced)
            let embedding = referenced.name.hasSuffix("ModuleOutput")
                || adopters.contains { $0.module.module != nil && $0.module.module != symbol.module.module && $0.layer.layer == .presenter }
            guard embedding, !adopters.contains(where: { $0.module.module == symbol.module.module && $0.layer.layer == .interactor }) else { continue }
            return (referenced.qualifiedName, .presenter, referenced)
        }
        return nil
    }

    /// The referenced type when it is a back reference: a class or class-bound protocol of a
    /// target layer (any protocol of it, so that a missing `AnyObject` is reported), or a UIKit
    /// view controller when View is a target.
    private func backTarget(of property: PropertyFact, in symbol: TypeSymbol, targets: Set<Layer>,
                            context: RuleContext) -> (String, Layer, TypeSymbol?)? {
        for name in property.typeNames {
            if let referenced = context.index.resolve(name, from: symbol.declaration, inFile: symbol.file) {
                guard referenced.kind == .class || referenced.kind == .actor || referenced.kind == .protocol else { continue }
                // A protocol points where its implementers are: an output protocol declared in
                // the interactor's module but adopted by the presenter leads back to the presenter.
                let conformers = referenced.kind == .protocol ? context.index.conformers(of: referenced) : []
                let implementers = Set(conformers.compactMap(\.layer.layer))
                let layer = implementers.count == 1 ? implementers.first : referenced.layer.layer
                guard let layer, targets.contains(layer) else { continue }
                // Views of other modules that a router built and keeps (a container's tab bar)
                // are owned by it, not references back up this module's chain.
                if let module = symbol.module.module, !conformers.isEmpty,
                   conformers.allSatisfy({ $0.module.module != nil && $0.module.module != module }) { continue }
                // Another module's presenter that a router built and keeps is that module's
                // owner, not a reference back up this module's chain.
                if let module = symbol.module.module, let other = referenced.module.module, other != module, referenced.kind != .protocol { continue }
                return (referenced.qualifiedName, layer, referenced)
            }
            if targets.contains(.view), viewControllerTypes.contains(name) { return (name, .view, nil) }
        }
        return nil
    }

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("VIP with a Router: the Router and the Interactor that owns it hold each other strongly", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeInteractor.swift", """
                    final class HomeInteractor: HomeInteractorProtocol {
                        private let router: HomeRouterProtocol

                        init(router: HomeRouterProtocol) {
                            self.router = router
                        }
                    }

                    protocol HomeInteractorProtocol: AnyObject {}
                    """),
                ("Home/HomeRouter.swift", """
                    protocol HomeRouterProtocol: AnyObject {}

                    final class HomeRouter: HomeRouterProtocol {
                        var ↓interactor: HomeInteractorProtocol?
                    }
                    """),
            ], configuration: #"{ "version": 1, "extends": "clean-swift" }"#),
            RuleExample("An Interactor holds its output strongly, and the Presenter holds the Interactor", files: [
                ("Home/HomePresenter.swift", "protocol HomeInteractorOutput: AnyObject {}\nfinal class HomePresenter: HomeInteractorOutput {\n    var interactor: HomeInteractor?\n}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {\n    var ↓output: HomeInteractorOutput?\n}\n"),
            ]),
            RuleExample("An Interactor holds its output strongly, the protocol class-bound the old way (`: class`)", files: [
                ("Home/HomePresenter.swift", "protocol HomeInteractorOutput: class {}\nfinal class HomePresenter: HomeInteractorOutput {\n    var interactor: HomeInteractor?\n}\n"),
                ("Home/HomeViewController.swift", "final class HomeViewController {\n    var presenter: HomePresenter?\n}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {\n    var ↓output: HomeInteractorOutput?\n}\n"),
            ]).fixing("Home/HomeInteractor.swift", to: "final class HomeInteractor {\n    weak var output: HomeInteractorOutput?\n}\n"),
            RuleExample("A Presenter holds its view through a protocol that is not class-bound", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomeViewController.swift", "protocol HomeViewInput {}\nfinal class HomeViewController: HomeViewInput {\n    var presenter: HomePresenter?\n}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {\n    var ↓view: HomeViewInput?\n}\n"),
            ]).fixing("Home/HomePresenter.swift", to: "final class HomePresenter {\n    weak var view: HomeViewInput?\n}\n")
              .fixing("Home/HomeViewController.swift", to: "protocol HomeViewInput: AnyObject {}\nfinal class HomeViewController: HomeViewInput {\n    var presenter: HomePresenter?\n}\n"),
            RuleExample("A Router holds its Presenter, and a Presenter its module output (which holds it as a child), strongly", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "protocol HomeModuleOutput: AnyObject { func didPick(id: Int) }\nfinal class HomePresenter {\n    var ↓moduleOutput: HomeModuleOutput?\n    var router: HomeRouter?\n}\n"),
                ("Home/HomeRouter.swift", "final class HomeRouter {\n    var ↓presenter: HomePresenter?\n}\n"),
                ("Feed/FeedInteractor.swift", "final class FeedInteractor {}\n"),
                ("Feed/FeedPresenter.swift", "final class FeedPresenter: HomeModuleOutput {\n    var child: HomePresenter?\n    func didPick(id: Int) {}\n}\n"),
            ], configuration: #"{ "version": 1, "rules": { "weak-back-reference": "error", "concrete-dependency": "off" } }"#)
              .fixing("Home/HomeRouter.swift", to: "final class HomeRouter {\n    weak var presenter: HomePresenter?\n}\n"),
            RuleExample("A Router holds the navigation controller that shows its View, which holds the Presenter that holds the Router", files: [
                ("Home/HomeViewController.swift", "import UIKit\n\nfinal class HomeViewController: UIViewController {\n    var presenter: HomePresenter?\n}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {\n    var router: HomeRouter?\n}\n"),
                ("Home/HomeRouter.swift", """
                    import UIKit

                    final class HomeRouter {
                        let ↓navigationController: UINavigationController

                        init(navigationController: UINavigationController) {
                            self.navigationController = navigationController
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor holds its output strongly while the View owns the Presenter: 'fix' makes it weak", files: [
                ("Home/HomeViewController.swift", "import UIKit\n\nfinal class HomeViewController: UIViewController {\n    var presenter: HomeViewOutput!\n}\n"),
                ("Home/HomePresenter.swift", """
                    protocol HomeViewOutput: AnyObject {}
                    protocol HomeInteractorOutput {}

                    final class HomePresenter: HomeViewOutput, HomeInteractorOutput {
                        var interactor: HomeInteractor?
                    }
                    """),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {\n    var ↓output: HomeInteractorOutput? // the presenter\n}\n"),
            ]).fixing("Home/HomeInteractor.swift", to: "final class HomeInteractor {\n    weak var output: HomeInteractorOutput? // the presenter\n}\n")
              .fixing("Home/HomePresenter.swift", to: """
                protocol HomeViewOutput: AnyObject {}
                protocol HomeInteractorOutput: AnyObject {}

                final class HomePresenter: HomeViewOutput, HomeInteractorOutput {
                    var interactor: HomeInteractor?
                }
                """),
            RuleExample("A Presenter holds its View by a non-optional type: making it weak changes its type, so a person decides", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomeViewController.swift", "import UIKit\n\nfinal class HomeViewController: UIViewController {\n    var presenter: HomePresenter?\n}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {\n    var ↓view: HomeViewController\n\n    init(view: HomeViewController) {\n        self.view = view\n    }\n}\n"),
            ]),
        ],
        nonTriggering: [
            RuleExample("A child module's Router, held and reused by the parent's Router, builds and owns its module", files: [
                ("List/ListPresenter.swift", "final class ListPresenter {\n    let router = ListRouter()\n}\n"),
                ("List/ListRouter.swift", "final class ListRouter {\n    let editRouter = EditRouter()\n}\n"),
                ("Edit/EditViewController.swift", "import UIKit\n\nfinal class EditViewController: UIViewController {\n    var output: EditPresenter!\n}\n"),
                ("Edit/EditPresenter.swift", "final class EditPresenter {\n    var router: EditRouter!\n}\n"),
                ("Edit/EditRouter.swift", """
                    import UIKit

                    final class EditRouter {
                        var editViewController: EditViewController!

                        func build() {
                            let presenter = EditPresenter()
                            presenter.router = self
                            editViewController = EditViewController()
                            editViewController.output = presenter
                        }
                    }
                    """),
            ]),
            RuleExample("A coordinator-style Router owns its navigation controller: nothing the stack shows holds the Router back", files: [
                ("Home/HomeViewController.swift", "import UIKit\n\nfinal class HomeViewController: UIViewController {\n    var presenter: HomePresenter?\n}\n"),
                ("Home/HomePresenter.swift", "protocol HomePresenterOutput: AnyObject {}\nfinal class HomePresenter {\n    weak var output: HomePresenterOutput?\n}\n"),
                ("Home/HomeRouter.swift", """
                    import UIKit

                    final class HomeRouter: HomePresenterOutput {
                        private let navigationController: UINavigationController

                        init(navigationController: UINavigationController) {
                            self.navigationController = navigationController
                        }
                    }
                    """),
            ]),
            RuleExample("A child module's Presenter holds its output, the parent, that does not hold the child: no cycle", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "protocol HomeModuleOutput: AnyObject { func didPick(id: Int) }\nfinal class HomePresenter {\n    var moduleOutput: HomeModuleOutput?\n}\n"),
                ("Feed/FeedInteractor.swift", "final class FeedInteractor {}\n"),
                ("Feed/FeedPresenter.swift", "final class FeedPresenter: HomeModuleOutput {\n    func didPick(id: Int) {}\n}\n"),
            ]),
            RuleExample("An Interactor that keeps its Presenter alive, held weakly by it", files: [
                ("Lock/LockPresenter.swift", """
                    final class LockPresenter: LockInteractorOutput {
                        weak var interactor: LockInteractor?
                    }
                    """),
                ("Lock/LockInteractor.swift", """
                    protocol LockInteractorOutput: AnyObject {}

                    final class LockInteractor {
                        var presenter: LockInteractorOutput?
                    }
                    """),
            ]),
            RuleExample("A closure that receives a view controller holds none", files: [
                ("Popup/PopupInteractor.swift", "final class PopupInteractor {}\n"),
                ("Popup/PopupPresenter.swift", """
                    import UIKit

                    final class PopupPresenter {
                        var completion: ((UIViewController) -> Void)?
                    }
                    """),
            ]),
            RuleExample("A container's router keeps the views of the modules it built", files: [
                ("TabBar/TabBarViewController.swift", "protocol TabBarViewProtocol: AnyObject {}\nfinal class TabBarViewController: TabBarViewProtocol {}\n"),
                ("TabBar/TabBarPresenter.swift", "final class TabBarPresenter {}\n"),
                ("Container/ContainerPresenter.swift", "final class ContainerPresenter {}\n"),
                ("Container/ContainerWireframe.swift", """
                    final class ContainerWireframe {
                        let tabBar: TabBarViewProtocol

                        init(tabBar: TabBarViewProtocol) {
                            self.tabBar = tabBar
                        }
                    }
                    """),
            ]),
            RuleExample("A weak module output; a Presenter's output its own Interactor adopts", files: [
                ("Home/HomeInteractor.swift", "protocol HomePresenterOutput: AnyObject {}\nfinal class HomeInteractor: HomePresenterOutput {}\n"),
                ("Home/HomePresenter.swift", "protocol HomeModuleOutput: AnyObject {}\nfinal class HomePresenter {\n    weak var moduleOutput: HomeModuleOutput?\n    var output: HomePresenterOutput?\n}\n"),
            ], configuration: #"{ "version": 1, "rules": { "weak-back-reference": "error", "concrete-dependency": "off" } }"#),
            RuleExample("weak with an implicitly unwrapped optional, and unowned", files: [
                ("Home/HomePresenter.swift", "protocol HomeInteractorOutput: AnyObject {}\nfinal class HomePresenter: HomeInteractorOutput {}\n"),
                ("Home/HomeInteractor.swift", """
                    final class HomeInteractor {
                        weak var output: HomeInteractorOutput!
                        unowned let presenter: HomePresenter

                        init(presenter: HomePresenter) {
                            self.presenter = presenter
                        }
                    }
                    """),
            ], configuration: #"{ "version": 1, "rules": { "concrete-dependency": "off" } }"#),
            RuleExample("Value types and SwiftUI structs", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewState.swift", "struct HomeViewState {}\n"),
                ("Home/HomeView.swift", """
                    import SwiftUI

                    struct HomeView: View {
                        let presenter: HomePresenter
                        var body: some View { Text("") }
                    }
                    """),
                ("Home/HomePresenterState.swift", """
                    extension HomePresenter {
                        struct Snapshot {
                            var state: HomeViewState
                        }
                    }
                    """),
            ], configuration: #"{ "version": 1, "rules": { "concrete-dependency": "off" } }"#),
            RuleExample("A coordinator that creates and owns its navigation controller; a presenter owning its interactor", files: [
                ("App/AppCoordinator.swift", """
                    import UIKit

                    final class AppCoordinator {
                        let navigationController = UINavigationController()
                    }
                    """),
                ("Home/HomeInteractor.swift", "protocol HomeInteractorInput: AnyObject {}\nfinal class HomeInteractor: HomeInteractorInput {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {\n    var interactor: HomeInteractorInput?\n}\n"),
            ]),
        ]
    )
}
