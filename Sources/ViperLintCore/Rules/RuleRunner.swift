import Foundation

/// Runs the enabled rules over the index, each with the configuration that applies to each
/// file: the base rule set, changed by the `overrides` whose globs match the file.
struct RuleRunner {
    let index: ProjectIndex
    let ruleSet: RuleSet
    let classifier: Classifier

    /// For each override, the files it matches.
    private var matchingFiles: [[Bool]] {
        ruleSet.overrides.map { override in
            let globs = override.paths.map(Glob.init)
            return index.files.map { file in globs.contains { $0.matches(file.path) } }
        }
    }

    func run() -> [Violation] {
        let matches = matchingFiles
        let queries = CodeQueries(index: index, ruleSet: ruleSet)
        var violations: [Violation] = []
        for type in RuleRegistry.all where type.id != UnusedSuppressionRule.id {
            for (configured, files) in variants(of: type.id, matches: matches) where configured.severity != .off {
                let context = RuleContext(index: index, ruleSet: ruleSet, classifier: classifier,
                                          ruleID: type.id, severity: configured.severity, queries: queries)
                let start = DispatchTime.now().uptimeNanoseconds
                let found = configured.rule.check(context)
                Timings.report("rule \(type.id)", since: start)
                violations += files.map { paths in found.filter { paths.contains($0.file) } } ?? found
            }
        }
        return violations
    }

    /// `unused-suppression` findings, at the severity that applies to each file.
    func unusedSuppressions(_ unused: [SuppressionFilter.Unused]) -> [Violation] {
        let matches = matchingFiles
        let variants = variants(of: UnusedSuppressionRule.id, matches: matches)
        return unused.compactMap { item in
            guard let variant = variants.first(where: { $0.files?.contains(item.file) ?? true }),
                  variant.configured.severity != .off else { return nil }
            let file = index.files.first { $0.path == item.file }
            return Violation(rule: UnusedSuppressionRule.id, severity: variant.configured.severity, message: item.message,
                             file: item.file, position: item.suppression.position, module: file?.module.module,
                             layer: file?.layer.layer, symbol: "viperlint:" + SuppressionFilter.directive(item.suppression.kind))
        }
    }

    /// The configurations of one rule and the files each applies to (nil: every file).
    private func variants(of id: String, matches: [[Bool]]) -> [(configured: ConfiguredRule, files: Set<String>?)] {
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
