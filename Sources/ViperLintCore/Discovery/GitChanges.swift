import Foundation

/// Asks git which files a commit or a branch changes, for `--staged` and `--changed-since`,
/// and what the index holds.
public enum GitChanges {
    public struct Failure: Error, LocalizedError, Equatable {
        public var errorDescription: String?
    }

    /// Runs git in a folder and returns its standard output. Standard output and standard
    /// error are drained at the same time (git blocks once a pipe's buffer is full), and
    /// `input` is written from another thread for the same reason.
    static func gitData(_ arguments: [String], in folder: URL, input: Data? = nil) throws(Failure) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        let output = Pipe(), errors = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input == nil ? FileHandle.nullDevice : standardInput
        do {
            try process.run()
        } catch {
            throw Failure(errorDescription: "cannot run git: \(error.localizedDescription)")
        }
        let errorData = LockedData()
        var pending = [BlockingWork.start { errorData.set(Self.readToEnd(errors.fileHandleForReading.fileDescriptor)) }]
        if let input {
            pending.append(BlockingWork.start {
                // git may exit before reading everything (a bad revision): a closed pipe is not our error.
                try? standardInput.fileHandleForWriting.write(contentsOf: input)
                try? standardInput.fileHandleForWriting.close()
            })
        }
        let data = Self.readToEnd(output.fileHandleForReading.fileDescriptor)
        pending.forEach { $0.wait() }
        // Both pipes are closed: git has exited or is exiting. Foundation's `waitUntilExit` on
        // Linux polls its run loop in 50 ms steps, which was most of a `--staged` run's cost
        // over a path-based one (several git calls); a short poll of `isRunning` is not.
        while process.isRunning { usleep(200) }
        guard process.terminationStatus == 0 else {
            let detail = String(decoding: errorData.get().prefix(4_000), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(errorDescription: "git \(arguments.joined(separator: " ")) failed: \(TerminalText.printable(detail))")
        }
        return data
    }

    /// Everything a pipe gives until it closes, read in 64 KB steps: `git check-attr --stdin`
    /// flushes after every path, and Foundation's `readDataToEndOfFile` took a second to
    /// gather thousands of such small writes.
    static func readToEnd(_ descriptor: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress!, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }

    static func git(_ arguments: [String], in folder: URL) throws(Failure) -> String {
        String(decoding: try gitData(arguments, in: folder), as: UTF8.self)
    }

    /// The top folder of the git work tree holding `folder`; asked of git once per folder and
    /// run (a `--staged` run asks it for the changed files, the index and the configuration).
    public static func topLevel(of folder: URL) throws(Failure) -> URL {
        if let known = topLevels.value(for: folder.path) { return known }
        let answer: String
        do {
            answer = try git(["rev-parse", "--show-toplevel"], in: folder)
        } catch where !(error.errorDescription ?? "").hasPrefix("cannot run git") {
            throw Failure(errorDescription: "\(TerminalText.printable(folder.path)) is not in a git work tree (--staged and --changed-since ask git what changed)")
        }
        let path = answer.trimmingCharacters(in: .whitespacesAndNewlines)
        let top = URL(fileURLWithPath: path)
        topLevels.set(top, for: folder.path)
        return top
    }

    private static let topLevels = LockedDictionary<URL>()

    /// What a change to a file may be that leaves code to check: added, copied, modified,
    /// renamed, or its type changed (a symlink replaced by a file holding a violation).
    static let changedFilter = "--diff-filter=ACMRT"

    /// Source files added, copied, modified, renamed or changed in type in the index (what the
    /// next commit holds), whether or not they are still in the working tree.
    public static func stagedSwiftFiles(in folder: URL) throws(Failure) -> [URL] {
        let top = try topLevel(of: folder)
        let names = try git(["diff", "--cached", "--name-only", changedFilter, "-z"], in: top)
        return sourceFiles(names, top: top, existingOnly: false)
    }

    /// Source files changed since a revision (committed, staged or not) plus new untracked ones.
    /// The revision must name a commit; it is never read as an option (`--output=FILE`).
    public static func changedSwiftFiles(since revision: String, in folder: URL) throws(Failure) -> [URL] {
        let top = try topLevel(of: folder)
        let commit = try resolveCommit(revision, in: top)
        let changed = try git(["diff", "--name-only", changedFilter, "-z", commit, "--"], in: top)
        let untracked = try git(["ls-files", "--others", "--exclude-standard", "-z"], in: top)
        return sourceFiles(changed + untracked, top: top, existingOnly: true)
    }

    /// The commit a user's revision names, as a full object name. A revision that starts with
    /// '-' is refused before git sees it, and `--end-of-options` keeps any other from being
    /// read as an option.
    static func resolveCommit(_ revision: String, in top: URL) throws(Failure) -> String {
        guard !revision.isEmpty, !revision.hasPrefix("-"), !revision.contains("\0") else {
            throw Failure(errorDescription: "'\(TerminalText.printable(revision))' is not a git revision")
        }
        do {
            let commit = try git(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"], in: top)
            return commit.trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            throw Failure(errorDescription: "'\(TerminalText.printable(revision))' names no commit of this repository")
        }
    }

    /// The commit a change is measured against, for the new-code gate, and how to name it.
    public struct Base: Sendable, Equatable {
        public var commit: String
        /// `HEAD (1a2b3c4)`, `origin/main (1a2b3c4)`, or where the branch left it.
        public var description: String
    }

    /// The base of a change: with `revision`, where the current branch left it (the merge base
    /// of the two, so that what the other branch changed since is not taken for this one's);
    /// without, HEAD (the commit the staged change will follow). Nil for a repository with no
    /// commit yet: everything is new.
    public static func baseCommit(of revision: String?, in folder: URL) throws(Failure) -> Base? {
        let top = try topLevel(of: folder)
        guard let revision else {
            guard let head = try? git(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], in: top)
                .trimmingCharacters(in: .whitespacesAndNewlines), !head.isEmpty else { return nil }
            return Base(commit: head, description: "HEAD (\(head.prefix(7)))")
        }
        let commit = try resolveCommit(revision, in: top)
        let name = TerminalText.printable(revision)
        guard let mergeBase = try? git(["merge-base", commit, "HEAD"], in: top).trimmingCharacters(in: .whitespacesAndNewlines),
              !mergeBase.isEmpty, mergeBase != commit else {
            return Base(commit: commit, description: "\(name) (\(commit.prefix(7)))")
        }
        return Base(commit: mergeBase, description: "where this branch left \(name) (\(mergeBase.prefix(7)))")
    }

    /// The hooks folder of the repository holding `folder` (honours `core.hooksPath`).
    public static func hooksFolder(of folder: URL) throws(Failure) -> URL {
        let path = try git(["rev-parse", "--git-path", "hooks"], in: folder).trimmingCharacters(in: .whitespacesAndNewlines)
        return URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
    }

    private static func sourceFiles(_ nulSeparated: String, top: URL, existingOnly: Bool) -> [URL] {
        let names = Set(nulSeparated.split(separator: "\0").map(String.init).filter { SourceLanguage(path: $0) != nil })
        return names.sorted().map { top.appendingPathComponent($0) }
            .filter { !existingOnly || FileManager.default.fileExists(atPath: $0.path) }
    }
}

/// Work that blocks on a pipe, on a thread of its own. GCD's worker pool is as large as the
/// core count, and pipe reads and writes parked there starved each other: a `--staged` run
/// waited a second for the pool to grow before git's input was written.
enum BlockingWork {
    /// Starts `body`; wait on the returned semaphore for its end.
    static func start(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.start()
        return done
    }
}

/// Answers kept for the run, safe to share between threads.
private final class LockedDictionary<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Value] = [:]

    func value(for key: String) -> Value? { lock.lock(); defer { lock.unlock() }; return values[key] }
    func set(_ value: Value, for key: String) { lock.lock(); values[key] = value; lock.unlock() }
}

/// Bytes handed from a reader thread to the caller.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func set(_ value: Data) { lock.lock(); data = value; lock.unlock() }
    func get() -> Data { lock.lock(); defer { lock.unlock() }; return data }
}
