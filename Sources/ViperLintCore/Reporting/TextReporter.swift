/// The human report in the clang/Xcode format: each finding's first line is
/// `path:line:column: error: headline [rule-id]`, the headline saying what and where (see
/// `FindingText`), then `  note: ...` lines with the rest of its message and
/// `path:line:column: note: ...` lines for its other sites; parse errors as warnings; then the
/// findings per rule and a summary.
///
/// Findings of one rule, severity, kind (`messageID`) and layer are grouped when there are
/// `groupThreshold` or more of them: a heading with the count, the notes all of them share,
/// then each site with its own headline and the notes only it has. A first run on a legacy
/// app with a hundred `import UIKit` interactors stays readable; the JSON report keeps every finding.
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

    /// What tells a rule's findings apart for grouping: the rule, the severity, which of the
    /// rule's findings it is (`messageID`) and the layer of its code, never the message's wording.
    static func groupKey(of violation: Violation) -> String {
        [violation.rule, violation.severity.rawValue, violation.messageID, violation.layer?.rawValue ?? ""].joined(separator: "\u{0}")
    }

    /// The list of notes most sites of a group have (two or more; the first such on a tie).
    static func commonest(_ lists: [[String]]) -> (notes: [String], count: Int)? {
        var counts: [[String]: Int] = [:]
        for list in lists { counts[list, default: 0] += 1 }
        var best: (notes: [String], count: Int)?
        for list in lists where counts[list, default: 0] >= 2 && counts[list, default: 0] > (best?.count ?? 0) {
            best = (list, counts[list, default: 0])
        }
        return best
    }

    public func report(_ result: LintResult) -> String {
        var lines: [String] = []
        var groups: [String: [Violation]] = [:]
        for violation in result.violations { groups[Self.groupKey(of: violation), default: []].append(violation) }
        var printedGroups = Set<String>()
        for violation in result.violations {
            let label = violation.severity == .error ? paint("error", "31") : paint("warning", "33")
            let groupKey = Self.groupKey(of: violation)
            let text = FindingText(violation.message)
            if groupThreshold > 0, let members = groups[groupKey], members.count >= groupThreshold {
                guard printedGroups.insert(groupKey).inserted else { continue }
                // A heading with the count, the notes every finding of the group shares, then
                // each site with its own headline (what and where) and the notes only it has.
                let texts = members.map { FindingText($0.message) }
                let shared = texts.dropFirst().reduce(text.notes) { common, other in common.filter(other.notes.contains) }
                let kind = violation.messageID.hasPrefix(violation.rule + ".") ? " " + violation.messageID.dropFirst(violation.rule.count + 1) : ""
                lines.append("\(label): \(members.count) times [\(violation.rule)]\(kind)\(violation.layer.map { " in \($0.rawValue)" } ?? ""):")
                lines += shared.map { "  note: \(TerminalText.printable($0))" }
                // The notes most sites have besides (the fix, when a few sites need another one)
                // are said once too; a site with other notes shows its own.
                let own = texts.map { $0.notes.filter { !shared.contains($0) } }
                let commonest = Self.commonest(own.filter { !$0.isEmpty })
                if let commonest {
                    lines += commonest.notes.map {
                        "  note: at \(commonest.count) of \(members.count) sites, those with no note of their own: \(TerminalText.printable($0))"
                    }
                }
                for (index, member) in members.enumerated() {
                    lines.append("  \(place(member.file, member.line, member.column)): \(TerminalText.printable(texts[index].headline))")
                    lines += texts[index].details.map { "    note: \(TerminalText.printable($0))" }
                    if own[index] != commonest?.notes {
                        lines += own[index].map { "    note: \(TerminalText.printable($0))" }
                    }
                    lines += member.related.map { "    \(place($0.file, $0.line, $0.column)): note: \(TerminalText.printable($0.message))" }
                }
                continue
            }
            lines.append("\(place(violation.file, violation.line, violation.column)): \(label): "
                + "\(TerminalText.printable(text.headline)) [\(violation.rule)]")
            lines += text.allNotes.map { "  note: \(TerminalText.printable($0))" }
            lines += violation.related.map { "\(place($0.file, $0.line, $0.column)): note: \(TerminalText.printable($0.message))" }
        }
        for entry in result.parseErrors {
            lines.append("\(printedPath(entry.file)):\(entry.line):\(entry.column): \(paint("warning", "33")): "
                + "the file does not parse cleanly (\(TerminalText.printable(entry.message))); findings in it may be incomplete [parse-error]")
        }
        // The new-code gate's findings that were there before the change: one line each, as
        // notes, so that neither a person nor an editor takes them for what failed.
        for violation in result.existing {
            lines.append("\(place(violation.file, violation.line, violation.column)): note: already there before this change: "
                + "\(TerminalText.printable(FindingText(violation.message).headline)) [\(violation.rule)]")
        }
        if !quiet {
            if let counts = ruleCounts(result) { lines.append(counts) }
            lines.append(summary(result))
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    private func printedPath(_ path: String) -> String { TerminalText.printable(displayPath(path)) }

    private func place(_ file: String, _ line: Int, _ column: Int) -> String { "\(printedPath(file)):\(line):\(column)" }

    /// The findings per rule, most first (ties by rule id): `By rule: forbidden-import 12, layer-dependency 7.`
    /// Nil when there are none.
    public func ruleCounts(_ result: LintResult) -> String? {
        guard !result.violations.isEmpty else { return nil }
        var counts: [String: Int] = [:]
        for violation in result.violations { counts[violation.rule, default: 0] += 1 }
        let ordered = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        return "By rule: " + ordered.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + "."
    }

    /// The last line of the text report: counts, files, modules, what was skipped or hidden,
    /// and which rules ran at which severity.
    public func summary(_ result: LintResult) -> String {
        let errors = result.count(.error)
        let warnings = result.count(.warning)
        let files = result.fileCount == 1 ? "1 file" : "\(result.fileCount) files"
        let modules = result.modules.count == 1 ? "1 module" : "\(result.modules.count) modules"
        if errors == 0 && warnings == 0 {
            return paint("No violations", "32") + " in \(files) (\(modules))." + hiddenByBaseline(result) + existing(result) + skipped(result) + rules(result)
        }
        let counts = [plural(errors, "error"), plural(warnings, "warning")].joined(separator: ", ")
        return paint(counts, errors > 0 ? "1;31" : "1;33") + " in \(files) (\(modules))." + hiddenByBaseline(result) + existing(result) + skipped(result) + rules(result)
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

    /// What the new-code gate left out of the verdict, and how to count it.
    private func existing(_ result: LintResult) -> String {
        guard let base = result.newCodeBase else { return "" }
        let count = result.existing.count
        guard count > 0 else { return result.violations.isEmpty ? "" : " All new since \(base)." }
        return " \(plural(count, "finding")) already there at \(base) not counted (only new ones fail; --gate all counts every one)."
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
