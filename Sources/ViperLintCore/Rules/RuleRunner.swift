import Foundation

/// Runs the enabled rules over the index, each with the configuration that applies to each
/// file: the base rule set, changed by the `overrides` whose globs match the file.
struct RuleRunner {
    let index: ProjectIndex
    let ruleSet: RuleSet
    let classifier: Classifier
    /// The files whose findings are reported (nil: all): rules that judge one file at a time
    /// skip the others, which is most of a pre-commit run's rule time.
    var scope: Set<Int>? = nil

    /// Runs the rules on the worker threads (each rule and configuration is one job; rules only
    /// read the index and the shared, locked queries), then joins their findings in registry
    /// order, so the result does not depend on the thread schedule.
    func run(threads: Int = ProcessInfo.processInfo.activeProcessorCount) -> [Violation] {
        Self.oneFindingPerSite(Self.joined(findingsByRule(threads: threads, scope: { _ in scope })))
    }

    /// Each enabled rule's findings (its configurations' joined), before one-finding-per-site:
    /// what the project state keeps. `scope` gives each rule the files it must look at (nil: all).
    func findingsByRule(threads: Int, scope: (String) -> Set<Int>?) -> [String: [Violation]] {
        let queries = CodeQueries(index: index, ruleSet: ruleSet)
        let effective = EffectiveRules(index: index, ruleSet: ruleSet)
        let jobs: [(id: String, configured: ConfiguredRule, files: Set<String>?, scope: Set<Int>?)] = RuleRegistry.all.flatMap { type in
            type.id == UnusedSuppressionRule.id ? [] : effective.variants(of: type.id).filter { $0.configured.severity != .off }
                .map { (type.id, $0.configured, $0.files, scope(type.id)) }
        }
        let (index, ruleSet, classifier) = (self.index, self.ruleSet, self.classifier)
        let results = ParallelMap.map(Array(jobs.indices), threads: threads) { job -> [Violation] in
            let (id, configured, files, scope) = jobs[job]
            var context = RuleContext(index: index, ruleSet: ruleSet, classifier: classifier,
                                      ruleID: id, severity: configured.severity, queries: queries, effective: effective)
            context.scope = scope
            let start = DispatchTime.now().uptimeNanoseconds
            let found = configured.rule.check(context)
            Timings.report("rule \(id)", since: start)
            return files.map { paths in found.filter { paths.contains($0.file) } } ?? found
        }
        var byRule: [String: [Violation]] = [:]
        for (job, found) in zip(jobs, results) { byRule[job.id, default: []] += found }
        return byRule
    }

    /// The rules' findings in registry order: the order a run reports them before sorting.
    static func joined(_ byRule: [String: [Violation]]) -> [Violation] {
        RuleRegistry.all.flatMap { byRule[$0.id] ?? [] }
    }

    /// Rules that name a specific problem, and the generic dependency rules whose finding at
    /// the same line says the same thing less usefully: a presenter calling
    /// `APIClient.shared.search` is a misplaced service call, not also a Presenter -> Service
    /// dependency. One problem, one finding. A writable view-state property of a wrong type
    /// (`@Published var rows: [SettingsRow]`, a SwiftUI view) is two problems with two fixes
    /// (`private(set)`, display items), so `state-write-access` replaces nothing.
    static let precedence: [String: Set<String>] = [
        MisplacedServiceCallRule.id: [LayerDependencyRule.id, ConcreteDependencyRule.id, CrossModuleReferenceRule.id, DumbViewRule.id],
        PresenterNavigationRule.id: [LayerDependencyRule.id, ConcreteDependencyRule.id, CrossModuleReferenceRule.id],
        // A data manager the Interactor holds concretely (`dataAccessSuffixes`) is that rule's
        // finding, with its message and severity: the service finding would say it again.
        ConcreteDependencyRule.id: [ServiceInjectionRule.id],
        LayerDependencyRule.id: [ServiceInjectionRule.id],
    ]

    /// Drops the generic findings that share a line with a specific one (`precedence`).
    static func oneFindingPerSite(_ violations: [Violation]) -> [Violation] {
        var replaced: Set<String> = []
        for violation in violations {
            for generic in precedence[violation.rule] ?? [] { replaced.insert("\(generic)\u{0}\(violation.file)\u{0}\(violation.line)") }
        }
        guard !replaced.isEmpty else { return violations }
        return violations.filter { !replaced.contains("\($0.rule)\u{0}\($0.file)\u{0}\($0.line)") }
    }

    /// `unused-suppression` findings, at the severity that applies to each file.
    func unusedSuppressions(_ unused: [SuppressionFilter.Unused]) -> [Violation] {
        let variants = EffectiveRules(index: index, ruleSet: ruleSet).variants(of: UnusedSuppressionRule.id)
        return unused.compactMap { item in
            guard let variant = variants.first(where: { $0.files?.contains(item.file) ?? true }),
                  variant.configured.severity != .off else { return nil }
            let file = index.files.first { $0.path == item.file }
            return Violation(rule: UnusedSuppressionRule.id, severity: variant.configured.severity, message: item.message,
                             file: item.file, position: item.suppression.position, module: index.shownModule(file?.module.module),
                             layer: file?.layer.layer, symbol: "viperlint:" + SuppressionFilter.directive(item.suppression.kind),
                             messageID: "\(UnusedSuppressionRule.id).unused")
        }
    }

}

/// Each rule's configuration for each file: the base rule set changed by the `overrides`
/// whose globs match the file.
public struct EffectiveRules: Sendable {
    private let byRule: [String: [(configured: ConfiguredRule, files: Set<String>?)]]
    private let paths: [String]

    init(index: ProjectIndex, ruleSet: RuleSet) {
        let matches = Self.matchingFiles(index: index, ruleSet: ruleSet)
        var byRule: [String: [(configured: ConfiguredRule, files: Set<String>?)]] = [:]
        for id in ruleSet.rules.keys { byRule[id] = Self.variants(of: id, index: index, ruleSet: ruleSet, matches: matches) }
        self.byRule = byRule
        self.paths = index.files.map(\.path)
    }

    /// The configurations of one rule and the files each applies to (nil: every file).
    func variants(of id: String) -> [(configured: ConfiguredRule, files: Set<String>?)] { byRule[id] ?? [] }

    /// The rule's configuration for a file of the index.
    public func configured(_ id: String, file: Int) -> ConfiguredRule? {
        byRule[id]?.first { $0.files?.contains(paths[file]) ?? true }?.configured
    }

    /// For each override, the files it matches.
    static func matchingFiles(index: ProjectIndex, ruleSet: RuleSet) -> [[Bool]] {
        ruleSet.overrides.map { override in
            let globs = override.paths.map(Glob.init)
            return index.files.map { file in globs.contains { $0.matches(file.path) } }
        }
    }

    /// The configurations of one rule and the files each applies to (nil: every file).
    static func variants(of id: String, index: ProjectIndex, ruleSet: RuleSet,
                         matches: [[Bool]]) -> [(configured: ConfiguredRule, files: Set<String>?)] {
        guard let base = ruleSet.rules[id] else { return [] }
        let relevant = ruleSet.overrides.indices.filter { ruleSet.overrides[$0].rules[id] != nil }
        if relevant.isEmpty { return [(base, nil)] }
        var groups: [[Int]: Set<String>] = [:]
        for (fileIndex, file) in index.files.enumerated() {
            let signature = relevant.filter { matches[$0][fileIndex] }
            groups[signature, default: []].insert(file.path)
        }
        return groups.keys.sorted { $0.lexicographicallyPrecedes($1) }.compactMap { signature in
            var effective = ruleSet
            for overrideIndex in signature {
                effective = ConfigurationLoader.applying([id: ruleSet.overrides[overrideIndex].rules[id]!], to: effective)
            }
            guard let configured = effective.rules[id] else { return nil }
            return (configured, groups[signature])
        }
    }
}
