import Foundation

/// Asks git which files a commit or a branch changes, for `--staged` and `--changed-since`.
public enum GitChanges {
    public struct Failure: Error, LocalizedError, Equatable {
        public var errorDescription: String?
    }

    /// Runs git in a folder and returns its standard output.
    static func git(_ arguments: [String], in folder: URL) throws(Failure) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw Failure(errorDescription: "cannot run git: \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let detail = message.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(errorDescription: "git \(arguments.joined(separator: " ")) failed: \(detail)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The top folder of the git work tree holding `folder`.
    public static func topLevel(of folder: URL) throws(Failure) -> URL {
        let path = try git(["rev-parse", "--show-toplevel"], in: folder).trimmingCharacters(in: .whitespacesAndNewlines)
        return URL(fileURLWithPath: path)
    }

    /// Swift files added, copied, modified or renamed in the index (what the next commit holds).
    public static func stagedSwiftFiles(in folder: URL) throws(Failure) -> [URL] {
        let top = try topLevel(of: folder)
        let names = try git(["diff", "--cached", "--name-only", "--diff-filter=ACMR", "-z"], in: top)
        return swiftFiles(names, top: top)
    }

    /// Swift files changed since a revision (committed, staged or not) plus new untracked ones.
    public static func changedSwiftFiles(since revision: String, in folder: URL) throws(Failure) -> [URL] {
        let top = try topLevel(of: folder)
        let changed = try git(["diff", "--name-only", "--diff-filter=ACMR", "-z", revision, "--"], in: top)
        let untracked = try git(["ls-files", "--others", "--exclude-standard", "-z"], in: top)
        return swiftFiles(changed + untracked, top: top)
    }

    /// The hooks folder of the repository holding `folder` (honours `core.hooksPath`).
    public static func hooksFolder(of folder: URL) throws(Failure) -> URL {
        let path = try git(["rev-parse", "--git-path", "hooks"], in: folder).trimmingCharacters(in: .whitespacesAndNewlines)
        return URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
    }

    private static func swiftFiles(_ nulSeparated: String, top: URL) -> [URL] {
        let names = Set(nulSeparated.split(separator: "\0").map(String.init).filter { SourceLanguage(path: $0) != nil })
        return names.sorted().map { top.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }
}
