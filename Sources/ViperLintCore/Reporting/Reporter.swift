/// One report format: its name on the command line (`--report NAME`), a line for `--help`, and
/// how it renders a result. Every format is registered in `ReporterRegistry`, which the
/// command line, its help and the tests' lists of formats all read.
public protocol Reporter {
    /// The `--report` name: `json`, `sarif`.
    static var name: String { get }
    /// What the format is for, in a few words (for `--help`).
    static var summary: String { get }
    /// Whether its paths follow `--absolute-paths` (the others are relative by their standard).
    static var printsDisplayPaths: Bool { get }
    /// Whether it reads the result's classified index (`LintResult.index`), which a run
    /// reporting its stored outcome does not build unless asked (`needsIndex`).
    static var readsIndex: Bool { get }
    static func render(_ result: LintResult, context: ReportContext) -> String
}

extension Reporter {
    public static var readsIndex: Bool { false }
}

/// The report formats, in the order `--help` lists them.
public enum ReporterRegistry {
    // A constant array of metatypes, which carry no state; `nonisolated(unsafe)` because
    // marking the protocol `SendableMetatype` needs Swift 6.2, newer than we require.
    nonisolated(unsafe) public static let all: [any Reporter.Type] = [
        TextReporter.self, JSONReporter.self, SARIFReporter.self, CheckstyleReporter.self, JUnitReporter.self,
        GitHubReporter.self, GitLabCodeQualityReporter.self, SonarReporter.self, MarkdownReporter.self, HTMLReporter.self,
    ]

    public static var names: [String] { all.map { $0.name } }

    public static func named(_ name: String) -> (any Reporter.Type)? {
        all.first { $0.name == name }
    }
}

extension TextReporter: Reporter {
    public static let name = "text"
    public static let summary = "one clang-style line per finding and a summary, the default"
    public static let printsDisplayPaths = true
    public static func render(_ result: LintResult, context: ReportContext) -> String {
        TextReporter(displayPath: context.displayPath, colored: context.text.colored, quiet: context.text.quiet,
                     groupThreshold: context.text.groupThreshold).report(result)
    }
}

extension JSONReporter: Reporter {
    public static let name = "json"
    public static let summary = "versioned JSON for dashboards"
    public static let printsDisplayPaths = false
    public static func render(_ result: LintResult, context: ReportContext) -> String { report(result) }
}

extension SARIFReporter: Reporter {
    public static let name = "sarif"
    public static let summary = "SARIF 2.1.0 for code scanning"
    public static let printsDisplayPaths = false
    public static func render(_ result: LintResult, context: ReportContext) -> String { report(result, context: context) }
}

extension CheckstyleReporter: Reporter {
    public static let name = "checkstyle"
    public static let summary = "checkstyle XML"
    public static let printsDisplayPaths = true
    public static func render(_ result: LintResult, context: ReportContext) -> String { report(result, context: context) }
}

extension JUnitReporter: Reporter {
    public static let name = "junit"
    public static let summary = "JUnit XML, a test case per rule and module"
    public static let printsDisplayPaths = true
    public static func render(_ result: LintResult, context: ReportContext) -> String { report(result, context: context) }
}

extension GitHubReporter: Reporter {
    public static let name = "github"
    public static let summary = "GitHub Actions annotations"
    public static let printsDisplayPaths = true
    public static func render(_ result: LintResult, context: ReportContext) -> String { report(result, context: context) }
}

extension GitLabCodeQualityReporter: Reporter {
    public static let name = "gitlab"
    public static let summary = "GitLab Code Quality JSON"
    public static let printsDisplayPaths = false
    public static func render(_ result: LintResult, context: ReportContext) -> String { report(result) }
}

extension SonarReporter: Reporter {
    public static let name = "sonar"
    public static let summary = "SonarQube generic external issues JSON"
    public static let printsDisplayPaths = false
    public static func render(_ result: LintResult, context: ReportContext) -> String { report(result) }
}

extension MarkdownReporter: Reporter {
    public static let name = "markdown"
    public static let summary = "a summary for pull-request comments and job summaries"
    public static let printsDisplayPaths = true
    public static func render(_ result: LintResult, context: ReportContext) -> String { report(result, context: context) }
}

extension HTMLReporter: Reporter {
    public static let name = "html"
    public static let summary = "a dashboard in one file"
    public static let printsDisplayPaths = true
    public static let readsIndex = true
    public static func render(_ result: LintResult, context: ReportContext) -> String { report(result, context: context) }
}
