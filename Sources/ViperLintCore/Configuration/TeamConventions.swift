/// An arrow between layers that an app's modules use as a rule: most modules with a `from`
/// layer reach `to` in a way the preset forbids (a Presenter holding its concrete Router in
/// nine modules of ten). `viperlint init` measures these, so that the configuration it
/// proposes checks deviations from the team's own design, not the team's design itself.
public struct TeamConvention: Sendable, Equatable {
    public var from: Layer
    public var to: Layer
    /// Modules where `from` reaches `to` as the preset forbids.
    public var modules: Int
    /// Modules that have a `from` layer.
    public var outOf: Int

    /// "Presenter -> Router in 9 of 10 modules".
    public var counted: String { "\(from.name) -> \(to.name) in \(modules) of \(outOf) modules" }
}

/// Measures the arrows an app uses as a rule, from a lint of the app with the preset `init` picked.
public enum TeamConventions {
    /// Fewer modules than this say nothing about a rule of the team.
    static let minimumModules = 3

    /// Arrows that are VIPER's, whatever a team does: a View or view model never knows entities
    /// or services (its data comes as display items, its I/O through the Presenter), an
    /// Interactor, Service or Entity never knows the screen. A team that does these everywhere
    /// has findings to fix, not a convention; `init` says how many, and allows none of them.
    public static func isInvariant(from: Layer, to: Layer) -> Bool {
        switch from {
        case .view, .viewModel: [.entity, .service, .interactor].contains(to)
        case .interactor, .service, .entity: [.view, .viewModel, .presenter, .router].contains(to)
        default: false
        }
    }

    /// The arrows `layer-dependency` and `concrete-dependency` report in at least
    /// `minimumModules` modules and in at least two thirds of the modules that have the `from`
    /// layer, in layer order; `invariants` holds those of them VIPER keeps (`isInvariant`).
    /// `result` must carry its index (`needsIndex`): without it no module is known to have a
    /// layer, and nothing is measured.
    public static func measure(_ result: LintResult) -> (conventions: [TeamConvention], invariants: [TeamConvention]) {
        guard !result.index.symbols.isEmpty else { return ([], []) }
        let rules: Set<String> = [LayerDependencyRule.id, ConcreteDependencyRule.id]
        var modulesByArrow: [[Layer]: Set<String>] = [:]
        for violation in result.violations where rules.contains(violation.rule) {
            guard let from = violation.layer, let to = violation.target?.layer, let module = violation.module, from != to else { continue }
            modulesByArrow[[from, to], default: []].insert(module)
        }
        let screens = Set(result.modules)
        var modulesWithLayer: [Layer: Set<String>] = [:]
        for symbol in result.index.symbols where symbol.kind != .protocol {
            guard let layer = symbol.layer.layer, let module = symbol.module.module, screens.contains(module) else { continue }
            modulesWithLayer[layer, default: []].insert(module)
        }
        var conventions: [TeamConvention] = [], invariants: [TeamConvention] = []
        for (arrow, modules) in modulesByArrow.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            // Findings in modules the index does not list as screens still count as modules with the layer.
            let outOf = modulesWithLayer[arrow[0], default: []].union(modules).count
            guard modules.count >= minimumModules, modules.count * 3 >= outOf * 2 else { continue }
            let convention = TeamConvention(from: arrow[0], to: arrow[1], modules: modules.count, outOf: outOf)
            if isInvariant(from: arrow[0], to: arrow[1]) { invariants.append(convention) } else { conventions.append(convention) }
        }
        return (conventions, invariants)
    }
}
