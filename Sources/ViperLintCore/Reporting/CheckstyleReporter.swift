/// Checkstyle XML, which many CI servers and code-review tools read.
public enum CheckstyleReporter {
    public static func report(_ result: LintResult, context: ReportContext) -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<checkstyle version=\"4.3\">"]
        let byFile = Dictionary(grouping: result.violations, by: \.file)
        for file in byFile.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            lines.append("  <file name=\"\(XMLText.escaped(context.displayPath(file)))\">")
            for violation in byFile[file]! {
                lines.append("    <error line=\"\(violation.line)\" column=\"\(violation.column)\" "
                    + "severity=\"\(violation.severity.rawValue)\" message=\"\(XMLText.escaped(violation.message))\" "
                    + "source=\"viperlint.\(violation.rule)\"/>")
            }
            lines.append("  </file>")
        }
        lines.append("</checkstyle>")
        return lines.joined(separator: "\n") + "\n"
    }
}
