/// What every reporter may need besides the result: how to print paths and which rules ran.
public struct ReportContext: Sendable {
    /// Root-relative path -> the path to print (relative to the working folder, or absolute).
    public var displayPath: @Sendable (String) -> String
    public var ruleSet: RuleSet
    /// The text report's options.
    public var text: TextOptions
    /// Whether warnings fail the run too (`--strict`), for reports that state the verdict.
    public var warningsFail = false
    /// `--source-url`: where a finding's source is shown, with `{path}` (relative to the
    /// repository, percent-encoded), `{line}` and `{rev}` (the commit, else `HEAD`).
    public var sourceURL: SourceURLTemplate?
    /// `--history`: the runs so far, oldest first, this run last; the dashboard draws the trend.
    public var history: [RunHistory.Entry] = []

    /// How the text report prints: colours, the summary line, grouping.
    public struct TextOptions: Sendable {
        public var colored = false
        /// Without the summary line.
        public var quiet = false
        /// How many findings of one shape make a group; 0 never groups.
        public var groupThreshold = 5

        public init(colored: Bool = false, quiet: Bool = false, groupThreshold: Int = 5) {
            self.colored = colored
            self.quiet = quiet
            self.groupThreshold = groupThreshold
        }
    }

    public init(displayPath: @escaping @Sendable (String) -> String = { $0 }, ruleSet: RuleSet = ConfigurationLoader.defaultRuleSet,
                text: TextOptions = TextOptions()) {
        self.displayPath = displayPath
        self.ruleSet = ruleSet
        self.text = text
    }

    /// A finding's identity across edits: rule, file, symbol and the normalized source line,
    /// never the line number (the same key baselines use).
    public static func fingerprint(_ violation: Violation, in result: LintResult) -> String {
        StableHash.of(violation.rule, violation.file, violation.symbol ?? "", result.normalizedLine(of: violation))
    }

    /// A further use's identity across edits elsewhere: its file and normalized source line.
    public static func fingerprint(site: RelatedLocation, in result: LintResult) -> String {
        StableHash.of(site.file, result.normalizedLine(file: site.file, line: site.line))
    }
}

/// A link template for findings: `https://github.com/org/app/blob/{rev}/{path}#L{line}`.
public struct SourceURLTemplate: Sendable {
    public let template: String
    public var revision: String?

    /// Nil, with why, unless the template is an http(s) URL naming `{path}`.
    public static func problem(in template: String) -> String? {
        guard template.hasPrefix("https://") || template.hasPrefix("http://") else { return "it must start with https:// or http://" }
        guard template.contains("{path}") else { return "it must contain {path} (and may contain {line} and {rev})" }
        guard !template.contains(where: { $0 == " " || $0 == "\"" || $0 == "<" || $0 == ">" || $0.isNewline }) else {
            return "it must not contain spaces, quotes, angle brackets or line breaks"
        }
        return nil
    }

    public init?(_ template: String, revision: String?) {
        guard Self.problem(in: template) == nil else { return nil }
        self.template = template
        self.revision = revision
    }

    /// The link for a place; `path` is relative to the repository.
    public func link(path: String, line: Int) -> String {
        template.replacingOccurrences(of: "{path}", with: SARIFReporter.percentEncoded(path))
            .replacingOccurrences(of: "{line}", with: String(line))
            .replacingOccurrences(of: "{rev}", with: revision ?? "HEAD")
    }
}
