import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--history FILE`: one JSON line per run appended to a file (time, revision, totals by
/// severity and by rule), from which dashboards draw each rule's trend.
public enum RunHistory {
    /// The line for a run, without its newline. `revision` is the commit checked out, if any.
    public static func entry(for result: LintResult, time: Date, revision: String?) -> String {
        var byRule: [String: Int] = [:]
        for violation in result.violations { byRule[violation.rule, default: 0] += 1 }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let line = JSONOutput.object([
            ("time", .string(formatter.string(from: time))),
            ("revision", .optional(revision)),
            ("tool", .string(ViperLint.version)),
            ("files", .integer(result.fileCount)),
            ("errors", .integer(result.count(.error))),
            ("warnings", .integer(result.count(.warning))),
            ("hiddenByBaseline", .integer(result.baseline?.hidden ?? 0)),
            ("byRule", .object(byRule.keys.sorted().map { ($0, JSONOutput.integer(byRule[$0]!)) })),
        ]).rendered()
        // One line: the renderer's indentation and newlines go.
        return line.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// One run of a history file, as the dashboard draws it.
    public struct Entry: Sendable, Equatable, Decodable {
        public var time: String
        public var revision: String?
        public var errors: Int
        public var warnings: Int
        public var byRule: [String: Int]

        public init(time: String, revision: String?, errors: Int, warnings: Int, byRule: [String: Int]) {
            (self.time, self.revision, self.errors, self.warnings, self.byRule) = (time, revision, errors, warnings, byRule)
        }
    }

    /// The largest count of findings a history run may have, and the most rules it may list.
    static let maximumCount = 100_000_000
    static let maximumRules = 1_000

    /// The newest `limit` runs of a history file, oldest first. Tolerant: a history is the
    /// dashboard's garnish, so a missing or foreign file gives no runs, a line that is not a
    /// run (hand-edited, cut off by a full disk) is left out, and only the file's last
    /// `maximumBytes` are read. Only a regular file is read (a FIFO would block).
    public static func entries(of path: String, limit: Int = 60, maximumBytes: Int = 4 << 20) -> [Entry] {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        let size = Int(status.st_size)
        let start = max(0, size - maximumBytes)
        guard (try? handle.seek(toOffset: UInt64(start))) != nil, let data = try? handle.read(upToCount: size - start) else { return [] }
        var lines = data.split(separator: UInt8(ascii: "\n"))
        // A read that starts inside a line drops that line's tail.
        if start > 0, !lines.isEmpty { lines.removeFirst() }
        let decoder = JSONDecoder()
        // Counts beyond any real run's are a foreign or hostile file; left out, they also keep the
        // dashboard's sums and scales clear of overflow.
        let plausible = 0...maximumCount
        let runs = lines.compactMap { line in try? decoder.decode(Entry.self, from: Data(line)) }
            .filter { run in plausible.contains(run.errors) && plausible.contains(run.warnings) && run.byRule.count <= maximumRules
                && run.byRule.values.allSatisfy(plausible.contains) }
        return Array(runs.suffix(limit))
    }

    /// The commit checked out in the git work tree holding `folder`, or nil outside git.
    public static func revision(of folder: URL) -> String? {
        guard let text = try? GitChanges.git(["rev-parse", "--verify", "--quiet", "HEAD"], in: folder) else { return nil }
        let revision = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return revision.allSatisfy(\.isHexDigit) && !revision.isEmpty ? revision : nil
    }

    /// Appends `line` and a newline to the history file, creating it. Only a regular file (or
    /// a new path) is written: a FIFO is never opened for writing (it would wait for a
    /// reader), a folder or a device is refused.
    public static func append(_ line: String, to path: String) throws(HistoryError) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else { throw HistoryError(path: path, problem: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw HistoryError(path: path, problem: "not a regular file")
        }
        var bytes = Array((line + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in write(descriptor, buffer.baseAddress! + written, buffer.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw HistoryError(path: path, problem: String(cString: strerror(errno)))
            }
            written += count
        }
    }

    /// Whether the history file can be appended to, checked before linting: it exists as a
    /// regular file, or its folder exists.
    public static func check(_ path: String) throws(HistoryError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFREG else { throw HistoryError(path: path, problem: "not a regular file") }
            guard access(path, W_OK) == 0 else { throw HistoryError(path: path, problem: "not writable") }
            return
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw HistoryError(path: path, problem: "its folder does not exist")
        }
    }
}

/// A history file that cannot be appended to.
public struct HistoryError: LocalizedError, Sendable {
    public var path: String
    public var problem: String
    public var errorDescription: String? { "cannot append to history file \(TerminalText.printable(path)): \(problem)" }
}
