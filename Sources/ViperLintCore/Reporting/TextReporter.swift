/// The human report: one line per finding in the clang/Xcode format
/// `path:line:column: error: message [rule-id]`, parse errors as warnings, then a summary.
///
/// Findings of one rule whose messages have the same shape (the same text once the quoted
/// names are blanked) are grouped when there are `groupThreshold` or more of them: one
/// heading with the count, then one location per line. A first run on a legacy app with a
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
                lines.append("\(label): \(members.count) times: \(TerminalText.printable(Self.shape(of: violation.message))) [\(violation.rule)]")
                for member in members {
                    let symbol = member.symbol.map { " '\(TerminalText.printable($0))'" } ?? ""
                    lines.append("  \(printedPath(member.file)):\(member.line):\(member.column):\(symbol)")
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

    func summary(_ result: LintResult) -> String {
        let errors = result.count(.error)
        let warnings = result.count(.warning)
        let files = result.fileCount == 1 ? "1 file" : "\(result.fileCount) files"
        let modules = result.modules.count == 1 ? "1 module" : "\(result.modules.count) modules"
        if errors == 0 && warnings == 0 {
            return paint("No violations", "32") + " in \(files) (\(modules))." + hiddenByBaseline(result) + rules(result)
        }
        let counts = [plural(errors, "error"), plural(warnings, "warning")].joined(separator: ", ")
        return paint(counts, errors > 0 ? "1;31" : "1;33") + " in \(files) (\(modules))." + hiddenByBaseline(result) + rules(result)
    }

    /// Which rules ran, when no configuration file chose them.
    private func rules(_ result: LintResult) -> String {
        guard let preset = result.detectedPreset else { return "" }
        return " Rules: preset '\(preset.rawValue)', detected (no \(ConfigurationLoader.fileName); 'viperlint init' writes one)."
    }

    private func hiddenByBaseline(_ result: LintResult) -> String {
        guard let hidden = result.baseline?.hidden, hidden > 0 else { return "" }
        return " \(plural(hidden, "known finding")) hidden by the baseline."
    }

    private func plural(_ count: Int, _ word: String) -> String { count == 1 ? "1 \(word)" : "\(count) \(word)s" }

    private func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
