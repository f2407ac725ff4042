/// What every reporter may need besides the result: how to print paths and which rules ran.
public struct ReportContext: Sendable {
    /// Root-relative path -> the path to print (relative to the working folder, or absolute).
    public var displayPath: @Sendable (String) -> String
    public var ruleSet: RuleSet
    /// The text report's options.
    public var text: TextOptions
    /// Whether warnings fail the run too (`--strict`), for reports that state the verdict.
    public var warningsFail = false

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
}
