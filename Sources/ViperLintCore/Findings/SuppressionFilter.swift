/// Applies `viperlint:` suppression comments to findings and finds the comments that
/// silenced nothing.
enum SuppressionFilter {
    /// A suppression comment that did not silence anything, with what to tell the user.
    struct Unused {
        var file: String
        var suppression: SuppressionFact
        var message: String
    }

    /// The id that means every rule.
    static let all = "all"

    private struct Scope {
        var suppression: SuppressionFact
        var lines: ClosedRange<Int>
        var used = false

        func covers(_ violation: Violation) -> Bool {
            lines.contains(violation.line)
                && (suppression.rules.contains(violation.rule)
                    || (suppression.rules.contains(SuppressionFilter.all) && violation.rule != UnusedSuppressionRule.id))
        }
    }

    static func apply(_ violations: [Violation], index: ProjectIndex) -> (kept: [Violation], unused: [Unused]) {
        var scopesByFile: [String: [Scope]] = [:]
        var unused: [Unused] = []
        for file in index.files where !file.facts.suppressions.isEmpty {
            let (scopes, unmatched) = scopes(for: file.facts)
            scopesByFile[file.path] = scopes
            unused += unmatched.map { Unused(file: file.path, suppression: $0.0, message: $0.1) }
        }
        var kept: [Violation] = []
        for violation in violations {
            guard var scopes = scopesByFile[violation.file],
                  let match = scopes.firstIndex(where: { $0.covers(violation) }) else {
                kept.append(violation)
                continue
            }
            scopes[match].used = true
            scopesByFile[violation.file] = scopes
        }
        for (path, scopes) in scopesByFile {
            for scope in scopes where !scope.used {
                let rules = scope.suppression.rules.joined(separator: " ")
                unused.append(Unused(file: path, suppression: scope.suppression,
                                     message: "'viperlint:\(directive(scope.suppression.kind)) \(rules)' silences nothing here; remove it"))
            }
        }
        return (kept, unused)
    }

    /// The lines each comment covers, most specific first (this line, next line, region,
    /// file), plus comments that are malformed or name unknown rules.
    private static func scopes(for facts: FileFacts) -> ([Scope], [(SuppressionFact, String)]) {
        let known = Set(RuleRegistry.ids + [all])
        var scopes: [Scope] = []
        var problems: [(SuppressionFact, String)] = []
        var open: [String: SuppressionFact] = [:]
        let lastLine = max(facts.lineCount, 1)
        for suppression in facts.suppressions {
            if suppression.kind == .unknown {
                let word = suppression.rules.first ?? ""
                problems.append((suppression, "unknown viperlint directive '\(word)'"
                    + ClosestName.hint(for: word, among: SuppressionComments.directives)
                    + "; directives are " + SuppressionComments.directives.joined(separator: ", ")))
                continue
            }
            if suppression.rules.isEmpty {
                problems.append((suppression, "'viperlint:\(directive(suppression.kind))' names no rule; add rule ids or 'all'"))
                continue
            }
            if let unknown = suppression.rules.first(where: { !known.contains($0) }) {
                problems.append((suppression, "unknown rule '\(unknown)' in a viperlint comment"
                    + ClosestName.hint(for: unknown, among: RuleRegistry.ids + [all])))
                continue
            }
            let line = suppression.position.line
            switch suppression.kind {
            case .this: scopes.append(Scope(suppression: suppression, lines: line...line))
            case .next: scopes.append(Scope(suppression: suppression, lines: (line + 1)...(line + 1)))
            case .previous: scopes.append(Scope(suppression: suppression, lines: max(line - 1, 1)...max(line - 1, 1)))
            case .file: scopes.append(Scope(suppression: suppression, lines: 1...lastLine))
            case .disable:
                for rule in suppression.rules { open[rule] = suppression }
            case .unknown:
                break
            case .enable:
                for rule in suppression.rules {
                    guard let start = open.removeValue(forKey: rule) else {
                        problems.append((suppression, "'viperlint:enable \(rule)' has no 'disable \(rule)' before it"))
                        continue
                    }
                    var region = start
                    region.rules = [rule]
                    scopes.append(Scope(suppression: region, lines: start.position.line...line))
                }
            }
        }
        for (rule, start) in open.sorted(by: { $0.key < $1.key }) {
            var region = start
            region.rules = [rule]
            scopes.append(Scope(suppression: region, lines: start.position.line...lastLine))
        }
        let order: [SuppressionFact.Kind: Int] = [.this: 0, .next: 1, .previous: 1, .disable: 2, .file: 3]
        scopes.sort { (order[$0.suppression.kind] ?? 4, $0.suppression.position) < (order[$1.suppression.kind] ?? 4, $1.suppression.position) }
        return (scopes, problems)
    }

    static func directive(_ kind: SuppressionFact.Kind) -> String {
        switch kind {
        case .next: return "disable:next"
        case .this: return "disable:this"
        case .disable: return "disable"
        case .enable: return "enable"
        case .file: return "disable-file"
        case .previous: return "disable:previous"
        case .unknown: return "?"
        }
    }
}
