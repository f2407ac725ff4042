import Foundation

/// Known findings a team accepts for now, so a legacy codebase can adopt viperlint and only
/// new findings fail. Entries match on rule, file, symbol and the normalized source line,
/// never on line numbers, so edits above a finding keep it matched. Versioned, sorted and
/// pretty-printed, so it diffs well and can only shrink as findings get fixed.
public struct Baseline: Sendable, Equatable {
    public static let version = 1

    public struct Entry: Hashable, Sendable, Comparable {
        public var rule: String
        public var file: String
        public var symbol: String
        /// The finding's source line, whitespace runs collapsed.
        public var line: String

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.file, lhs.rule, lhs.symbol, lhs.line) < (rhs.file, rhs.rule, rhs.symbol, rhs.line)
        }
    }

    /// Each entry with how many findings it stands for.
    public var counts: [Entry: Int]
    /// The other sites (further uses) of each entry's findings, as `file: normalized line`,
    /// sorted. A finding with a site not listed here is new code, not the known finding.
    /// Absent for entries of baselines written before sites were recorded: those match as before.
    public var sites: [Entry: [String]] = [:]
    /// Whether files are relative to the git work tree's top (`"paths": "repository"`), so that
    /// a monorepo's projects never share an entry and a run over one project or several writes
    /// the same paths. Baselines written before, or outside git, are relative to the project root.
    public var repositoryRelative = false

    public init(counts: [Entry: Int] = [:]) { self.counts = counts }

    /// A baseline of every finding of a result.
    public init(_ result: LintResult) {
        counts = [:]
        repositoryRelative = result.repositoryRoot != nil
        let prefix = Self.prefix(of: result, repositoryRelative: repositoryRelative)
        for violation in result.violations {
            let entry = Self.entry(violation, in: result, prefix: prefix)
            counts[entry, default: 0] += 1
            sites[entry, default: []] += result.siteLines(of: violation).map { prefix + $0 }
        }
        for entry in sites.keys { sites[entry]?.sort() }
    }

    /// What turns a result's paths into the baseline's: the project root's folder inside the
    /// repository (`Apps/Shop/`), or nothing.
    static func prefix(of result: LintResult, repositoryRelative: Bool) -> String {
        guard repositoryRelative, let repository = result.repositoryRoot else { return "" }
        let top = repository.hasSuffix("/") ? repository : repository + "/"
        let root = result.root.hasSuffix("/") ? result.root : result.root + "/"
        return root.hasPrefix(top) ? String(root.dropFirst(top.count)) : ""
    }

    /// Whether every site of a finding is among those the entry knows, as often as it occurs.
    static func knows(_ known: [String], all found: [String]) -> Bool {
        var remaining = Dictionary(known.map { ($0, 1) }, uniquingKeysWith: +)
        for site in found {
            guard let count = remaining[site], count > 0 else { return false }
            remaining[site] = count - 1
        }
        return true
    }

    static func entry(_ violation: Violation, in result: LintResult, prefix: String) -> Entry {
        Entry(rule: violation.rule, file: prefix + violation.file, symbol: violation.symbol ?? "", line: result.normalizedLine(of: violation))
    }

    /// What applying a baseline did.
    public struct Outcome: Sendable {
        public var hidden: Int
        /// Entries (with their unmatched counts) whose findings are gone.
        public var stale: [(entry: Entry, count: Int)]

        /// The outcome of one baseline applied to several projects' results: an entry is stale
        /// where it was checked (each project checks only the entries of the files it reports).
        public static func combining(_ outcomes: [Outcome]) -> Outcome {
            var stale: [Entry: Int] = [:]
            for outcome in outcomes {
                for item in outcome.stale { stale[item.entry] = max(stale[item.entry] ?? 0, item.count) }
            }
            return Outcome(hidden: outcomes.reduce(0) { $0 + $1.hidden }, stale: stale.keys.sorted().map { ($0, stale[$0]!) })
        }
    }

    /// The largest `count` an entry may have: more is not a count of findings but a broken
    /// or hostile file.
    public static let maximumCount = 1_000_000

    /// Removes the known findings from `result`. Only entries of files the run reports can be
    /// stale: a partial run (`--staged`, one folder) says nothing of the other files.
    public func apply(to result: inout LintResult) -> Outcome {
        let (unknown, known, remaining) = partition(result)
        result.violations = unknown
        let hidden = known.count
        let prefix = Self.prefix(of: result, repositoryRelative: repositoryRelative)
        let stale = remaining.filter { entry, count in
            count > 0 && entry.file.hasPrefix(prefix) && result.reportScope.contains(String(entry.file.dropFirst(prefix.count)))
        }.sorted { $0.key < $1.key }.map { (entry: $0.key, count: $0.value) }
        return Outcome(hidden: hidden, stale: stale)
    }

    /// A result's findings split into those the baseline does not know (in report order) and
    /// those it does, with the counts of the entries no finding matched.
    func partition(_ result: LintResult) -> (unknown: [Violation], known: [Violation], remaining: [Entry: Int]) {
        var remaining = counts
        var unknown: [Violation] = [], known: [Violation] = []
        let prefix = Self.prefix(of: result, repositoryRelative: repositoryRelative)
        for violation in result.violations {
            let key = Self.entry(violation, in: result, prefix: prefix)
            if let count = remaining[key], count > 0,
               sites[key].map({ Self.knows($0, all: result.siteLines(of: violation).map { prefix + $0 }) }) ?? true {
                remaining[key] = count - 1
                known.append(violation)
            } else {
                unknown.append(violation)
            }
        }
        return (unknown, known, remaining)
    }

    /// The new-code gate: moves the findings that were already there at the base (`before`,
    /// the same project linted as the base commit records it) out of `result.violations` into
    /// `result.existing`. A finding matches as a baseline entry does (rule, file, symbol, the
    /// normalized line and every other site), so a new use of a known finding is new.
    public static func separateExisting(in result: inout LintResult, before: LintResult, base: String) {
        let (unknown, known, _) = Baseline(before).partition(result)
        result.violations = unknown
        result.existing = known
        result.newCodeBase = base
    }

    public func rendered() -> String {
        let entries = counts.keys.sorted().map { entry -> JSONOutput in
            .object([("rule", .string(entry.rule)), ("file", .string(entry.file)), ("symbol", .string(entry.symbol)),
                     ("line", .string(entry.line)), ("count", .integer(counts[entry]!)),
                     ("sites", .array((sites[entry] ?? []).map { .string($0) }))])
        }
        return JSONOutput.object([("version", .integer(Self.version)), ("tool", .string(ViperLint.name))]
                                 + (repositoryRelative ? [("paths", .string("repository"))] : [])
                                 + [("findings", .array(entries))]).rendered()
    }

    public static func load(file: URL) throws(BaselineError) -> Baseline {
        guard let data = FileManager.default.contents(atPath: file.path), let text = UTF8Text.decode(data) else {
            throw .unreadable(file.path)
        }
        return try decode(text, file: file.path)
    }

    /// Decodes a baseline's text; `file` names it in errors.
    public static func decode(_ text: String, file: String) throws(BaselineError) -> Baseline {
        let document: JSONValue.Located
        do {
            document = try JSONParser.parse(text)
        } catch {
            throw .invalid(file, "\(error.position.line):\(error.position.column): \(error.message)")
        }
        let diagnostics = ConfigDiagnostics()
        let root = ConfigNode(located: document, keyPath: "", diagnostics: diagnostics)
        var baseline = Baseline()
        for (key, node) in root.object(allowedKeys: ["version", "tool", "paths", "findings"]) ?? [] {
            switch key {
            case "paths":
                if let paths = node.string() {
                    if paths == "repository" || paths == "project" {
                        baseline.repositoryRelative = paths == "repository"
                    } else {
                        node.problem("expected \"repository\" (files relative to the git work tree) or \"project\", found \"\(paths)\"")
                    }
                }
            case "version":
                if let version = node.integer(in: 1...Int.max), version != Self.version {
                    node.problem("unsupported baseline version \(version); this viperlint reads version \(Self.version)")
                }
            case "tool":
                _ = node.string()
            default:
                for element in node.array() ?? [] {
                    guard let fields = element.object(allowedKeys: ["rule", "file", "symbol", "line", "count", "sites"]) else { continue }
                    let values = Dictionary(fields.map { ($0.key, $0.node) }, uniquingKeysWith: { first, _ in first })
                    guard let rule = values["rule"]?.string(), let file = values["file"]?.string(),
                          let symbol = values["symbol"]?.string(), let line = values["line"]?.string() else {
                        element.problem("an entry needs rule, file, symbol and line")
                        continue
                    }
                    let count = values["count"].flatMap { $0.integer(in: 1...Self.maximumCount) } ?? 1
                    let key = Entry(rule: rule, file: file, symbol: symbol, line: line)
                    baseline.counts[key] = min((baseline.counts[key] ?? 0) + count, Self.maximumCount)
                    if let listed = values["sites"]?.array() {
                        let texts = listed.compactMap { $0.string() }
                        baseline.sites[key] = ((baseline.sites[key] ?? []) + texts.prefix(Self.maximumCount)).sorted()
                    }
                }
            }
        }
        if let problem = diagnostics.problems.first {
            throw .invalid(file, problem.description)
        }
        return baseline
    }
}

public enum BaselineError: Error, LocalizedError, Equatable {
    case unreadable(String)
    case invalid(String, String)

    public var errorDescription: String? {
        switch self {
        case let .unreadable(path): return "cannot read baseline \(path)"
        case let .invalid(path, problem): return "invalid baseline \(path):\(problem)"
        }
    }
}
