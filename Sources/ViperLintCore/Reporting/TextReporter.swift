/// The human report: one line per finding in the clang/Xcode format
/// `path:line:column: error: message [rule-id]`, parse errors as warnings, then a summary.
///
/// Findings of one rule whose messages have the same shape (the same text once the quoted
/// names are blanked) are grouped when there are `groupThreshold` or more of them: a heading
/// with the count and the first finding's message in full (its fix, with real names), then
/// one line per site with that finding's own quoted names (those all share are left to the
/// heading). A first run on a legacy app with a
/// hundred `import UIKit` interactors stays readable; the JSON report keeps every finding.
public struct TextReporter: Sendable {
    /// Turns a root-relative path into the path printed (relative to the working folder,
    /// or absolute), so terminals and Xcode can open it.
    public var displayPath: @Sendable (String) -> String
    public var colored: Bool
    /// Without the summary line.
    public var quiet: Bool
    /// How many findings of one shape make a group; 0 never groups.
    public var groupThreshold: Int

    public init(displayPath: @escaping @Sendable (String) -> String = { $0 }, colored: Bool = false, quiet: Bool = false,
                groupThreshold: Int = 5) {
        self.displayPath = displayPath
        self.colored = colored
        self.quiet = quiet
        self.groupThreshold = groupThreshold
    }

    /// The quoted names of a message, in order, each once: what tells the findings of a group apart.
    static func quotedNames(of message: String) -> [String] {
        var names: [String] = []
        var current: String?
        for character in message {
            if character == "'" {
                if let name = current, !names.contains(name) { names.append(name) }
                current = current == nil ? "" : nil
            } else if current != nil {
                current?.append(character)
            }
        }
        return names
    }

    /// The message with every quoted name blanked: `'HomeInteractor'` becomes `'…'`.
    static func shape(of message: String) -> String {
        var result = ""
        var inQuote = false
        for character in message {
            if character == "'" {
                if inQuote { result.append("…'") } else { result.append("'") }
                inQuote.toggle()
            } else if !inQuote {
                result.append(character)
            }
        }
        return result
    }

    public func report(_ result: LintResult) -> String {
        var lines: [String] = []
        let key = { (violation: Violation) in "\(violation.rule)\u{0}\(violation.severity.rawValue)\u{0}\(Self.shape(of: violation.message))" }
        var groups: [String: [Violation]] = [:]
        for violation in result.violations { groups[key(violation), default: []].append(violation) }
        var printedGroups = Set<String>()
        for violation in result.violations {
            let label = violation.severity == .error ? paint("error", "31") : paint("warning", "33")
            let groupKey = key(violation)
            if groupThreshold > 0, let members = groups[groupKey], members.count >= groupThreshold {
                guard printedGroups.insert(groupKey).inserted else { continue }
                // The first finding in full, so the fix reads with real names, then every site
                // with the names that differ from one finding to the next.
                lines.append("\(label): \(members.count) times [\(violation.rule)], the first: \(TerminalText.printable(violation.message))")
                // Names every finding of the group shares (the framework, the fix) are said once,
                // in the heading.
                let shared = members.dropFirst().reduce(Set(Self.quotedNames(of: violation.message))) {
                    $0.intersection(Self.quotedNames(of: $1.message))
                }
                for member in members {
                    let own = Self.quotedNames(of: member.message)
                    let names = (own.allSatisfy(shared.contains) ? own : own.filter { !shared.contains($0) })
                        .map { "'\(TerminalText.printable($0))'" }.joined(separator: ", ")
                    lines.append("  \(printedPath(member.file)):\(member.line):\(member.column): \(names)")
                }
                continue
            }
            lines.append("\(printedPath(violation.file)):\(violation.line):\(violation.column): \(label): "
                + "\(TerminalText.printable(violation.message)) [\(violation.rule)]")
        }
        for entry in result.parseErrors {
            lines.append("\(printedPath(entry.file)):\(entry.line):\(entry.column): \(paint("warning", "33")): "
                + "the file does not parse cleanly (\(TerminalText.printable(entry.message))); findings in it may be incomplete [parse-error]")
        }
        if !quiet {
            lines.append(summary(result))
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    private func printedPath(_ path: String) -> String { TerminalText.printable(displayPath(path)) }

    /// The last line of the text report: counts, files, modules, what was skipped or hidden,
    /// and which rules ran at which severity.
    public func summary(_ result: LintResult) -> String {
        let errors = result.count(.error)
        let warnings = result.count(.warning)
        let files = result.fileCount == 1 ? "1 file" : "\(result.fileCount) files"
        let modules = result.modules.count == 1 ? "1 module" : "\(result.modules.count) modules"
        if errors == 0 && warnings == 0 {
            return paint("No violations", "32") + " in \(files) (\(modules))." + hiddenByBaseline(result) + skipped(result) + rules(result)
        }
        let counts = [plural(errors, "error"), plural(warnings, "warning")].joined(separator: ", ")
        return paint(counts, errors > 0 ? "1;31" : "1;33") + " in \(files) (\(modules))." + hiddenByBaseline(result) + skipped(result) + rules(result)
    }

    /// How many files were left out and the commonest reasons, when more than a few were: a
    /// scope decision that drops much of an app must be seen.
    private func skipped(_ result: LintResult) -> String {
        // Always said when a file of the scope was left unchecked; other skips (vendored code,
        // files no target compiles) only when there are more than a few.
        guard result.skipped.count > 3 || !result.uncheckedInScope.isEmpty else { return "" }
        var counts: [String: Int] = [:]
        var unchecked = Set<String>()
        for entry in result.skipped {
            counts[entry.reason, default: 0] += 1
            if entry.leavesCodeUnchecked { unchecked.insert(entry.reason) }
        }
        // Files left unchecked first: they are what a reader must not miss.
        let reasons = counts.sorted { first, second in
            if unchecked.contains(first.key) != unchecked.contains(second.key) { return unchecked.contains(first.key) }
            return first.value != second.value ? first.value > second.value : first.key < second.key
        }
        let shown = reasons.prefix(2).map { "\($0.value) \(TerminalText.printable($0.key))" }.joined(separator: "; ")
        return " \(plural(result.skipped.count, "file")) skipped (\(shown)\(reasons.count > 2 ? "; ..." : ""))."
    }

    /// Which rules ran at which severity (and where they came from, when no configuration
    /// file chose them): the gate a reader is looking at.
    private func rules(_ result: LintResult) -> String {
        var counts: [Severity: Int] = [:]
        for rule in RuleRegistry.all { counts[result.ruleSet.severity(of: rule.id), default: 0] += 1 }
        let gate = "\(counts[.error] ?? 0) at error, \(counts[.warning] ?? 0) at warning, \(counts[.off] ?? 0) off ('viperlint rules' lists them)"
        guard let preset = result.detectedPreset else { return " Rules: \(gate)." }
        return " Rules: preset '\(preset.rawValue)', detected (no \(ConfigurationLoader.fileName); 'viperlint init' writes one); \(gate)."
    }

    private func hiddenByBaseline(_ result: LintResult) -> String {
        guard let hidden = result.baseline?.hidden, hidden > 0 else { return "" }
        return " \(plural(hidden, "known finding")) hidden by the baseline."
    }

    private func plural(_ count: Int, _ word: String) -> String { counted(count, word) }

    private func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
