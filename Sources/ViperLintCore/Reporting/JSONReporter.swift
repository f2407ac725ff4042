/// The JSON report, version 1 (schema: `Schemas/report-v1.schema.json`).
public enum JSONReporter {
    public static let version = 1

    public static func report(_ result: LintResult) -> String {
        var bySeverity: [(String, JSONOutput)] = []
        for severity in [Severity.error, .warning] {
            bySeverity.append((severity.rawValue, .integer(result.count(severity))))
        }
        var ruleCounts: [String: Int] = [:]
        for violation in result.violations { ruleCounts[violation.rule, default: 0] += 1 }
        let byRule = ruleCounts.keys.sorted().map { ($0, JSONOutput.integer(ruleCounts[$0]!)) }

        let document = JSONOutput.object([
            ("version", .integer(version)),
            ("tool", .object([("name", .string(ViperLint.name)), ("version", .string(ViperLint.version))])),
            ("root", .string(result.root)),
            ("summary", .object([
                ("files", .integer(result.fileCount)),
                ("modules", .integer(result.modules.count)),
                ("violations", .integer(result.violations.count)),
                ("bySeverity", .object(bySeverity)),
                ("byRule", .object(byRule)),
            ])),
            ("violations", .array(result.violations.map { violation($0, in: result) })),
            ("parseErrors", .array(result.parseErrors.map { entry in
                .object([
                    ("file", .string(entry.file)),
                    ("line", .integer(entry.line)),
                    ("column", .integer(entry.column)),
                    ("message", .string(entry.message)),
                ])
            })),
            ("skipped", .array(result.skipped.map { skip in
                .object([("file", .string(skip.path)), ("reason", .string(skip.reason))])
            })),
        ] + notes(result) + baseline(result) + newCode(result))
        return document.rendered()
    }

    /// `notes`, only when there are some (Objective-C files left out for want of libclang).
    static func notes(_ result: LintResult) -> [(String, JSONOutput)] {
        result.notes.isEmpty ? [] : [("notes", .array(result.notes.map { .string($0) }))]
    }

    /// `baseline`, only when one was applied: how many known findings it hid, and its stale
    /// entries (findings that are gone, so the baseline can shrink).
    static func baseline(_ result: LintResult) -> [(String, JSONOutput)] {
        guard let outcome = result.baseline else { return [] }
        let stale = outcome.stale.map { item -> JSONOutput in
            .object([("rule", .string(item.entry.rule)), ("file", .string(item.entry.file)), ("symbol", .string(item.entry.symbol)),
                     ("line", .string(item.entry.line)), ("count", .integer(item.count))])
        }
        return [("baseline", .object([("hidden", .integer(outcome.hidden)), ("stale", .array(stale))]))]
    }

    /// `newCode`, only with the new-code gate: the base compared with, and the findings that
    /// were already there (`violations` holds the new ones, which alone fail the run).
    static func newCode(_ result: LintResult) -> [(String, JSONOutput)] {
        guard let base = result.newCodeBase else { return [] }
        return [("newCode", .object([("base", .string(base)), ("existing", .array(result.existing.map { violation($0, in: result) }))]))]
    }

    static func violation(_ violation: Violation, in result: LintResult) -> JSONOutput {
        .object([
            ("rule", .string(violation.rule)),
            ("messageID", .string(violation.messageID)),
            ("fingerprint", .string(ReportContext.fingerprint(violation, in: result))),
            ("severity", .string(violation.severity.rawValue)),
            ("message", .string(violation.message)),
            ("file", .string(violation.file)),
            ("line", .integer(violation.line)),
            ("column", .integer(violation.column)),
            ("module", .optional(violation.module)),
            ("layer", .optional(violation.layer?.name)),
            ("symbol", .optional(violation.symbol)),
            ("declaration", violation.declaration.map { declaration in
                .object([("type", .optional(declaration.type)), ("member", .optional(declaration.member))])
            } ?? .null),
            ("target", violation.target.map { target in
                .object([("type", .string(target.type)), ("module", .optional(target.module)), ("layer", .optional(target.layer?.name))])
            } ?? .null),
            ("cycle", violation.cycle.map { .array($0.map(JSONOutput.string)) } ?? .null),
            ("related", .array(violation.related.map { related in
                // A further use carries its own fingerprint, so that `diff` sees a new use of a known finding.
                .object([("file", .string(related.file)), ("line", .integer(related.line)),
                         ("column", .integer(related.column)), ("message", .string(related.message))]
                        + (related.isDeclarationSite ? [] : [("fingerprint", .string(ReportContext.fingerprint(site: related, in: result)))]))
            })),
        ])
    }
}
