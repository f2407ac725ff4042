import Foundation
import Testing
@testable import ViperLintCore

/// What `fix --dry-run` prints is a patch for the files it names, wherever the project sits
/// in its repository; the diff is right however large the edit; and `lint --fix` leaves the
/// tree as it was when the run cannot finish.
@Suite struct FixPatchTests {
    // MARK: patch paths

    /// A monorepo whose root project and nested project `apps/<name>` hold the same files:
    /// the nested project's dry run, applied by `git apply` at the repository's top (or in a
    /// folder below it), changes the nested project's files and not the root's.
    @Test(arguments: ["A", "My App \"v2\"\\x\té"])
    func aNestedProjectsPatchAppliesToItsOwnFiles(_ name: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files = FixTests.module
        for (path, text) in FixTests.module { files["apps/\(name)/\(path)"] = text }
        try CLI.write(files, into: folder)
        try GateTests.git(["init", "-q"], in: folder)
        let nested = "apps/\(name)/Home/HomeInteractor.swift", root = "Home/HomeInteractor.swift"

        for (directory, argument) in [(folder, "apps/\(name)"), (folder.appendingPathComponent("apps"), name)] {
            let dry = try CLI.run(["fix", "--dry-run", "--no-cache", argument], in: directory)
            #expect(dry.status == 1, "\(dry.stderr)")
            #expect(dry.stdout.contains(UnifiedDiff.quoted("a/" + nested)), "\(dry.stdout)")
            try dry.stdout.write(to: directory.appendingPathComponent("fix.patch"), atomically: true, encoding: .utf8)
            #expect(try GateTests.git(["apply", "fix.patch"], in: directory) == 0, "\(dry.stdout)")
            try FileManager.default.removeItem(at: directory.appendingPathComponent("fix.patch"))
            #expect(try String(contentsOf: folder.appendingPathComponent(nested), encoding: .utf8) == FixTests.fixedInteractor)
            #expect(try String(contentsOf: folder.appendingPathComponent(root), encoding: .utf8) == FixTests.module[root])
            try FixTests.module[root]!.write(to: folder.appendingPathComponent(nested), atomically: true, encoding: .utf8)
            try FixTests.module["Home/HomeViewModel.swift"]!.write(to: folder.appendingPathComponent("apps/\(name)/Home/HomeViewModel.swift"),
                                                                   atomically: true, encoding: .utf8)
        }
    }

    /// Outside git, paths are relative to the working folder when the project is inside it,
    /// else to the project root; a file reached through a symlink is named by its target.
    @Test func pathsOutsideGit() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("apps/A")
        try CLI.write(FixTests.module, into: project)
        let dry = try CLI.run(["fix", "--dry-run", "--no-cache", "apps/A"], in: folder)
        #expect(dry.stdout.contains("--- a/apps/A/Home/HomeInteractor.swift\n"), "\(dry.stdout)")
        try dry.stdout.write(to: folder.appendingPathComponent("fix.patch"), atomically: true, encoding: .utf8)
        #expect(try GateTests.git(["apply", "fix.patch"], in: folder) == 0)
        #expect(try String(contentsOf: project.appendingPathComponent("Home/HomeInteractor.swift"), encoding: .utf8) == FixTests.fixedInteractor)

        let elsewhere = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        #expect(UnifiedDiff.patchBase(projectRoot: project, workingDirectory: elsewhere) == Fixer.realPath(project.path))
        #expect(UnifiedDiff.patchBase(projectRoot: project, workingDirectory: folder) == Fixer.realPath(folder.path))
    }

    /// Issue 53: a file starting with a byte order mark, edited on line 1, and another file:
    /// the dry run's patch must apply with `git apply` (it dropped the mark from line 1, so git
    /// rejected the whole patch), and give the bytes `fix` writes.
    @Test func aPatchKeepsTheByteOrderMark() throws {
        let presenter = "import UIKit\n\n" + FixTests.module["Home/HomePresenter.swift"]!
        let folder = try FixTests.project(["Home/HomeInteractor.swift": "\u{FEFF}" + FixTests.module["Home/HomeInteractor.swift"]!,
                                           "Home/HomePresenter.swift": presenter])
        defer { try? FileManager.default.removeItem(at: folder) }
        try GateTests.git(["init", "-q"], in: folder)
        let dry = try CLI.run(["fix", "--dry-run", "--no-cache"], in: folder)
        #expect(dry.status == 1, "\(dry.stderr)")
        #expect(dry.stdout.contains("a/Home/HomeInteractor.swift") && dry.stdout.contains("a/Home/HomePresenter.swift"), "\(dry.stdout)")
        try Data(dry.stdout.utf8).write(to: folder.appendingPathComponent("fix.patch"))
        #expect(try GateTests.git(["apply", "--check", "fix.patch"], in: folder) == 0, "\(dry.stdout)")
        #expect(try GateTests.git(["apply", "fix.patch"], in: folder) == 0)
        let patched = try Data(contentsOf: folder.appendingPathComponent("Home/HomeInteractor.swift"))
        #expect(patched == Data(("\u{FEFF}" + FixTests.fixedInteractor).utf8))
        #expect(try String(contentsOf: folder.appendingPathComponent("Home/HomePresenter.swift"), encoding: .utf8) != presenter)
    }

    // MARK: the diff

    /// Random pairs of texts, from empty to a few dozen lines, LF, CRLF or lone-CR breaks,
    /// with and without a last newline: `git apply` turns `before` into `after` with the
    /// diff, and the diff changes no more lines than the shortest edit script does.
    @Test func randomDiffsApplyAndAreShortest() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SplitMix(seed: 42)
        let words = ["a", "b", "c", "", "}", "import UIKit", "a\r", "x y"]
        func text(_ lines: [String]) -> String {
            guard !lines.isEmpty else { return "" }
            let newline = ["\n", "\r\n", "\r"].randomElement(using: &random)!
            return lines.joined(separator: newline) + (Bool.random(using: &random) ? newline : "")
        }
        var pairs: [(String, String)] = [("", "a\n"), ("a\n", ""), ("", "a"), ("a", "a\n"), ("a\n", "a"), ("a\rb\rc", "a\rB\rc"),
                                         ("a\r\nb\r\n", "a\nb\n"), ("x", "y"), ("a\nb\nc\n", "c\nb\na\n")]
        for _ in 0..<150 {
            let before = (0..<Int.random(in: 0...30, using: &random)).map { _ in words.randomElement(using: &random)! }
            var after = before
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                let line = Int.random(in: 0...after.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: after.insert(words.randomElement(using: &random)!, at: line)
                case 1 where line < after.count: after.remove(at: line)
                default: if line < after.count { after[line] = words.randomElement(using: &random)! }
                }
            }
            if Bool.random(using: &random) { after = (0..<Int.random(in: 0...20, using: &random)).map { _ in words.randomElement(using: &random)! } }
            pairs.append((text(before), text(after)))
        }
        let file = folder.appendingPathComponent("File.swift")
        for (number, (before, after)) in pairs.enumerated() {
            try Data(before.utf8).write(to: file)
            let diff = UnifiedDiff.make(path: "File.swift", before: before, after: after)
            #expect(diff.isEmpty == (before == after))
            if diff.isEmpty { continue }
            try Data(diff.utf8).write(to: folder.appendingPathComponent("change.patch"))
            let status = try GateTests.git(["apply", "change.patch"], in: folder)
            let applied = try Data(contentsOf: file)
            #expect(status == 0 && applied == Data(after.utf8), "pair \(number): \(before.debugDescription) -> \(after.debugDescription)\n\(diff)")
            let (old, new) = (Self.lines(before), Self.lines(after))
            let changed = UnifiedDiff.editScript(old, new).filter { $0 != .same }.count
            #expect(changed == old.count + new.count - 2 * Self.longestCommonSubsequence(old, new), "pair \(number)")
        }
    }

    /// Tens of thousands of lines with thousands edited (changed, inserted, deleted, moved):
    /// the diff applies. Its memory is measured by Benchmarks/fix_diff_memory.py, not here.
    @Test func aLargeDiffApplies() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SplitMix(seed: 7)
        let before = (0..<40_000).map { "    var value\($0) = \($0 % 17)" }
        var after = before
        for _ in 0..<4_000 {
            let line = Int.random(in: 0..<after.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: after[line] = "    private(set) var changed\(line) = 0"
            case 1: after.insert("    // inserted", at: line)
            case 2: after.remove(at: line)
            default: after.insert(after.remove(at: line), at: Int.random(in: 0..<after.count, using: &random))
            }
        }
        let (old, new) = (before.joined(separator: "\n") + "\n", after.joined(separator: "\n") + "\n")
        let file = folder.appendingPathComponent("Big.swift")
        try Data(old.utf8).write(to: file)
        let diff = UnifiedDiff.make(path: "Big.swift", before: old, after: new)
        try Data(diff.utf8).write(to: folder.appendingPathComponent("big.patch"))
        #expect(try GateTests.git(["apply", "big.patch"], in: folder) == 0)
        #expect(try Data(contentsOf: file) == Data(new.utf8))
    }

    // MARK: lint --fix writes only when the run can finish

    /// Each way `lint --fix` could stop with exit 2 after fixing: it stops before, and every
    /// source file holds the bytes it held.
    @Test(arguments: [
        (["--report", "json:missing-folder/r.json"], [:]),
        (["--report", "json:locked/r.json"], [:]),
        (["--report", "html:Home"], [:]),
        (["--write-baseline", "missing-folder/baseline.json"], [:]),
        (["--baseline", "baseline.json"], ["baseline.json": "{ not json"]),
        (["--baseline", "missing.json"], [:]),
        (["--history", "missing-folder/history.jsonl"], [:]),
        ([], ["Nested/.viperlint.json": "{ not json", "Nested/Thing.swift": "final class Thing {}\n"]),
    ] as [([String], [String: String])])
    func lintWithFixWritesNothingWhenTheRunCannotFinish(_ arguments: [String], _ extra: [String: String]) throws {
        let folder = try FixTests.project(extra)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.appendingPathComponent("locked").path)
            try? FileManager.default.removeItem(at: folder)
        }
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
        if arguments.contains("json:locked/r.json"), FileManager.default.isWritableFile(atPath: locked.path) { return }  // root
        let before = try Self.snapshot(folder)
        let run = try CLI.run(["lint", "--fix", "--no-cache", "."] + arguments, in: folder)
        #expect(run.status == 2, "\(arguments): \(run.stderr)")
        #expect(!run.stderr.contains("fixed "), "\(run.stderr)")
        #expect(try Self.snapshot(folder) == before, "\(arguments) changed the tree")
        // The same run with what it needs fixes the files.
        if arguments.isEmpty { return }
        let fixed = try CLI.run(["lint", "--fix", "--no-cache", ".", "--quiet"], in: folder)
        #expect(fixed.stderr.contains("fixed 3 findings in 2 files"), "\(fixed.stderr)")
    }

    // MARK: helpers

    /// Every file's bytes under `folder`, by relative path.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            let url = folder.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    /// The lines as the diff splits them: each with its "\n", a last one without.
    static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            current.unicodeScalars.append(scalar)
            if scalar == "\n" { lines.append(current); current = "" }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    static func longestCommonSubsequence(_ a: [String], _ b: [String]) -> Int {
        var previous = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var row = [0]
            for (j, y) in b.enumerated() { row.append(x == y ? previous[j] + 1 : max(previous[j + 1], row[j])) }
            previous = row
        }
        return previous[b.count]
    }
}
