/// Every rule's documentation as Markdown, from the rule's own id, summary, rationale, default
/// severity and its measurement, options and examples: `docs/rules.md` (a test keeps it equal)
/// and `viperlint rules --format markdown`.
public enum RuleDocumentation {
    public static func markdown() -> String {
        var text = """
            # Rules

            Generated from each rule's own documentation and examples (`viperlint rules --format markdown`);
            the test suite fails when this file is stale. `↓` marks where a finding is reported.
            A rule is an `error` by default only with a first-look precision of at least \
            \(Int(Severity.errorPrecision * 100))% (docs/accuracy.md, the gate).

            | rule | default | measured | finds |
            |---|---|---|---|

            """
        for rule in RuleRegistry.all {
            text += "| [`\(rule.id)`](#\(rule.id)) | \(rule.defaultSeverity.rawValue) | \(cell(rule.measured)) | \(cell(rule.summary)) |\n"
        }
        for rule in RuleRegistry.all {
            text += "\n## \(rule.id)\n\n\(rule.summary).\n\n"
            text += "- Default severity: `\(rule.defaultSeverity.rawValue)` (\(rule.measured))\n"
            if rule is any FixableRule.Type { text += "- `viperlint fix` makes its fix where the project index proves it safe\n" }
            if !rule.optionKeys.isEmpty { text += "- Options: " + rule.optionKeys.map { "`\($0)`" }.joined(separator: ", ") + "\n" }
            text += "\n" + rule.rationale + "\n"
            text += section("Triggering examples", rule.examples.triggering)
            text += section("Non-triggering examples", rule.examples.nonTriggering)
        }
        return text
    }

    private static func section(_ title: String, _ examples: [RuleExample]) -> String {
        guard !examples.isEmpty else { return "" }
        var text = "\n### \(title)\n"
        for example in examples {
            text += "\n\(example.note):\n"
            for (path, source) in example.files { text += code(path, source) }
            if let configuration = example.configuration { text += code("with configuration", configuration) }
            for (path, source) in example.fixed { text += code("\(path) after `viperlint fix`", source) }
        }
        return text
    }

    /// A fenced block wide enough for any backticks in the source.
    private static func code(_ caption: String, _ source: String) -> String {
        var fence = "```"
        while source.contains(fence) { fence += "`" }
        let body = source.hasSuffix("\n") ? source : source + "\n"
        return "\n`\(caption)`\n\n\(fence)swift\n\(body)\(fence)\n"
    }

    /// Text for a table cell: one line, pipes escaped.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|")
    }
}
