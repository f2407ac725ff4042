/// `module-cycle`: modules depend on each other in a cycle.
public struct ModuleCycleRule: Rule, Equatable {
    public static let id = "module-cycle"
    public static let summary = "Modules depend on each other in a cycle"
    public static let defaultSeverity = Severity.warning
    public static let measured = "V2 first look, 5ab45ae: no findings; V1 and corpus: no findings"
    public static let rationale = """
        When module A names module B's insides and B names A's (directly or through others), \
        neither can be built, tested or moved to its own target alone. Screens count (modules \
        with a View, ViewModel, Presenter or Interactor); a composition root that only builds \
        does not. An arrow is a screen's own code (not its builder) naming another screen's \
        Presenter or Interactor (reused views, cells and their display structs are shared UI \
        components); a module's entry points (its builder, \
        its input and output protocols, the values it takes) are how screens reach each other, \
        so opening a screen and hearing back through its output protocol is no cycle. The \
        finding names the cycle and, for each arrow, the first place that creates it.
        Fix: break one arrow: let the module that opens the other talk to its builder through \
        a protocol injected by the Assembly, or move shared types into a shared layer.
        """

    /// What makes another screen's insides: its Presenter and Interactor. Views, cells and
    /// their display structs are shared as UI components by design (a reused cell is no
    /// coupling of screens, reviewers of real apps agree).
    static let insideLayers: Set<Layer> = [.presenter, .interactor]

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        // Screens are modules with a View, ViewModel, Presenter or Interactor; a composition root
        // (builders only) or a shared folder names every screen by design and is left out.
        let screenLayers: Set<Layer> = [.view, .viewModel, .presenter, .interactor]
        // Only groups the code shows to be modules: a folder of cells or a `Network/` folder is none.
        let screens = Set(context.index.symbols.filter { screenLayers.contains($0.layer.layer ?? .contracts) }.compactMap(\.module.module))
            .filter(context.index.isModule)
        // A module named by prefixes whose files all sit in another module's folder, or in a
        // folder named after it (the base classes in `GovernanceSelectTracks/Base/`), is part of
        // that feature: no arrow between them.
        var folders: [String: String] = [:]
        var paths: [String: Set<String>] = [:]
        for symbol in context.index.symbols {
            guard let module = symbol.module.module else { continue }
            if let folder = symbol.module.folder { folders[module] = folders[module] ?? folder }
            paths[module, default: []].insert(context.index.files[symbol.file].path)
        }
        func isInside(_ module: String, _ other: String) -> Bool {
            guard folders[module] == nil, let modulePaths = paths[module] else { return false }
            if let folder = folders[other] { return modulePaths.allSatisfy { $0.hasPrefix(folder + "/") } }
            let name = other.split(separator: "/").last.map(String.init) ?? other
            return modulePaths.allSatisfy { $0.split(separator: "/").dropLast().contains { $0 == name } }
        }
        // The first reference (in file and source order) of each screen-to-screen edge. An edge
        // is code of one screen (not its builder) that names another screen's insides: its
        // View, ViewModel, Presenter or Interactor class. A module's entry points (its builder,
        // its protocols, the values it takes) are how screens are meant to reach each other:
        // opening a screen and hearing back from it through its output protocol is no cycle.
        var edges: [String: [String: ResolvedReference]] = [:]
        for resolved in context.index.resolvedReferences {
            let target = context.index.symbols[resolved.target]
            guard let from = resolved.fromModule, let to = target.module.module,
                  from != to, screens.contains(from), screens.contains(to), edges[from]?[to] == nil,
                  let fromLayer = resolved.fromLayer, !context.ruleSet.isBuilder(fromLayer),
                  target.kind != .protocol, Self.insideLayers.contains(target.layer.layer ?? .contracts),
                  // Subclassing another module's base presenter or interactor reuses a building
                  // block filed there (shared code to move), it does not reach into that screen.
                  resolved.reference.kind != .conformance,
                  !isInside(from, to), !isInside(to, from) else { continue }
            edges[from, default: [:]][to] = resolved
        }
        var violations: [Violation] = []
        for component in StronglyConnected.components(of: edges.mapValues { Array($0.keys) }) where component.count > 1 {
            let members = Set(component)
            guard let start = component.min(), let cycle = shortestCycle(from: start, within: members, edges: edges) else { continue }
            let steps = zip(cycle, cycle.dropFirst()).map { from, to -> String in
                let site = edges[from]![to]!
                return "\(from) -> \(to) (\(context.index.files[site.file].path):\(site.reference.position.line))"
            }
            let first = edges[cycle[0]]![cycle[1]]!
            // Long cycles (a ring through a whole app) are named by their first arrows only.
            let shownSteps = steps.count > 8 ? steps.prefix(8) + ["... \(counted(steps.count - 8, "more arrow"))"] : steps[...]
            let shownCycle = cycle.count > 9 ? cycle.prefix(8).joined(separator: " -> ") + " -> ... -> \(cycle[0])" : cycle.joined(separator: " -> ")
            let message = "Modules form a dependency cycle \(shownCycle) (\(cycle.count - 1) modules): \(shownSteps.joined(separator: ", ")). "
                + "Break one arrow: reach the other module through a protocol its builder provides, or move shared types "
                + "into a shared layer."
            var violation = context.violation("cycle", file: first.file, at: first.reference.position, module: cycle[0],
                                              layer: first.fromLayer, symbol: shownCycle, message: message)
            violation.cycle = cycle
            violations.append(violation)
        }
        return violations
    }

    /// `start -> ... -> start` through the fewest modules, by breadth-first search.
    private func shortestCycle(from start: String, within members: Set<String>,
                               edges: [String: [String: ResolvedReference]]) -> [String]? {
        var previous: [String: String] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for next in (edges[current] ?? [:]).keys.sorted() where members.contains(next) {
                if next == start {
                    // Walk back from `current` to `start`, then read the path forwards.
                    var backwards: [String] = []
                    var node = current
                    while node != start {
                        backwards.append(node)
                        node = previous[node]!
                    }
                    return [start] + Array(backwards.reversed()) + [start]
                }
                if previous[next] == nil {
                    previous[next] = current
                    queue.append(next)
                }
            }
        }
        return nil
    }

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("Two modules name each other", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Detail/DetailInteractor.swift", "final class DetailInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {\n    var detail: DetailPresenter?\n    var interactor: HomeInteractor?\n}\n"),
                ("Detail/DetailPresenter.swift", "protocol DetailModuleInput {}\nfinal class DetailPresenter: DetailModuleInput {\n    var home: ↓HomePresenter?\n    var interactor: DetailInteractor?\n}\n"),
            ]),
            RuleExample("A cycle through three modules", files: [
                ("Cart/CartInteractor.swift", "final class CartInteractor {}\n"),
                ("Checkout/CheckoutInteractor.swift", "final class CheckoutInteractor {}\n"),
                ("Payment/PaymentInteractor.swift", "final class PaymentInteractor {}\n"),
                ("Cart/CartPresenter.swift", "final class CartPresenter {\n    var next: ↓CheckoutPresenter?\n    var interactor: CartInteractor?\n}\n"),
                ("Checkout/CheckoutPresenter.swift", "protocol CheckoutModuleInput {}\nfinal class CheckoutPresenter: CheckoutModuleInput {\n    var next: PaymentPresenter?\n    var interactor: CheckoutInteractor?\n}\n"),
                ("Payment/PaymentPresenter.swift", "protocol PaymentModuleInput {}\nfinal class PaymentPresenter: PaymentModuleInput {\n    var back: CartPresenter?\n    var interactor: PaymentInteractor?\n}\n"),
            ]),
            RuleExample("Two separate cycles", files: [
                ("A/AInteractor.swift", "final class AInteractor {}\n"),
                ("B/BInteractor.swift", "final class BInteractor {}\n"),
                ("C/CInteractor.swift", "final class CInteractor {}\n"),
                ("D/DInteractor.swift", "final class DInteractor {}\n"),
                ("A/APresenter.swift", "final class APresenter {\n    var b: ↓BPresenter?\n}\n"),
                ("B/BPresenter.swift", "final class BPresenter {\n    var a: APresenter?\n}\n"),
                ("C/CPresenter.swift", "final class CPresenter {\n    var d: ↓DPresenter?\n}\n"),
                ("D/DPresenter.swift", "final class DPresenter {\n    var c: CPresenter?\n}\n"),
            ]),
        ],
        nonTriggering: [
            RuleExample("Two screens subclass each other's base presenter and interactor (shared building blocks filed in a module)", files: [
                ("Confirm/ConfirmInteractor.swift", "class ObservingVoteInteractor {}\nfinal class ConfirmInteractor: SwipeObservingInteractor {}\n"),
                ("Confirm/ConfirmPresenter.swift", "class BaseConfirmPresenter {}\nfinal class ConfirmPresenter: BaseConfirmPresenter {}\n"),
                ("Swipe/SwipeInteractor.swift", "class SwipeObservingInteractor {}\nfinal class SwipeInteractor: ObservingVoteInteractor {}\n"),
                ("Swipe/SwipePresenter.swift", "final class SwipePresenter: BaseConfirmPresenter {}\n"),
            ]),
            RuleExample("Screens that open each other through their builders and hear back through output protocols", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Detail/DetailInteractor.swift", "final class DetailInteractor {}\n"),
                ("Home/HomePresenter.swift", """
                    protocol HomeModuleOutput: AnyObject {}

                    final class HomePresenter: DetailModuleOutput {
                        var detail: DetailModuleInput?
                    }
                    """),
                ("Detail/DetailPresenter.swift", """
                    protocol DetailModuleInput: AnyObject {}
                    protocol DetailModuleOutput: AnyObject {}

                    final class DetailPresenter: DetailModuleInput {
                        weak var output: DetailModuleOutput?
                        weak var home: HomeModuleOutput?
                    }
                    """),
                ("Home/HomeRouter.swift", "final class HomeRouter {\n    func openDetail() { _ = DetailRouter.createModule() }\n}\n"),
                ("Detail/DetailRouter.swift", """
                    final class DetailRouter {
                        static func createModule() -> DetailPresenter { DetailPresenter() }
                        func back() { _ = HomeRouter() }
                    }
                    """),
            ]),
            RuleExample("A feature's base classes in its Base folder and the feature's own screen", files: [
                ("Tracks/GovTracks/GovTracksPresenter.swift", "class GovTracksPresenter: TracksPresenter {\n    let interactor = GovTracksInteractor()\n}\n"),
                ("Tracks/GovTracks/GovTracksInteractor.swift", "final class GovTracksInteractor {}\n"),
                ("Tracks/GovTracks/GovTracksViewController.swift", "final class GovTracksViewController {}\n"),
                ("Tracks/GovTracks/GovTrackViewModel.swift", "struct GovTrackViewModel {}\n"),
                ("Tracks/GovTracks/Base/TracksPresenter.swift", "class TracksPresenter {\n    var rows: [GovTrackViewModel] = []\n}\n"),
                ("Tracks/GovTracks/Base/TracksInteractor.swift", "class TracksInteractor {}\n"),
            ]),
            RuleExample("A composition root that builds every screen, and one-way dependencies", files: [
                ("App/AppAssembly.swift", "enum AppAssembly {\n    static func build() { _ = HomePresenter(); _ = DetailPresenter() }\n}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {\n    let container = AppContainer()\n}\n"),
                ("Detail/DetailPresenter.swift", "final class DetailPresenter {}\n"),
                ("App/AppContainer.swift", "final class AppContainer {\n    func assemble() { AppAssembly.build() }\n}\n"),
            ]),
            RuleExample("One-way dependencies", files: [
                ("Home/HomeRouter.swift", "final class HomeRouter {\n    func open() { DetailRouter.open() }\n}\n"),
                ("Detail/DetailRouter.swift", "final class DetailRouter {\n    static func open() {}\n}\n"),
            ]),
            RuleExample("Two modules share an entity without naming each other", files: [
                ("Entities/Article.swift", "struct Article {}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {\n    var articles: [Article] = []\n}\n"),
                ("Detail/DetailInteractor.swift", "final class DetailInteractor {\n    var article: Article?\n}\n"),
            ]),
            RuleExample("References inside one module", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {\n    var router: HomeRouter?\n}\n"),
                ("Home/HomeRouter.swift", "final class HomeRouter {\n    weak var presenter: HomePresenter?\n}\n"),
            ]),
        ]
    )
}

/// Tarjan's strongly connected components over a graph of names, in a deterministic order.
enum StronglyConnected {
    static func components(of graph: [String: [String]]) -> [[String]] {
        var index = 0
        var indices: [String: Int] = [:]
        var lowLinks: [String: Int] = [:]
        var stack: [String] = []
        var onStack = Set<String>()
        var result: [[String]] = []
        let nodes = Set(graph.keys).union(graph.values.flatMap { $0 }).sorted()

        func connect(_ node: String) {
            indices[node] = index
            lowLinks[node] = index
            index += 1
            stack.append(node)
            onStack.insert(node)
            for next in (graph[node] ?? []).sorted() {
                if indices[next] == nil {
                    connect(next)
                    lowLinks[node] = min(lowLinks[node]!, lowLinks[next]!)
                } else if onStack.contains(next) {
                    lowLinks[node] = min(lowLinks[node]!, indices[next]!)
                }
            }
            if lowLinks[node] == indices[node] {
                var component: [String] = []
                while let top = stack.popLast() {
                    onStack.remove(top)
                    component.append(top)
                    if top == node { break }
                }
                result.append(component.sorted())
            }
        }
        for node in nodes where indices[node] == nil { connect(node) }
        return result.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
