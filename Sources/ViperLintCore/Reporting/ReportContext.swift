/// What every reporter may need besides the result: how to print paths and which rules ran.
public struct ReportContext: Sendable {
    /// Root-relative path -> the path to print (relative to the working folder, or absolute).
    public var displayPath: @Sendable (String) -> String
    public var ruleSet: RuleSet

    public init(displayPath: @escaping @Sendable (String) -> String = { $0 }, ruleSet: RuleSet = ConfigurationLoader.defaultRuleSet) {
        self.displayPath = displayPath
        self.ruleSet = ruleSet
    }

    /// A finding's identity across edits: rule, file, symbol and the normalized source line,
    /// never the line number (the same key baselines use).
    public static func fingerprint(_ violation: Violation, in result: LintResult) -> String {
        StableHash.of(violation.rule, violation.file, violation.symbol ?? "", result.normalizedLine(of: violation))
    }
}
