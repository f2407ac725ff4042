import Foundation
import SwiftParser
import Testing
@testable import ViperLintCore

/// `viperlint fix`: the examples of every fixable rule double as fix tests, and the hostile
/// cases (read-only files, symlinks out, CRLF, byte order marks, conditional and re-exported
/// imports, previews and doc comments) keep files as they must be.
@Suite struct FixTests {
    static let fixableRules: [any FixableRule.Type] = RuleRegistry.all.compactMap { $0 as? any FixableRule.Type }

    static let cases: [RuleExampleTests.Case] = fixableRules.flatMap { rule in
        rule.examples.triggering.map { RuleExampleTests.Case(ruleID: rule.id, example: $0, triggering: true) }
    }

    /// A triggering example with `fixed` files: `fix` writes exactly those, the rule has no
    /// finding left at the fixed sites, every file parses, and a second `fix` changes nothing.
    /// One without: `fix` changes no file and lists the rule's findings as needing a person.
    @Test(arguments: cases)
    func exampleFix(_ testCase: RuleExampleTests.Case) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String: String] = [:]
        for (path, source) in testCase.example.files { files[path] = Markers.strip(source, path: path).source }
        let configuration = try RuleExampleTests.enabling(testCase.ruleID, in: testCase.example.configuration) ?? #"{ "version": 1 }"#
        try CLI.write(files.merging([".viperlint.json": configuration]) { $1 }, into: folder)

        var report = try Self.fix(folder)
        let ours = report.needsPerson.filter { $0.violation.rule == testCase.ruleID }
        let after = try Self.read(files.keys, in: folder)
        if testCase.example.fixed.isEmpty {
            #expect(report.changes.isEmpty && after == files, "\(testCase): changed without an expected fix")
            #expect(!ours.isEmpty)
            return
        }
        var expected = files
        for (path, source) in testCase.example.fixed { expected[path] = source }
        #expect(after == expected, "\(testCase)\n\(after.filter { expected[$0.key] != $0.value }.map { "\($0.key):\n\($0.value)" }.joined())")
        for (path, text) in after { #expect(!Parser.parse(source: text).hasError, "\(path) does not parse after the fix") }
        let relinted = try Project.locate(paths: [folder.path], configuration: nil).lint(threads: 2, cache: nil)
        let left = relinted.violations.filter { $0.rule == testCase.ruleID && testCase.example.fixed.map(\.path).contains($0.file) }
        #expect(left.isEmpty, "\(testCase): left \(left.map(\.message))")
        report = try Self.fix(folder)
        #expect(report.changes.isEmpty, "a second fix changed \(report.changes.map(\.file))")
    }

    /// The README's rule table has a row for each rule, linked to its entry in docs/rules.md,
    /// and marks exactly the rules that have fixes.
    @Test func theReadmeMarksTheFixableRules() throws {
        let readme = try String(contentsOf: Paths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for rule in RuleRegistry.all {
            let row = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| [`\(rule.id)`](docs/rules.md#\(rule.id)) |") },
                                   "\(rule.id) has no row")
            let fixColumn = row.split(separator: "|", omittingEmptySubsequences: false)[3].trimmingCharacters(in: .whitespaces)
            #expect((rule is any FixableRule.Type) == !fixColumn.isEmpty, "\(rule.id): '\(fixColumn)'")
        }
        #expect(Self.fixableRules.count == 3)
    }

    // MARK: hostile cases

    /// A small module whose Interactor imports UIKit for nothing, holds its output strongly
    /// (the View owns the Presenter), and whose view model anyone can set: one fix of each kind.
    static let module: [String: String] = [
        ".viperlint.json": #"{ "version": 1 }"#,
        "Home/HomeViewController.swift": viewController(reading: ["title"]),
        "Home/HomePresenter.swift": "protocol HomeInteractorOutput: AnyObject {}\n\nfinal class HomePresenter: HomeInteractorOutput {\n    var interactor: HomeInteractor?\n}\n",
        "Home/HomeInteractor.swift": "import UIKit\n\nfinal class HomeInteractor {\n    var output: HomeInteractorOutput?\n}\n",
        "Home/HomeViewModel.swift": "final class HomeViewModel {\n    var title = \"\"\n}\n",
    ]

    /// The module's view controller, showing the view model's `properties` (a View reads
    /// display state; `state-write-access` judges only what it reads).
    static func viewController(reading properties: [String]) -> String {
        let reads = properties.map { "        _ = viewModel?.\($0)\n" }.joined()
        return "import UIKit\n\nfinal class HomeViewController: UIViewController {\n    var presenter: HomePresenter!\n    var viewModel: HomeViewModel?\n\n"
            + "    func render() {\n\(reads)    }\n}\n"
    }

    static let fixedInteractor = "import Foundation\n\nfinal class HomeInteractor {\n    weak var output: HomeInteractorOutput?\n}\n"

    static func project(_ changes: [String: String] = [:]) throws -> URL {
        let folder = try CLI.temporaryFolder()
        try CLI.write(module.merging(changes) { $1 }, into: folder)
        return folder
    }

    @Test func fixesEachKindAndKeepsPermissions() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let interactor = folder.appendingPathComponent("Home/HomeInteractor.swift")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: interactor.path)
        let report = try Self.fix(folder)
        #expect(report.fixedCount == 3 && report.unwritten.isEmpty)
        #expect(try String(contentsOf: interactor, encoding: .utf8) == Self.fixedInteractor)
        #expect(try String(contentsOf: folder.appendingPathComponent("Home/HomeViewModel.swift"), encoding: .utf8)
            == "final class HomeViewModel {\n    private(set) var title = \"\"\n}\n")
        #expect((try FileManager.default.attributesOfItem(atPath: interactor.path)[.posixPermissions] as? Int) == 0o640)
        // No temporary file is left beside what was written.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Home").path).sorted()
            == ["HomeInteractor.swift", "HomePresenter.swift", "HomeViewController.swift", "HomeViewModel.swift"])
    }

    @Test func aReadOnlyFileIsLeftAndListed() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let interactor = folder.appendingPathComponent("Home/HomeInteractor.swift")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: interactor.path)
        let report = try Self.fix(folder)
        #expect(try String(contentsOf: interactor, encoding: .utf8) == Self.module["Home/HomeInteractor.swift"])
        #expect(report.needsPerson.filter { $0.reason == "Home/HomeInteractor.swift is read-only" }.count == 2)
        #expect(report.fixedCount == 1)
    }

    @Test func aSymlinkOutOfTheProjectIsNotFollowed() throws {
        let folder = try Self.project()
        let outside = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder); try? FileManager.default.removeItem(at: outside) }
        let target = outside.appendingPathComponent("HomeInteractor.swift")
        try Self.module["Home/HomeInteractor.swift"]!.write(to: target, atomically: true, encoding: .utf8)
        let link = folder.appendingPathComponent("Home/HomeInteractor.swift")
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        _ = try Self.fix(folder)
        #expect(try String(contentsOf: target, encoding: .utf8) == Self.module["Home/HomeInteractor.swift"])
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == target.path)
    }

    @Test func aSymlinkInsideTheProjectHasItsTargetFixedAndStaysALink() throws {
        // The target's folder is excluded, so the file is linted under the link's name only.
        let folder = try Self.project(["Shared/HomeInteractor.swift": Self.module["Home/HomeInteractor.swift"]!,
                                       ".viperlint.json": #"{ "version": 1, "exclude": ["Shared/**"] }"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("Home/HomeInteractor.swift")
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../Shared/HomeInteractor.swift")
        _ = try Self.fix(folder)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == "../Shared/HomeInteractor.swift")
        #expect(try String(contentsOf: link, encoding: .utf8) == Self.fixedInteractor)
    }

    /// A file linted under two names (a symlink and its target): fixed once, under one name.
    @Test func aFileLintedUnderTwoNamesIsFixedOnce() throws {
        let folder = try Self.project(["Shared/HomeInteractor.swift": Self.module["Home/HomeInteractor.swift"]!])
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("Home/HomeInteractor.swift")
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../Shared/HomeInteractor.swift")
        let report = try Self.fix(folder)
        #expect(report.unwritten.isEmpty)
        #expect(report.needsPerson.contains { $0.reason.contains("is the same file as") })
        #expect(try String(contentsOf: link, encoding: .utf8).hasPrefix("import Foundation\n\nfinal class HomeInteractor"))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == "../Shared/HomeInteractor.swift")
    }

    /// Random line edits of a text (LF or CRLF, with or without a last newline): `git apply`
    /// turns the old text into the new with our diff.
    @Test func unifiedDiffsApplyWithGit() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SplitMix(seed: 31)
        let words = ["import UIKit", "", "final class A {", "    var x = 1", "}", "// note", "let y = 2", "func f() {}"]
        for round in 0..<20 {
            var before = (0..<Int.random(in: 1...40, using: &random)).map { _ in words.randomElement(using: &random)! }
            var after = before
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                let line = Int.random(in: 0...after.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: after.insert("inserted \(round)", at: line)
                case 1 where line < after.count: after.remove(at: line)
                default: if line < after.count { after[line] = "changed \(round)" }
                }
            }
            let endsWithNewline = Bool.random(using: &random)
            let newline = Bool.random(using: &random) ? "\r\n" : "\n"
            if before.isEmpty { before = [""] }
            let (old, new) = (before.joined(separator: newline) + (endsWithNewline ? newline : ""), after.joined(separator: newline) + newline)
            let file = folder.appendingPathComponent("File.swift")
            try old.write(to: file, atomically: true, encoding: .utf8)
            let diff = UnifiedDiff.make(path: "File.swift", before: old, after: new)
            try diff.write(to: folder.appendingPathComponent("change.patch"), atomically: true, encoding: .utf8)
            let status = try Self.gitApply("change.patch", in: folder)
            let applied = try String(contentsOf: file, encoding: .utf8)
            #expect(status == 0 && applied == new, "round \(round):\n\(diff)")
        }
    }

    @Test func lineEndingsAndByteOrderMarkStay() throws {
        let crlf = Self.module["Home/HomeInteractor.swift"]!.replacingOccurrences(of: "\n", with: "\r\n")
        let folder = try Self.project(["Home/HomeInteractor.swift": crlf])
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = folder.appendingPathComponent("Home/HomeViewModel.swift")
        try (Data([0xEF, 0xBB, 0xBF]) + Data(Self.module["Home/HomeViewModel.swift"]!.utf8)).write(to: model)
        #expect(try Self.fix(folder).fixedCount == 3)
        let interactor = try Data(contentsOf: folder.appendingPathComponent("Home/HomeInteractor.swift"))
        #expect(String(decoding: interactor, as: UTF8.self) == Self.fixedInteractor.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(try Data(contentsOf: model) == Data([0xEF, 0xBB, 0xBF]) + Data("final class HomeViewModel {\n    private(set) var title = \"\"\n}\n".utf8))
    }

    /// A replacement of several imports keeps CRLF too: `import Foundation` and `import Combine`.
    @Test func replacementImportsUseTheFilesLineEnding() throws {
        let presenter = "import SwiftUI\r\n\r\nfinal class HomePresenter: ObservableObject {\r\n    @Published private(set) var title = \"\"\r\n}\r\n"
        #expect(try Self.fixed("Home/HomePresenter.swift", presenter)
            == "import Foundation\r\nimport Combine\r\n\r\nfinal class HomePresenter: ObservableObject {\r\n    @Published private(set) var title = \"\"\r\n}\r\n")
    }

    /// Imports a mechanical fix must not touch, and imports it may remove although a comment names the framework.
    @Test(arguments: [
        ("#if canImport(UIKit)\nimport UIKit\n#endif\n\nfinal class HomeInteractor {}\n", "conditional (#if)"),
        ("@_exported import UIKit\n\nfinal class HomeInteractor {}\n", "re-exports UIKit"),
        ("import UIKit\n\nfinal class HomeInteractor {\n    func row(at indexPath: IndexPath) -> Int { indexPath.row }\n}\n", "still uses 'row'"),
        ("import SwiftUI\n\nfinal class HomeInteractor {}\n\n#Preview {\n    Text(\"Home\")\n}\n", "still uses"),
        ("import UIKit\n\nfinal class HomeInteractor {\n    var layer: CALayer?\n}\n", "'CALayer' (QuartzCore"),
        // Issue 53: UIKit's additions to Foundation types (UIGeometry.h's NSValue and NSCoder
        // categories, NSAttributedString's document reading) need UIKit, not Foundation.
        ("import UIKit\n\nfinal class HomeInteractor {\n    func box(_ frame: CGRect) -> NSValue { NSValue(cgRect: frame) }\n}\n", "still uses 'cgRect'"),
        ("import UIKit\n\nfinal class HomeInteractor {\n    func frame(_ value: NSValue) -> CGRect { value.cgRectValue }\n}\n", "still uses 'cgRectValue'"),
        ("import UIKit\n\nfinal class HomeInteractor {\n    func insets(_ coder: NSCoder) -> Any { coder.decodeUIEdgeInsets(forKey: \"i\") }\n}\n",
         "still uses 'decodeUIEdgeInsets'"),
        ("import UIKit\n\nfinal class HomeInteractor {\n    func text(_ html: Data) throws -> NSAttributedString {\n"
            + "        try NSAttributedString(data: html, options: [.documentType: NSAttributedString.DocumentType.html], documentAttributes: nil)\n    }\n}\n",
         "still uses"),
    ])
    func importsThatStay(_ source: String, reason: String) throws {
        let folder = try Self.project(["Home/HomeInteractor.swift": source])
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try Self.fix(folder)
        #expect(try String(contentsOf: folder.appendingPathComponent("Home/HomeInteractor.swift"), encoding: .utf8) == source)
        let refusals = report.needsPerson.filter { $0.violation.rule == ForbiddenImportRule.id }
        #expect(!refusals.isEmpty && refusals.allSatisfy { $0.reason.contains(reason) }, "\(refusals.map(\.reason))")
    }

    /// A property another file passes `inout` (`&viewModel.title`) is written there: no `private(set)`.
    @Test func aPropertyPassedInoutElsewhereKeepsItsSetter() throws {
        let folder = try Self.project([
            "Home/HomeRouter.swift": "final class HomeRouter {\n    func reset(_ model: HomeViewModel) {\n        clear(&model.title)\n    }\n\n    func clear(_ text: inout String) { text = \"\" }\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try Self.fix(folder)
        #expect(try String(contentsOf: folder.appendingPathComponent("Home/HomeViewModel.swift"), encoding: .utf8) == Self.module["Home/HomeViewModel.swift"])
        #expect(!report.changes.contains { $0.file == "Home/HomeViewModel.swift" })
    }

    @Test func anImportNamedOnlyInCommentsGoes() throws {
        let source = "/// Shows a `UIImage` one day; see ``UIViewController``.\nimport UIKit // UIColor later\n\nfinal class HomeInteractor {\n    // UIKit: UILabel\n}\n"
        #expect(try Self.fixed("Home/HomeInteractor.swift", source)
            == "/// Shows a `UIImage` one day; see ``UIViewController``.\nimport Foundation // UIColor later\n\nfinal class HomeInteractor {\n    // UIKit: UILabel\n}\n")
    }

    @Test func aFileChangedSinceTheLintIsLeftAlone() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let interactor = folder.appendingPathComponent("Home/HomeInteractor.swift")
        let result = try Project.locate(paths: [folder.path], configuration: nil).lint(threads: 2, cache: nil, needsIndex: true)
        let edited = Self.module["Home/HomeInteractor.swift"]! + "final class Later {}\n"
        try edited.write(to: interactor, atomically: true, encoding: .utf8)
        var report = Fixer.plan(result)
        #expect(report.needsPerson.contains { $0.reason.hasSuffix("changed since it was linted: run fix again") })
        // Changed between the plan and the write: listed, not written.
        let model = folder.appendingPathComponent("Home/HomeViewModel.swift")
        try "final class HomeViewModel {\n    var title = \"x\"\n}\n".write(to: model, atomically: true, encoding: .utf8)
        Fixer.write(&report)
        #expect(report.unwritten.map(\.file) == ["Home/HomeViewModel.swift"])
        #expect(try String(contentsOf: model, encoding: .utf8) == "final class HomeViewModel {\n    var title = \"x\"\n}\n")
        #expect(try String(contentsOf: interactor, encoding: .utf8) == edited)
    }

    /// A generated file is skipped by the run, so nothing of it is fixed, however it reads.
    @Test func aGeneratedFileIsNotTouched() throws {
        let generated = "// Code generated by a tool. DO NOT EDIT.\n" + Self.module["Home/HomeInteractor.swift"]!
        let folder = try Self.project(["Home/HomeInteractor.swift": generated])
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try Self.fix(folder)
        #expect(try String(contentsOf: folder.appendingPathComponent("Home/HomeInteractor.swift"), encoding: .utf8) == generated)
        #expect(!report.changes.contains { $0.file == "Home/HomeInteractor.swift" })
    }

    @Test func aFileWithASyntaxErrorIsLeftAlone() throws {
        let broken = Self.module["Home/HomeInteractor.swift"]! + "func broken( {\n"
        let folder = try Self.project(["Home/HomeInteractor.swift": broken])
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try Self.fix(folder)
        #expect(try String(contentsOf: folder.appendingPathComponent("Home/HomeInteractor.swift"), encoding: .utf8) == broken)
        #expect(report.needsPerson.contains { $0.reason == "Home/HomeInteractor.swift has a syntax error" })
    }

    /// The dry run's diff is a patch `git apply` takes, and it gives what `fix` writes.
    @Test func theDryRunDiffAppliesWithGit() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dry = try CLI.run(["fix", "--dry-run", folder.path])
        #expect(dry.status == 1 && dry.stderr.contains("would fix 3 findings in 2 files"))
        #expect(try String(contentsOf: folder.appendingPathComponent("Home/HomeInteractor.swift"), encoding: .utf8) == Self.module["Home/HomeInteractor.swift"])
        let patch = folder.appendingPathComponent("fix.patch")
        try dry.stdout.write(to: patch, atomically: true, encoding: .utf8)
        #expect(try Self.gitApply("fix.patch", in: folder) == 0)
        #expect(try String(contentsOf: folder.appendingPathComponent("Home/HomeInteractor.swift"), encoding: .utf8) == Self.fixedInteractor)
        try FileManager.default.removeItem(at: patch)
        let again = try CLI.run(["fix", folder.path])
        #expect(again.status == 0 && again.stdout.contains("fixed 0 findings in 0 files"), "\(again.stdout)")
    }

    /// A file name with a newline, a quote and a backslash is quoted as git quotes it: it
    /// cannot add lines to the patch (`+++ b/../elsewhere`), and `git apply` fixes that file.
    @Test func aFileNameCannotForgePatchLines() throws {
        let name = "Home/Home\n+++ b/Other\"x\\ViewModel.swift"
        let folder = try Self.project([name: Self.module["Home/HomeViewModel.swift"]!])
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Home/HomeViewModel.swift"))
        #expect(UnifiedDiff.quoted("a/" + name) == #""a/Home/Home\n+++ b/Other\"x\\ViewModel.swift""#)
        let dry = try CLI.run(["fix", "--dry-run", folder.path])
        #expect(!dry.stdout.contains("\n+++ b/Other"), "\(dry.stdout)")
        try dry.stdout.write(to: folder.appendingPathComponent("fix.patch"), atomically: true, encoding: .utf8)
        #expect(try Self.gitApply("fix.patch", in: folder) == 0)
        #expect(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).contains("private(set) var title"))
    }

    @Test func lintWithFixReportsWhatIsLeft() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(["lint", "--fix", folder.path, "--report", "json"])
        #expect(run.stderr.contains("fixed 3 findings in 2 files"))
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let rules = ((json?["violations"] as? [[String: Any]]) ?? []).compactMap { $0["rule"] as? String }
        #expect(!rules.contains("forbidden-import") && !rules.contains("weak-back-reference") && !rules.contains("state-write-access"))
        #expect(try String(contentsOf: folder.appendingPathComponent("Home/HomeInteractor.swift"), encoding: .utf8) == Self.fixedInteractor)
    }

    /// The module with `source` at `path`, fixed: what `path` reads afterwards.
    static func fixed(_ path: String, _ source: String) throws -> String {
        let folder = try project([path: source])
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try fix(folder)
        return try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    /// `git apply PATCH` in `folder` (the real tool reads our diffs): its exit status.
    static func gitApply(_ patch: String, in folder: URL) throws -> Int32 {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "apply", patch]
        git.currentDirectoryURL = folder
        try git.run()
        git.waitUntilExit()
        return git.terminationStatus
    }

    /// Lints the project in `folder`, plans its fixes and writes them.
    static func fix(_ folder: URL, dryRun: Bool = false) throws -> FixReport {
        let result = try Project.locate(paths: [folder.path], configuration: nil).lint(threads: 2, cache: nil, needsIndex: true)
        var report = Fixer.plan(result)
        if !dryRun { Fixer.write(&report) }
        return report
    }

    static func read(_ paths: some Sequence<String>, in folder: URL) throws -> [String: String] {
        try Dictionary(uniqueKeysWithValues: paths.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) })
    }
}
