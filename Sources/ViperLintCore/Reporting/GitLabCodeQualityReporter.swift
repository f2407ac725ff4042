/// GitLab Code Quality: the subset of the CodeClimate issue format GitLab reads (an array of
/// issues with `description`, `check_name`, `fingerprint`, `severity` and
/// `location.path` / `location.lines.begin`), so merge requests show the findings.
public enum GitLabCodeQualityReporter {
    public static func report(_ result: LintResult) -> String {
        // Paths relative to the repository, as GitLab resolves them against the checkout.
        let base = SARIFBase(result)
        let fingerprints = uniqueFingerprints(result)
        let issues = zip(result.violations, fingerprints).map { violation, fingerprint -> JSONOutput in
            .object([
                ("type", .string("issue")),
                ("check_name", .string(violation.rule)),
                ("description", .string(violation.message)),
                ("fingerprint", .string(fingerprint)),
                ("severity", .string(severity(violation.severity))),
                ("location", .object([
                    ("path", .string(base.prefix + violation.file)),
                    ("lines", .object([("begin", .integer(violation.line))])),
                ])),
            ])
        }
        return JSONOutput.array(issues).rendered()
    }

    /// GitLab's scale is info, minor, major, critical, blocker: an error fails the build
    /// (major), a warning does not (minor).
    static func severity(_ severity: Severity) -> String {
        severity == .error ? "major" : "minor"
    }

    /// The findings' fingerprints (`ReportContext.fingerprint`: stable across edits elsewhere),
    /// made unique in report order: GitLab takes equal fingerprints for one issue, and two
    /// findings of a rule on identical lines of a file would otherwise merge.
    static func uniqueFingerprints(_ result: LintResult) -> [String] {
        var seen: [String: Int] = [:]
        return result.violations.map { violation in
            let fingerprint = ReportContext.fingerprint(violation, in: result)
            let occurrence = seen[fingerprint, default: 0]
            seen[fingerprint] = occurrence + 1
            return occurrence == 0 ? fingerprint : StableHash.of(fingerprint, String(occurrence))
        }
    }
}
