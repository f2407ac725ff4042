/// A Markdown summary for a pull-request comment or a CI job summary: counts, findings per
/// rule and per module, then the findings themselves (the first `detailLimit`).
public enum MarkdownReporter {
    public static let detailLimit = 50

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        let errors = result.count(.error)
        let warnings = result.count(.warning)
        var lines = ["## viperlint", ""]
        // With a baseline, what is listed is what is new; what it hides and what got fixed are counted.
        let baselineLine = result.baseline.map { baseline in
            "\(result.violations.count) new since the baseline, \(baseline.hidden) hidden by it, "
                + "\(baseline.stale.reduce(0) { $0 + $1.count }) baseline findings fixed."
        }
        if result.violations.isEmpty {
            lines.append(":white_check_mark: No architecture violations in \(counted(result.fileCount, "file")) (\(counted(result.modules.count, "module"))).")
            if let baselineLine { lines += ["", baselineLine] }
            return lines.joined(separator: "\n") + "\n"
        }
        lines.append("**\(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings")** "
            + "in \(counted(result.fileCount, "file")) (\(counted(result.modules.count, "module"))).")
        if let baselineLine { lines += ["", baselineLine] }
        lines += ["", "| rule | errors | warnings |", "|---|---:|---:|"]
        for rule in Set(result.violations.map(\.rule)).sorted() {
            let found = result.violations.filter { $0.rule == rule }
            lines.append("| `\(rule)` | \(found.filter { $0.severity == .error }.count) | \(found.filter { $0.severity == .warning }.count) |")
        }
        lines += ["", "| module | findings |", "|---|---:|"]
        let byModule = Dictionary(grouping: result.violations) { $0.module ?? "(no module)" }
        for module in byModule.keys.sorted() {
            lines.append("| \(cell(module)) | \(byModule[module]!.count) |")
        }
        lines += ["", "<details><summary>Findings</summary>", ""]
        for violation in result.violations.prefix(detailLimit) {
            lines.append("- **\(violation.severity.rawValue)** \(code("\(context.displayPath(violation.file)):\(violation.line):\(violation.column)")) "
                + "(`\(violation.rule)`): \(cell(violation.message))")
        }
        if result.violations.count > detailLimit {
            lines.append("- ... and \(result.violations.count - detailLimit) more (see the full report)")
        }
        lines += ["", "</details>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Keeps a value from breaking a table or list item, or from being read as HTML or
    /// Markdown (names come from folders and files anyone can name).
    static func cell(_ text: String) -> String {
        var result = ""
        for character in TerminalText.printable(text) {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "|", "\\", "`", "*", "_", "[", "]", "#", "!": result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }

    /// A code span that holds any text: fenced with more backticks than the text's longest
    /// run, padded when the text starts or ends with one, escaped for the terminal.
    static func code(_ text: String) -> String {
        let printable = TerminalText.printable(text).replacingOccurrences(of: "\n", with: " ")
        var longest = 0, run = 0
        for character in printable {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = printable.hasPrefix("`") || printable.hasSuffix("`") ? " " : ""
        return fence + padding + printable + padding + fence
    }

    /// A code span inside a table cell: a `|` in it would end the cell even there.
    static func tableCode(_ text: String) -> String {
        code(text).replacingOccurrences(of: "|", with: "\\|")
    }
}
