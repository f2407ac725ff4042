/// An arrow between an app's layers (or from a layer to a UI framework) that `viperlint init`
/// measured: in how many modules it occurs, out of the modules where it could, and what `init`
/// decided. An arrow most modules take is the team's convention (a Presenter holding its
/// concrete Router in nine modules of ten): the configuration `init` proposes allows it, so
/// that findings are deviations from the team's own design, not the design itself. A UI
/// framework a layer imports is counted, never allowed (`TeamConventions.isInvariant`).
public struct TeamConvention: Sendable, Equatable {
    /// What the arrow reaches.
    public enum Target: Sendable, Hashable, Comparable {
        /// Another layer's types, as the preset forbids (`layer-dependency`, `concrete-dependency`).
        case layer(Layer)
        /// A UI framework the layer imports or uses (`forbidden-import`).
        case framework(String)

        public var name: String {
            switch self {
            case .layer(let layer): layer.name
            case .framework(let framework): framework
            }
        }
    }

    /// What `init` did with an arrow.
    public enum Decision: String, Sendable {
        /// The team's convention: allowed in the configuration, with its count.
        case allowed = "allowed: the team's convention"
        /// It breaks one of VIPER's invariants, whatever its count: its findings stay.
        case invariant = "kept: VIPER's own rule, findings to fix or baseline"
        /// Too few modules take it to call it a convention.
        case tooFew = "kept: in fewer than 3 modules"
        /// Fewer than two thirds of the modules that could take it do.
        case minority = "kept: fewer than two thirds of the modules"
    }

    public var from: Layer
    public var to: Target
    /// Modules where `from` reaches `to` as the preset forbids.
    public var modules: Int
    /// Modules that have a `from` layer.
    public var outOf: Int
    public var decision: Decision

    /// "Presenter -> Router", "Presenter imports UIKit".
    public var arrow: String {
        switch to {
        case .layer(let layer): "\(from.name) -> \(layer.name)"
        case .framework(let framework): "\(from.name) imports \(framework)"
        }
    }

    /// "Presenter -> Router in 9 of 10 modules".
    public var counted: String { "\(arrow) in \(modules) of \(outOf) modules" }
}

/// Measures the arrows an app uses as a rule, from a lint of the app with the preset `init` picked.
public enum TeamConventions {
    /// Fewer modules than this say nothing about a rule of the team.
    static let minimumModules = 3

    /// Arrows that are VIPER's, whatever a team does: a View or view model never knows entities
    /// or services (its data comes as display items, its I/O through the Presenter), an
    /// Interactor, Service or Entity never knows the screen, and no layer that `forbidden-import`
    /// keeps from a UI framework may know it (a Presenter's `UIImage` is the testable core
    /// tied to UIKit, however many Presenters do it: reviewers of the corpus and V1 accept
    /// those findings). A team that does these everywhere has findings to fix, not a
    /// convention; `init` says how many, and allows none of them.
    /// An arrow the preset itself draws (Clean Swift's View -> Interactor, its Interactor ->
    /// Presenter, through their protocols) is no invariant: taking it through the concrete class
    /// everywhere is a team's convention like any other (`ruleSet` nil: judged without a preset).
    public static func isInvariant(from: Layer, to: TeamConvention.Target, ruleSet: RuleSet? = nil) -> Bool {
        if case .layer(let layer) = to, let allowed = ruleSet?.dependencies(of: from),
           allowed.allow.contains(layer) || allowed.viaProtocol.contains(layer) {
            return false
        }
        return switch (from, to) {
        case (.view, .layer(let layer)), (.viewModel, .layer(let layer)): [.entity, .service, .interactor].contains(layer)
        case (.interactor, .layer(let layer)), (.service, .layer(let layer)), (.entity, .layer(let layer)):
            [.view, .viewModel, .presenter, .router].contains(layer)
        case (_, .framework): true
        default: false
        }
    }

    /// Every arrow `layer-dependency`, `concrete-dependency` and `forbidden-import` report, in
    /// arrow order, with its decision: allowed when it occurs in at least `minimumModules`
    /// modules and in at least two thirds of the modules that have the `from` layer, and breaks
    /// no invariant (`isInvariant`). `result` must carry its index (`needsIndex`): without it no
    /// module is known to have a layer, and nothing is measured.
    public static func measure(_ result: LintResult) -> [TeamConvention] {
        guard !result.index.symbols.isEmpty else { return [] }
        var modulesByArrow: [Layer: [TeamConvention.Target: Set<String>]] = [:]
        for violation in result.violations {
            guard let from = violation.layer, let module = violation.module else { continue }
            let target: TeamConvention.Target
            switch violation.rule {
            case LayerDependencyRule.id, ConcreteDependencyRule.id:
                guard let to = violation.target?.layer, from != to else { continue }
                target = .layer(to)
            case ForbiddenImportRule.id:
                // The framework is the import's path or, for a use without an import, named in the message.
                guard let framework = ["UIKit", "SwiftUI", "AppKit"].first(where: { violation.symbol == $0 || violation.symbol?.hasPrefix($0 + ".") == true })
                    ?? ["UIKit", "SwiftUI", "AppKit"].first(where: { violation.message.contains("must not know \($0)") }) else { continue }
                target = .framework(framework)
            default: continue
            }
            modulesByArrow[from, default: [:]][target, default: []].insert(module)
        }
        let screens = Set(result.modules)
        var modulesWithLayer: [Layer: Set<String>] = [:]
        for symbol in result.index.symbols where symbol.kind != .protocol {
            guard let layer = symbol.layer.layer, let module = symbol.module.module, screens.contains(module) else { continue }
            modulesWithLayer[layer, default: []].insert(module)
        }
        var arrows: [TeamConvention] = []
        for from in Layer.allCases {
            for (to, modules) in (modulesByArrow[from] ?? [:]).sorted(by: { $0.key < $1.key }) {
                // Findings in modules the index does not list as screens still count as modules with the layer.
                let outOf = modulesWithLayer[from, default: []].union(modules).count
                let decision: TeamConvention.Decision = isInvariant(from: from, to: to, ruleSet: result.ruleSet) ? .invariant
                    : modules.count < minimumModules ? .tooFew
                    : modules.count * 3 < outOf * 2 ? .minority : .allowed
                arrows.append(TeamConvention(from: from, to: to, modules: modules.count, outOf: outOf, decision: decision))
            }
        }
        return arrows
    }

    /// `init --explain`'s table: each arrow, its count and the decision.
    public static func table(_ arrows: [TeamConvention]) -> String {
        guard !arrows.isEmpty else { return "arrows the preset forbids: none taken in any module\n" }
        let width = arrows.map(\.arrow.count).max() ?? 0
        var lines = ["arrows the preset forbids, by the modules that take them:"]
        for arrow in arrows {
            lines.append("  " + arrow.arrow.padding(toLength: width, withPad: " ", startingAt: 0)
                         + "  \(arrow.modules) of \(arrow.outOf) modules  \(arrow.decision.rawValue)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
