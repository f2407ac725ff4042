/// A Markdown summary for a pull-request comment or a CI job summary: counts, findings per
/// rule and per module, then the findings themselves (the first `detailLimit`).
public enum MarkdownReporter {
    public static let detailLimit = 50

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        let errors = result.count(.error)
        let warnings = result.count(.warning)
        var lines = ["## viperlint", ""]
        if result.violations.isEmpty {
            lines.append(":white_check_mark: No architecture violations in \(result.fileCount) files (\(result.modules.count) modules).")
            return lines.joined(separator: "\n") + "\n"
        }
        lines.append("**\(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings")** "
            + "in \(result.fileCount) files (\(result.modules.count) modules).")
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
            lines.append("- **\(violation.severity.rawValue)** `\(context.displayPath(violation.file)):\(violation.line):\(violation.column)` "
                + "(`\(violation.rule)`): \(cell(violation.message))")
        }
        if result.violations.count > detailLimit {
            lines.append("- ... and \(result.violations.count - detailLimit) more (see the full report)")
        }
        lines += ["", "</details>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Keeps a value from breaking a table or list item.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
