/// SonarQube's generic external issue format (the one of SonarQube 10.3 and later): the
/// rules that found something, with their Clean Code attribute and impact, and the issues,
/// read with `sonar.externalIssuesReportPaths`.
public enum SonarReporter {
    public static let engineID = ViperLint.name

    public static func report(_ result: LintResult) -> String {
        // `filePath` is resolved against `sonar.projectBaseDir`, usually the repository root.
        let base = SARIFBase(result)
        // A rule's impact is its highest severity in this report (overrides can give a rule
        // different severities in different folders; Sonar keeps one per rule).
        var highest: [String: Severity] = [:]
        for violation in result.violations where highest[violation.rule] != .error {
            highest[violation.rule] = violation.severity
        }
        let rules = RuleRegistry.all.filter { highest[$0.id] != nil }.map { rule -> JSONOutput in
            .object([
                ("id", .string(rule.id)),
                ("name", .string(rule.summary)),
                ("description", .string(rule.rationale)),
                ("engineId", .string(engineID)),
                // Architecture rules judge how code is divided into parts.
                ("cleanCodeAttribute", .string("MODULAR")),
                ("impacts", .array([.object([
                    ("softwareQuality", .string("MAINTAINABILITY")),
                    ("severity", .string(highest[rule.id] == .error ? "HIGH" : "MEDIUM")),
                ])])),
            ])
        }
        let issues = result.violations.map { violation -> JSONOutput in
            // Lines only: Sonar counts columns in its own units and refuses an issue whose
            // column it finds past the line's end.
            func location(_ file: String, line: Int, message: String) -> JSONOutput {
                .object([
                    ("message", .string(message)),
                    ("filePath", .string(base.prefix + file)),
                    ("textRange", .object([("startLine", .integer(line))])),
                ])
            }
            let secondary = violation.related.map { location($0.file, line: $0.line, message: $0.message) }
            return .object([
                ("ruleId", .string(violation.rule)),
                ("primaryLocation", location(violation.file, line: violation.line, message: violation.message)),
            ] + (secondary.isEmpty ? [] : [("secondaryLocations", .array(secondary))]))
        }
        return JSONOutput.object([("rules", .array(rules)), ("issues", .array(issues))]).rendered()
    }
}
