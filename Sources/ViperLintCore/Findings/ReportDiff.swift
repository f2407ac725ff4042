import Foundation

/// What changed between two JSON reports (`viperlint diff OLD NEW`): the findings added and
/// the findings removed, for pull-request comments. Findings are matched by their
/// fingerprint (rule, file, symbol and source line, not the line number), so code moved by
/// edits above it is not reported as removed and added again; equal fingerprints are matched
/// as many times as they occur. A known finding with a further use the old report did not
/// list (a new site grouped into it) is added: new code is a new finding.
public struct ReportDiff: Sendable {
    /// A finding as a JSON report gives it.
    public struct Finding: Sendable, Hashable {
        public var rule: String
        public var severity: String
        public var message: String
        public var file: String
        public var line: Int
        public var column: Int
        public var symbol: String?
        public var fingerprint: String?
        /// The fingerprints of its further uses, sorted; nil in reports written before they existed.
        public var siteFingerprints: [String]?

        public init(rule: String, severity: String, message: String, file: String, line: Int, column: Int,
                    symbol: String?, fingerprint: String?, siteFingerprints: [String]? = nil) {
            (self.rule, self.severity, self.message, self.file, self.line, self.column) = (rule, severity, message, file, line, column)
            (self.symbol, self.fingerprint, self.siteFingerprints) = (symbol, fingerprint, siteFingerprints)
        }

        /// Whether the other finding (the same one, in the old report) lists every further use of this one.
        func sitesAreKnown(by old: Finding) -> Bool {
            guard let sites = siteFingerprints, let known = old.siteFingerprints else { return true }
            return Baseline.knows(known, all: sites)
        }
    }

    public var added: [Finding]
    public var removed: [Finding]
    /// Findings in both reports.
    public var unchanged: Int

    /// How many findings with one fingerprint a finding is compared with for its uses: enough
    /// for any real report, and a bound on the work for a hostile one.
    static let matchWindow = 64

    /// Largest report read: a 300-module app's report with every finding is a few MB.
    public static let maximumReportSize = 256 * 1_048_576

    public init(old: [Finding], new: [Finding]) {
        // Reports written before fingerprints existed are matched by rule, file, symbol and message.
        let byFingerprint = (old + new).allSatisfy { $0.fingerprint != nil }
        func key(_ finding: Finding) -> [String] {
            byFingerprint ? [finding.fingerprint ?? ""] : [finding.rule, finding.file, finding.symbol ?? "", finding.message]
        }
        // The old findings of each key, by their index in the old report, and how many of the
        // first ones are matched already (most keys are matched in order: linear, not quadratic).
        var candidates: [[String]: [Int]] = [:]
        for (index, finding) in old.enumerated() { candidates[key(finding), default: []].append(index) }
        var consumedPrefix: [[String]: Int] = [:]
        var matched = Set<Int>()
        var added: [Finding] = []
        for finding in new {
            let findingKey = key(finding)
            let list = candidates[findingKey] ?? []
            var start = consumedPrefix[findingKey] ?? 0
            while start < list.count, matched.contains(list[start]) { start += 1 }
            consumedPrefix[findingKey] = start
            guard start < list.count else {
                added.append(finding)
                continue
            }
            // The same finding, preferably one whose uses it all had (looked for among the next
            // few); one that grew a use is added (its old self is not listed as removed: it is
            // still there).
            let window = list[start..<min(list.count, start + Self.matchWindow)]
            let known = window.first { !matched.contains($0) && finding.sitesAreKnown(by: old[$0]) }
            matched.insert(known ?? list[start])
            if known == nil { added.append(finding) }
        }
        // What is left of the old report, in its order, is what went away.
        self.removed = old.indices.filter { !matched.contains($0) }.map { old[$0] }
        self.added = added
        self.unchanged = new.count - added.count
    }

    /// The findings of a JSON report file (version 1), or why it cannot be read.
    public static func findings(inReportAt path: String) throws(ReportDiffError) -> [Finding] {
        let data: [UInt8]
        switch SourceReader.readFile(path, limit: maximumReportSize) {
        case let .success(bytes): data = Array(bytes)
        case let .failure(failure):
            throw ReportDiffError(path: path, problem: FileManager.default.fileExists(atPath: path) ? failure.reason : "no such file")
        }
        guard let text = UTF8Text.decode(data[...]) else { throw ReportDiffError(path: path, problem: "not UTF-8 text") }
        return try findings(inReport: text, path: path)
    }

    /// The findings of a JSON report's text; `path` names it in errors.
    public static func findings(inReport text: String, path: String) throws(ReportDiffError) -> [Finding] {
        let document: JSONValue.Located
        do {
            document = try JSONParser.parse(text)
        } catch {
            throw ReportDiffError(path: path, problem: "\(error.position.line):\(error.position.column): \(error.message)")
        }
        func fail(_ at: SourcePosition, _ problem: String) -> ReportDiffError {
            ReportDiffError(path: path, problem: "\(at.line):\(at.column): \(problem)")
        }
        guard case let .object(members) = document.value else {
            throw fail(document.position, "expected a viperlint JSON report (an object), found \(document.value.typeName)")
        }
        let fields = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard let version = fields["version"], case let .number(number) = version.value, number == Double(JSONReporter.version) else {
            throw fail(fields["version"]?.position ?? document.position,
                       "expected 'version': \(JSONReporter.version) (a report of 'viperlint lint --report json')")
        }
        guard let list = fields["violations"], case let .array(items) = list.value else {
            throw fail(fields["violations"]?.position ?? document.position, "expected 'violations', an array")
        }
        var result: [Finding] = []
        result.reserveCapacity(items.count)
        for item in items {
            guard case let .object(entries) = item.value else { throw fail(item.position, "expected a finding (an object), found \(item.value.typeName)") }
            let finding = Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            func string(_ key: String, optional: Bool = false) throws(ReportDiffError) -> String? {
                switch finding[key]?.value {
                case let .string(value)?: return value
                case .null? where optional, nil where optional: return nil
                default: throw fail(finding[key]?.position ?? item.position, "expected '\(key)', a string")
                }
            }
            func integer(_ key: String) throws(ReportDiffError) -> Int {
                guard case let .number(value)? = finding[key]?.value, value >= 1, value < 1e9, value == value.rounded() else {
                    throw fail(finding[key]?.position ?? item.position, "expected '\(key)', a positive integer")
                }
                return Int(value)
            }
            let severity = try string("severity") ?? ""
            guard severity == Severity.error.rawValue || severity == Severity.warning.rawValue else {
                throw fail(finding["severity"]?.position ?? item.position, "expected 'severity', \"error\" or \"warning\", found \"\(TerminalText.printable(severity))\"")
            }
            result.append(Finding(rule: try string("rule") ?? "", severity: severity, message: try string("message") ?? "",
                                  file: try string("file") ?? "", line: try integer("line"), column: try integer("column"),
                                  symbol: try string("symbol", optional: true), fingerprint: try string("fingerprint", optional: true),
                                  siteFingerprints: try siteFingerprints(of: finding["related"], fail: fail)))
        }
        // A report with a further use that carries no fingerprint predates them: none of its findings compare uses.
        if result.contains(where: { $0.siteFingerprints == nil }) {
            for index in result.indices { result[index].siteFingerprints = nil }
        }
        return result
    }

    /// The fingerprints of a finding's further uses (its `related` sites that are not the
    /// target's declaration), sorted; nil when a further use has none (an older report).
    private static func siteFingerprints(of related: JSONValue.Located?,
                                         fail: (SourcePosition, String) -> ReportDiffError) throws(ReportDiffError) -> [String]? {
        guard let related, related.value != .null else { return [] }
        guard case let .array(items) = related.value else { throw fail(related.position, "expected 'related', an array") }
        var sites: [String] = []
        for item in items {
            guard case let .object(entries) = item.value else { throw fail(item.position, "expected a related site (an object), found \(item.value.typeName)") }
            let fields = Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            if case let .string(fingerprint)? = fields["fingerprint"]?.value {
                sites.append(fingerprint)
            } else if case let .string(message)? = fields["message"]?.value, message.hasSuffix("is declared here") {
                continue
            } else {
                return nil
            }
        }
        return sites.sorted()
    }

    /// One line per finding, `+` added and `-` removed, in the clang style terminals and
    /// editors open, then a count.
    public func text(displayPath: (String) -> String = { $0 }) -> String {
        // Every field comes from a report file anyone can write: none reaches the terminal raw.
        func line(_ sign: String, _ finding: Finding) -> String {
            "\(sign) \(TerminalText.printable(displayPath(finding.file))):\(finding.line):\(finding.column): \(TerminalText.printable(finding.severity)): "
                + "\(TerminalText.printable(finding.message)) [\(TerminalText.printable(finding.rule))]\n"
        }
        return added.map { line("+", $0) }.joined() + removed.map { line("-", $0) }.joined() + summary + "\n"
    }

    /// For a pull-request comment: the count, then a table of each side.
    public func markdown() -> String {
        var text = "### viperlint: \(summary)\n"
        for (title, findings) in [("Added", added), ("Removed", removed)] where !findings.isEmpty {
            text += "\n#### \(title)\n\n| severity | rule | where | finding |\n|---|---|---|---|\n"
            for finding in findings {
                text += "| \(MarkdownReporter.cell(finding.severity)) | \(MarkdownReporter.tableCode(finding.rule)) | "
                    + "\(MarkdownReporter.tableCode("\(finding.file):\(finding.line)")) | \(MarkdownReporter.cell(finding.message)) |\n"
            }
        }
        return text
    }

    /// `{ "version": 1, "added": [...], "removed": [...], "unchanged": N }`.
    public func json() -> String {
        func finding(_ finding: Finding) -> JSONOutput {
            .object([("rule", .string(finding.rule)), ("severity", .string(finding.severity)), ("message", .string(finding.message)),
                     ("file", .string(finding.file)), ("line", .integer(finding.line)), ("column", .integer(finding.column)),
                     ("symbol", .optional(finding.symbol)), ("fingerprint", .optional(finding.fingerprint))])
        }
        return JSONOutput.object([
            ("version", .integer(1)),
            ("added", .array(added.map(finding))),
            ("removed", .array(removed.map(finding))),
            ("unchanged", .integer(unchanged)),
        ]).rendered()
    }

    var summary: String {
        let errors = added.filter { $0.severity == "error" }.count
        return "\(added.count) added (\(errors) error\(errors == 1 ? "" : "s")), \(removed.count) removed, \(unchanged) unchanged"
    }
}

/// A report `viperlint diff` cannot read, and why.
public struct ReportDiffError: LocalizedError, Sendable, CustomStringConvertible {
    public var path: String
    public var problem: String
    public var description: String { "cannot read report \(TerminalText.printable(path)): \(problem)" }
    public var errorDescription: String? { description }
}
