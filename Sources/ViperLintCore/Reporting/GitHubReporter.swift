/// GitHub Actions workflow commands (`::error file=...,line=...::message`), which the
/// runner turns into annotations on the pull request.
public enum GitHubReporter {
    /// GitHub shows at most this many annotations of each level per step.
    public static let annotationLimit = 10

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        var lines = result.violations.map { violation -> String in
            let command = violation.severity == .error ? "error" : "warning"
            let properties = [
                "file=\(escapeProperty(context.displayPath(violation.file)))",
                "line=\(violation.line)",
                "col=\(violation.column)",
                "title=\(escapeProperty("viperlint \(violation.rule)"))",
            ]
            return "::\(command) \(properties.joined(separator: ","))::\(escapeData(violation.message))"
        }
        let errors = result.count(.error)
        let warnings = result.count(.warning)
        if errors > annotationLimit || warnings > annotationLimit {
            lines.append("::notice title=viperlint::" + escapeData(
                "viperlint found \(counted(errors, "error")) and \(counted(warnings, "warning")); GitHub shows only the first \(annotationLimit) "
                    + "of each level as annotations. Write the full report with --report text or --report markdown."))
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// Message text: `%`, CR and LF are escaped.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Property values: the message escapes plus `:` and `,`, which separate properties.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
