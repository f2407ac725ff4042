import Foundation
import SwiftParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `viperlint fix` did or would do: the files it changes, the findings a person must
/// decide, and the files it did not write, each with the reason.
public struct FixReport: Sendable {
    /// One file's new text.
    public struct Change: Sendable {
        /// Path relative to the project root.
        public var file: String
        /// The file the text is written to (a symlink inside the project is followed).
        public var absolutePath: String
        public var before: String
        public var after: String
        /// The bytes read (the byte order mark included): the file must still hold them when written.
        var original: Data
        var byteOrderMark: Bool
        /// The findings this change fixes, with what was done.
        public var fixed: [(violation: Violation, edit: String)]
    }

    /// A finding left for a person, and why.
    public struct Refusal: Sendable {
        public var violation: Violation
        public var reason: String
    }

    public var changes: [Change] = []
    public var needsPerson: [Refusal] = []
    /// Files left as they were although a fix was planned in them, and why.
    public var unwritten: [(file: String, reason: String)] = []

    /// The number of findings fixed.
    public var fixedCount: Int { changes.reduce(0) { $0 + $1.fixed.count } }
}

/// Makes the mechanical fixes of a lint run's findings: each rule proves its edits safe on the
/// index (`FixableRule`), `SourceRewriter` makes them in the syntax tree, and files are written
/// in place (their metadata kept), only inside the project, only when still as they were read, only when they parse.
public enum Fixer {
    /// Plans every fix of `result` (a run with its index) and makes the edits in memory.
    public static func plan(_ result: LintResult) -> FixReport {
        var report = FixReport()
        let classifier = Classifier(ruleSet: result.ruleSet)
        let queries = CodeQueries(index: result.index, ruleSet: result.ruleSet)
        let projectTypes = Set(result.index.symbols.map(\.name))
        let forbiddenImport = result.ruleSet.rules[ForbiddenImportRule.id]?.rule as? ForbiddenImportRule

        // Each finding's decision: edits, or why a person must decide.
        var planned: [(violation: Violation, edits: [FixEdit])] = []
        var plannedEdits: [FixEdit] = []
        for violation in result.violations {
            guard let configured = result.ruleSet.rules[violation.rule], let rule = configured.rule as? any FixableRule,
                  type(of: rule).fixableFindings.contains(violation.messageID) else {
                report.needsPerson.append(.init(violation: violation, reason: "no mechanical fix for this kind of finding"))
                continue
            }
            let context = RuleContext(index: result.index, ruleSet: result.ruleSet, classifier: classifier, ruleID: violation.rule,
                                      severity: violation.severity, queries: queries)
            switch rule.fix(violation, context: context, planned: plannedEdits) {
            case let .needsPerson(reason): report.needsPerson.append(.init(violation: violation, reason: reason))
            case let .edits(edits):
                planned.append((violation, edits))
                plannedEdits += edits
            }
        }

        // Each file once: read, checked, parsed. A fix is made only when every one of its edits can be.
        var files: [String: Result<SourceRewriter, FixRefusal>] = [:]
        var opened: [String: OpenedFile] = [:]
        var excluded: Set<Int> = []
        while true {
            var rewriters: [String: SourceRewriter] = [:]
            var accepted: [Int] = []
            var refusals: [Int: String] = [:]
            for (number, fix) in planned.enumerated() where !excluded.contains(number) {
                var trial = rewriters
                var refusal: String?
                for edit in fix.edits where refusal == nil {
                    if files[edit.file] == nil {
                        files[edit.file] = open(edit.file, result: result, projectTypes: projectTypes).flatMap { file in
                            // A symlink and its target both linted: the file is fixed under one name.
                            if let other = opened.first(where: { $0.value.absolutePath == file.absolutePath }) {
                                return .failure(FixRefusal(reason: "is the same file as \(other.key) (a symlink): fixed there"))
                            }
                            opened[edit.file] = file
                            return .success(file.rewriter)
                        }
                    }
                    switch files[edit.file]! {
                    case let .failure(reason): refusal = "\(edit.file) \(reason.reason)"
                    case let .success(fresh):
                        var rewriter = trial[edit.file] ?? fresh
                        refusal = rewriter.add(edit, forbiddenImport: forbiddenImport)
                        trial[edit.file] = rewriter
                    }
                }
                if let refusal { refusals[number] = refusal } else { rewriters = trial; accepted.append(number) }
            }
            // A file whose new text would not parse is left as it was, with every fix touching it.
            let broken = Set(rewriters.filter { Parser.parse(source: $0.value.result).hasError }.keys)
            if !broken.isEmpty {
                for number in accepted where planned[number].edits.contains(where: { broken.contains($0.file) }) {
                    excluded.insert(number)
                    report.needsPerson.append(.init(violation: planned[number].violation, reason: "the edit would leave a file that does not parse"))
                }
                continue
            }
            for (number, reason) in refusals.sorted(by: { $0.key < $1.key }) {
                report.needsPerson.append(.init(violation: planned[number].violation, reason: reason))
            }
            // A fix spanning files (a `weak` property and its protocol) is listed once, under
            // its finding's file when that changes, else under the first file it changes.
            let changedFiles = Set(rewriters.filter { $0.value.result != $0.value.text }.keys)
            let home = Dictionary(uniqueKeysWithValues: accepted.compactMap { number -> (Int, String)? in
                let files = planned[number].edits.map(\.file).filter(changedFiles.contains)
                guard let first = files.min() else { return nil }
                return (number, files.contains(planned[number].violation.file) ? planned[number].violation.file : first)
            })
            for (path, rewriter) in rewriters.sorted(by: { $0.key < $1.key }) where changedFiles.contains(path) {
                let file = opened[path]!
                let fixed = accepted.filter { home[$0] == path }.map { number in
                    (planned[number].violation, planned[number].edits.map(\.summary).joined(separator: "; "))
                }
                report.changes.append(.init(file: path, absolutePath: file.absolutePath, before: rewriter.text, after: rewriter.result,
                                            original: file.data, byteOrderMark: file.byteOrderMark, fixed: fixed))
            }
            break
        }
        report.needsPerson.sort { Violation.reportOrder($0.violation, $1.violation) }
        return report
    }

    /// Writes each change into its file, in place: every file or none, since a fix may span
    /// files (a `weak` property and its protocol's `AnyObject`) and half of one may not compile.
    /// Every file is checked first (still the bytes that were read): one changed since leaves
    /// every file alone. A file that cannot be written has its bytes put back, and so has every
    /// file written before it; then every change is listed in `unwritten`, none in `changes`.
    public static func write(_ report: inout FixReport) {
        let changed = report.changes.filter { change in
            guard case let .success(now) = SourceReader.readFile(change.absolutePath) else { return true }
            return now != change.original
        }
        if !changed.isEmpty {
            report.unwritten = report.changes.map { change in
                (change.file, changed.contains { $0.file == change.file } ? "changed while it was being fixed"
                    : "left as it was, since \(changed[0].file) changed while it was being fixed")
            }
            report.changes = []
            return
        }
        var written: [(change: FixReport.Change, bytes: Data)] = []
        var failure: (file: String, problem: String)?
        var notPutBack: [String: String] = [:]
        HeldSignals.during {
            for change in report.changes {
                let bytes = (change.byteOrderMark ? Data([0xEF, 0xBB, 0xBF]) : Data()) + Data(change.after.utf8)
                if let problem = overwrite(change.absolutePath, from: change.original, with: bytes) {
                    failure = (change.file, problem)
                    break
                }
                written.append((change, bytes))
            }
            guard failure != nil else { return }
            for (change, bytes) in written.reversed() {
                if let problem = overwrite(change.absolutePath, from: bytes, with: change.original) { notPutBack[change.file] = problem }
            }
        }
        guard let failure else { return }
        report.unwritten = report.changes.map { change in
            if change.file == failure.file { return (change.file, failure.problem) }
            let reason = "left as it was, since \(failure.file) could not be written"
            guard let problem = notPutBack[change.file] else { return (change.file, reason) }
            return (change.file, "written, then \(reason), and its original bytes could not be put back (\(problem)): restore it")
        }
        report.changes = []
    }

    struct FixRefusal: Error { let reason: String }

    struct OpenedFile {
        var absolutePath: String
        var data: Data
        var byteOrderMark: Bool
        var rewriter: SourceRewriter
    }

    /// A file a fix may change, or why it may not: inside the project (a symlink's target too),
    /// a regular writable file, linted (not skipped), without a syntax error, and unchanged
    /// since the run read it (its facts are the index's).
    static func open(_ path: String, result: LintResult, projectTypes: Set<String>) -> Result<OpenedFile, FixRefusal> {
        if result.skipped.contains(where: { $0.path == path }) { return .failure(FixRefusal(reason: "was skipped by the run")) }
        if result.parseErrors.contains(where: { $0.file == path }) { return .failure(FixRefusal(reason: "has a syntax error")) }
        guard let fileIndex = result.index.files.firstIndex(where: { $0.path == path }) else {
            return .failure(FixRefusal(reason: "is not in the run's index"))
        }
        guard !path.hasPrefix("/"), !path.split(separator: "/").contains(".."),
              let root = realPath(result.root), let target = realPath(result.root + "/" + path),
              target.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            return .failure(FixRefusal(reason: "is (or links to) a file outside the project"))
        }
        // Read-only by its mode too: a file someone locked stays locked, even for root.
        var status = stat()
        guard stat(target, &status) == 0, status.st_mode & S_IWUSR != 0, access(target, W_OK) == 0 else {
            return .failure(FixRefusal(reason: "is read-only"))
        }
        let data: Data
        switch SourceReader.readFile(target) {
        case let .success(read): data = read
        case let .failure(failure): return .failure(FixRefusal(reason: failure.reason))
        }
        guard case let .success(text) = SourceReader.decode(data, path: path) else {
            return .failure(FixRefusal(reason: "is not UTF-8 source"))
        }
        guard case let .success(fresh) = FactExtractor.extract(path: path, source: text),
              (try? FileFacts(decoding: fresh.encoded())) == result.index.files[fileIndex].facts else {
            return .failure(FixRefusal(reason: "changed since it was linted: run fix again"))
        }
        let rewriter = SourceRewriter(text: text, path: path, projectTypes: projectTypes)
        guard !rewriter.hasSyntaxError else { return .failure(FixRefusal(reason: "has a syntax error")) }
        return .success(OpenedFile(absolutePath: target, data: data, byteOrderMark: data.starts(with: [0xEF, 0xBB, 0xBF]), rewriter: rewriter))
    }

    /// The path with every symlink resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Writes `bytes` over the file at `path`, which holds `original`, in place: the file
    /// keeps its inode and so its mode, owner, group, extended attributes, ACLs and hard links
    /// (a new file renamed over it would get the umask's mode, the writer's owner and no
    /// attributes). Only the bytes from the first difference on are written, and the file is
    /// synced; a write that fails puts the original bytes back. Nil when done.
    static func overwrite(_ path: String, from original: Data, with bytes: Data) -> String? {
        #if DEBUG
        // The tests' seam: a write that fails, as on a full disk (issue 53).
        if let name = ProcessInfo.processInfo.environment["VIPERLINT_TEST_FAIL_WRITE"], path.hasSuffix("/" + name) {
            return "cannot be written (\(String(cString: strerror(ENOSPC))))"
        }
        #endif
        let descriptor = posixOpen(path, O_WRONLY | O_NOFOLLOW, 0)
        guard descriptor >= 0 else { return "cannot be written (\(String(cString: strerror(errno))))" }
        defer { close(descriptor) }
        let same = zip(original, bytes).prefix { $0 == $1 }.count
        func put(_ data: Data, from offset: Int) -> String? {
            var failure: String?
            data.withUnsafeBytes { buffer in
                var written = offset
                while written < buffer.count, failure == nil {
                    let count = posixPwrite(descriptor, buffer.baseAddress! + written, buffer.count - written, off_t(written))
                    if count < 0, errno != EINTR { failure = "cannot be written (\(String(cString: strerror(errno))))" }
                    if count > 0 { written += count }
                }
            }
            #if DEBUG
            // The tests' seam: a signal between the write and the truncate (issue 53).
            if ProcessInfo.processInfo.environment["VIPERLINT_TEST_SIGNAL_IN_WRITE"] != nil { kill(getpid(), SIGTERM) }
            #endif
            if failure == nil, ftruncate(descriptor, off_t(data.count)) != 0 { failure = "cannot be written (\(String(cString: strerror(errno))))" }
            if failure == nil, fsync(descriptor) != 0 { failure = "cannot be written (\(String(cString: strerror(errno))))" }
            return failure
        }
        guard let failure = put(bytes, from: same) else { return nil }
        return put(original, from: 0) == nil ? failure : failure + "; its original bytes could not be put back"
    }
}

/// The signals that stop a run from outside (SIGINT: Ctrl-C; SIGTERM: a CI's cancel; SIGHUP: a
/// closed terminal), held while `fix` writes and delivered after it: an in-place write and its
/// truncate, and the files of one run, are never cut apart by them (a shorter text cut before
/// its truncate left the old file's tail after it). A handler, not a mask: a mask holds only
/// its thread, and another thread of the process would take the signal. SIGKILL and a power
/// cut cannot be held.
enum HeldSignals {
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// Runs `body` with the signals held; a signal that came meanwhile is sent again after it,
    /// with the dispositions as they were (so an ignored one stays ignored).
    static func during(_ body: () -> Void) {
        caughtSignal = 0
        let previous = signals.map { signal($0) { caughtSignal = $0 } }
        body()
        for (number, handler) in zip(signals, previous) { signal(number, handler) }
        if caughtSignal != 0 { kill(getpid(), caughtSignal) }
    }
}

/// The last signal `HeldSignals` held; written by its handler only.
nonisolated(unsafe) private var caughtSignal: Int32 = 0

/// `open(2)` with a mode, and `pwrite(2)`, named apart from Foundation's and our own methods.
private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func posixPwrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int, _ offset: off_t) -> Int {
    pwrite(descriptor, buffer, count, offset)
}
