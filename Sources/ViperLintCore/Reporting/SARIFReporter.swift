/// SARIF 2.1.0 for code-scanning dashboards: rule metadata with help text, paths relative to
/// the `PROJECTROOT` base, and `partialFingerprints` that survive edits above a finding.
public enum SARIFReporter {
    public static let rootBase = "PROJECTROOT"

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        let rules = RuleRegistry.all
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($0.element.id, $0.offset) })
        let driverRules = rules.map { rule -> JSONOutput in
            let severity = context.ruleSet.severity(of: rule.id)
            return .object([
                ("id", .string(rule.id)),
                ("name", .string(camelCase(rule.id))),
                ("shortDescription", .object([("text", .string(rule.summary))])),
                ("fullDescription", .object([("text", .string(rule.rationale))])),
                ("help", .object([("text", .string(rule.rationale)), ("markdown", .string(rule.rationale))])),
                ("defaultConfiguration", .object([("enabled", .bool(severity != .off)),
                                                  ("level", .string(level(severity == .off ? rule.defaultSeverity : severity)))])),
            ])
        }
        // Locations are relative to the repository when the project is inside one (what code
        // scanning resolves them against), else to the project root.
        let base = SARIFBase(result)
        // With the new-code gate, the findings already there at the base are results too,
        // marked `unchanged` beside the `new` ones (SARIF's baselineState).
        let states = result.newCodeBase == nil ? result.violations.map { ($0, nil as String?) }
            : result.violations.map { ($0, "new" as String?) } + result.existing.map { ($0, "unchanged" as String?) }
        let results = states.map { violation, state -> JSONOutput in
            func location(_ file: String, _ region: [(String, JSONOutput)], id: Int? = nil, message: String? = nil) -> JSONOutput {
                .object((id.map { [("id", JSONOutput.integer($0))] } ?? []) + [
                    ("physicalLocation", .object([
                        ("artifactLocation", .object([("uri", .string(percentEncoded(base.prefix + file))), ("uriBaseId", .string(rootBase))])),
                        ("region", .object(region)),
                    ])),
                ] + (message.map { [("message", JSONOutput.object([("text", .string($0))]))] } ?? []))
            }
            // Related sites carry their line only: their columns are UTF-8 offsets, and the
            // line text to convert them is read for the findings' own lines alone.
            let related = violation.related.enumerated().map { offset, site in
                location(site.file, [("startLine", .integer(site.line))], id: offset + 1, message: site.message)
            }
            return .object([
                ("ruleId", .string(violation.rule)),
                ("ruleIndex", .integer(ruleIndex[violation.rule] ?? 0)),
                ("level", .string(level(violation.severity))),
                ("message", .object([("text", .string(violation.message))])),
                ("locations", .array([location(violation.file, [("startLine", .integer(violation.line)),
                                                                ("startColumn", .integer(codePointColumn(violation, in: result)))])])),
            ] + (related.isEmpty ? [] : [("relatedLocations", .array(related))])
              + (state.map { [("baselineState", JSONOutput.string($0))] } ?? []) + [
                ("partialFingerprints", .object([("viperlintFingerprint/v1", .string(ReportContext.fingerprint(violation, in: result)))])),
                ("properties", .object([("messageID", .string(violation.messageID)),
                                        ("module", .optional(violation.module)), ("layer", .optional(violation.layer?.name)),
                                        ("symbol", .optional(violation.symbol))] + (violation.declaration.map { declaration in
                    [("declaringType", JSONOutput.optional(declaration.type)), ("member", .optional(declaration.member))]
                } ?? []) + (violation.target.map { target in
                    [("targetType", JSONOutput.string(target.type)), ("targetModule", .optional(target.module)),
                     ("targetLayer", .optional(target.layer?.name))]
                } ?? []))),
            ])
        }
        let document = JSONOutput.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string(ViperLint.name)),
                    ("version", .string(ViperLint.version)),
                    ("semanticVersion", .string(ViperLint.version)),
                    ("rules", .array(driverRules)),
                ]))])),
                ("originalUriBaseIds", .object([(rootBase, .object([("uri", .string("file://" + percentEncoded(base.root)))]))])),
                ("columnKind", .string("unicodeCodePoints")),
                ("results", .array(results)),
            ] + invocations(result))])),
        ])
        return document.rendered()
    }

    /// The run's notes (Objective-C left out for want of libclang) as tool notifications;
    /// nothing when there are none.
    static func invocations(_ result: LintResult) -> [(String, JSONOutput)] {
        guard !result.notes.isEmpty else { return [] }
        let notifications = result.notes.map { note -> JSONOutput in
            .object([("level", .string("note")), ("message", .object([("text", .string(note))]))])
        }
        return [("invocations", .array([.object([
            ("executionSuccessful", .bool(true)), ("toolExecutionNotifications", .array(notifications)),
        ])]))]
    }

    /// Reports count columns in UTF-8 bytes (as the compiler does); SARIF counts code points.
    static func codePointColumn(_ violation: Violation, in result: LintResult) -> Int {
        guard let line = result.lineTexts[violation.file]?[violation.line] else { return violation.column }
        let prefix = line.utf8.prefix(max(0, violation.column - 1))
        return (String(decoding: prefix, as: UTF8.self).unicodeScalars.count) + 1
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .off: return "none"
        }
    }

    /// `layer-dependency` -> `LayerDependency`.
    static func camelCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// RFC 3986 path encoding: unreserved characters and `/` stay, everything else (spaces,
    /// non-ASCII) becomes `%XX` per UTF-8 byte.
    static func percentEncoded(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}

/// The folder SARIF locations are relative to, and the project root's path inside it.
struct SARIFBase {
    /// Absolute, ending in '/'.
    var root: String
    /// The project root relative to `root`, ending in '/', or empty.
    var prefix: String

    init(_ result: LintResult) {
        let project = result.root.hasSuffix("/") ? result.root : result.root + "/"
        if let repository = result.repositoryRoot.map({ $0.hasSuffix("/") ? $0 : $0 + "/" }), project.hasPrefix(repository) {
            root = repository
            prefix = String(project.dropFirst(repository.count))
        } else {
            root = project
            prefix = ""
        }
    }
}
