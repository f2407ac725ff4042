import Foundation
import Testing
@testable import ViperLintCore

/// `viperlint diff`: findings added and removed between two JSON reports, matched by
/// fingerprint, and every unreadable report refused with exit 2.
@Suite struct ReportDiffTests {
    /// The fixture, then the fixture with a file's code moved down, a violating file added and
    /// one removed: two reports of real runs.
    static func reports(in folder: URL) throws -> (old: URL, new: URL) {
        let app = folder.appendingPathComponent("app")
        try FileManager.default.copyItem(at: Paths.fixture("ClassicVIPER"), to: app)
        let old = folder.appendingPathComponent("old.json"), new = folder.appendingPathComponent("new.json")
        #expect(try CLI.run(["lint", app.path, "--no-cache", "--report", "json:\(old.path)"]).status == 1)
        let moved = app.appendingPathComponent("Modules/ArticleDetail/Interactor/ArticleDetailInteractor.swift")
        try ("// two lines added above\n\n" + String(contentsOf: moved, encoding: .utf8)).write(to: moved, atomically: true, encoding: .utf8)
        // Wired to its module like a real part: an Interactor that nothing connects is no screen's.
        try "import UIKit\n\nfinal class ExtraInteractor {\n    weak var output: HomeInteractorOutput?\n}\n".write(to: app.appendingPathComponent("Modules/Home/ExtraInteractor.swift"),
                                                                  atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: app.appendingPathComponent("Entities/Article+ReadingTime.swift"))
        #expect(try CLI.run(["lint", app.path, "--no-cache", "--report", "json:\(new.path)"]).status == 1)
        return (old, new)
    }

    /// Issue 28: the text printed a hostile report's path, rule and severity raw (terminal
    /// control sequences), and backticks or bars in a path broke the Markdown table.
    @Test func hostileFieldsReachNeitherTheTerminalNorTheMarkdownRaw() {
        let hostile = ReportDiff.Finding(rule: "rule\u{1B}[2J", severity: "error\u{07}", message: "gone\u{1B}]0;title\u{07}",
                                         file: "Mod`ules|x/\u{1B}[31mA.swift", line: 3, column: 1, symbol: nil, fingerprint: "f1")
        let diff = ReportDiff(old: [], new: [hostile])
        let text = diff.text()
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
        #expect(text.contains("[rule\\u{1b}[2J]") && text.contains(": error\\u{7}: "))
        let markdown = diff.markdown()
        #expect(!markdown.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
        let row = markdown.split(separator: "\n").first { $0.hasPrefix("| error") }.map(String.init) ?? ""
        // Four cells: the `|` in the path is escaped, and the path's backtick does not end its code span.
        #expect(row.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count == 5)
        #expect(row.contains("``Mod`ules\\|x/"))
    }

    /// Issue 28: a folder given as a report was named a device.
    @Test func aFolderGivenAsAReportIsNamedAFolder() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: ReportDiffError.self) { try ReportDiff.findings(inReportAt: folder.path) }
        do {
            _ = try ReportDiff.findings(inReportAt: folder.path)
        } catch {
            #expect(error.description.hasSuffix(": a folder, not a regular file"))
        }
    }

    @Test func addedAndRemovedFindingsAreListedAndMovedCodeIsNeither() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (old, new) = try Self.reports(in: folder)
        let before = try ReportDiff.findings(inReportAt: old.path), after = try ReportDiff.findings(inReportAt: new.path)
        let diff = ReportDiff(old: before, new: after)
        #expect(diff.added.map { "\($0.file) \($0.rule)" } == ["Modules/Home/ExtraInteractor.swift forbidden-import"])
        #expect(diff.removed.map { "\($0.file) \($0.rule)" } == ["Entities/Article+ReadingTime.swift entity-pure-data"])
        #expect(diff.unchanged == after.count - 1 && diff.unchanged == before.count - 1)
        // The moved interactor's findings changed lines but are the same findings.
        #expect(after.contains { $0.file.hasSuffix("ArticleDetailInteractor.swift") && !before.contains($0) })

        let json = try #require(try JSONSerialization.jsonObject(with: Data(diff.json().utf8)) as? [String: Any])
        #expect((json["added"] as? [[String: Any]])?.first?["rule"] as? String == "forbidden-import")
        #expect((json["removed"] as? [[String: Any]])?.count == 1 && json["unchanged"] as? Int == diff.unchanged)
        #expect(diff.markdown().contains("#### Added\n\n| severity | rule | where | finding |"))
        let text = diff.text()
        #expect(text.hasPrefix("+ Modules/Home/ExtraInteractor.swift:1:1: error: "))
        #expect(text.contains("\n- Entities/Article+ReadingTime.swift:") && text.hasSuffix("1 added (1 error), 1 removed, \(diff.unchanged) unchanged\n"))

        // The command: --fail-on-added turns an added error into exit 1; reversed, nothing is added.
        #expect(try CLI.run(["diff", old.path, new.path]).status == 0)
        #expect(try CLI.run(["diff", old.path, new.path, "--fail-on-added"]).status == 1)
        let reversed = try CLI.run(["diff", new.path, old.path, "--format", "json", "--fail-on-added"])
        #expect(reversed.status == 0)
        let reversedJSON = try #require(try JSONSerialization.jsonObject(with: Data(reversed.stdout.utf8)) as? [String: Any])
        #expect((reversedJSON["added"] as? [Any])?.count == 1 && (reversedJSON["removed"] as? [Any])?.count == 1)
    }

    /// Issue 28: a known finding that grew a new use (a new member using the same Entity,
    /// grouped into it as a related site) had the same fingerprint, so `diff --fail-on-added`
    /// saw nothing new. It is added now; the same finding moved down is not.
    @Test func aKnownFindingWithANewUseIsAdded() throws {
        func report(_ view: String) throws -> [ReportDiff.Finding] {
            let result = try TestProject.lint([("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                                               ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                                               ("Entities/Article.swift", "struct Article: Codable {\n    let title: String\n}\n"),
                                               ("Home/HomeViewController.swift", view)])
            return try ReportDiff.findings(inReport: JSONReporter.report(result), path: "report.json")
        }
        let known = "import UIKit\n\nfinal class HomeViewController: UIViewController {\n    var items: [Article] = []\n    func show(_ article: Article) {}\n}\n"
        let before = try report(known)
        let finding = try #require(before.first { $0.rule == LayerDependencyRule.id })
        #expect(finding.siteFingerprints?.count == 1)

        let moved = ReportDiff(old: before, new: try report("// moved down\n\n" + known))
        #expect(moved.added.isEmpty && moved.removed.isEmpty)
        let grown = ReportDiff(old: before, new: try report(known.replacingOccurrences(
            of: "    func show(_ article: Article) {}\n", with: "    func show(_ article: Article) {}\n    func pin(_ pinned: Article) {}\n")))
        #expect(grown.added.map(\.rule) == [LayerDependencyRule.id] && grown.removed.isEmpty)
        #expect(grown.added.first?.siteFingerprints?.count == 2)
        // The use that went away: fewer uses of the same finding is nothing added.
        let shrunk = ReportDiff(old: try report(known.replacingOccurrences(of: "    func show(_ article: Article) {}\n",
                                                                             with: "    func show(_ article: Article) {}\n    func pin(_ pinned: Article) {}\n")),
                                new: before)
        #expect(shrunk.added.isEmpty && shrunk.removed.isEmpty)

        // A report written before site fingerprints compares as it did: by the finding's fingerprint.
        var legacy = before
        for index in legacy.indices { legacy[index].siteFingerprints = nil }
        #expect(ReportDiff(old: legacy, new: grown.added + before.filter { $0.rule != LayerDependencyRule.id }).added.isEmpty)
        let oldText = #"{ "version": 1, "violations": [ { "rule": "r", "severity": "error", "message": "m", "file": "f", "line": 3, "column": 1, "#
            + #""related": [ { "file": "f", "line": 4, "column": 1, "message": "another use" } ] } ] }"#
        #expect(try ReportDiff.findings(inReport: oldText, path: "old.json").first?.siteFingerprints == nil)
        #expect(throws: ReportDiffError.self) {
            try ReportDiff.findings(inReport: oldText.replacingOccurrences(of: #"[ { "file": "f", "line": 4, "column": 1, "message": "another use" } ]"#,
                                                                           with: #""all""#), path: "bad.json")
        }
    }

    @Test func findingsAreMatchedAsOftenAsTheyOccurAndOldReportsWithoutFingerprintsStillMatch() {
        func finding(_ line: Int, fingerprint: String?) -> ReportDiff.Finding {
            .init(rule: "forbidden-import", severity: "error", message: "m", file: "A.swift", line: line, column: 1,
                  symbol: "UIKit", fingerprint: fingerprint)
        }
        let twice = ReportDiff(old: [finding(1, fingerprint: "f")], new: [finding(1, fingerprint: "f"), finding(2, fingerprint: "f")])
        #expect(twice.added.map(\.line) == [2] && twice.removed.isEmpty && twice.unchanged == 1)
        // Without fingerprints on one side: rule, file, symbol and message, whatever the line.
        let legacy = ReportDiff(old: [finding(1, fingerprint: nil)], new: [finding(7, fingerprint: "f")])
        #expect(legacy.added.isEmpty && legacy.removed.isEmpty && legacy.unchanged == 1)
    }

    @Test func unreadableReportsExitTwoSayingWhichAndWhy() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.json")
        try #"{ "version": 1, "violations": [] }"#.write(to: good, atomically: true, encoding: .utf8)
        let cases: [(String, Data?, String)] = [
            ("missing.json", nil, "no such file"),
            ("syntax.json", Data("{ \"version\": 1,\n  \"violations\": [ }".utf8), "2:19: unexpected character"),
            ("array.json", Data("[]".utf8), "expected a viperlint JSON report (an object), found an array"),
            ("v2.json", Data(#"{ "version": 2, "violations": [] }"#.utf8), "expected 'version': 1"),
            ("list.json", Data(#"{ "version": 1, "violations": {} }"#.utf8), "expected 'violations', an array"),
            ("line.json", Data(#"{ "version": 1, "violations": [ { "rule": "r", "severity": "error", "message": "m", "file": "f", "line": -3, "column": 1 } ] }"#.utf8),
             "expected 'line', a positive integer"),
            ("latin1.json", Data([0x7B, 0xE9, 0x7D]), "not UTF-8 text"),
            // A severity the gate would not count as an error is refused, not taken as a warning.
            ("severity.json", Data(#"{ "version": 1, "violations": [ { "rule": "r", "severity": "ERROR", "message": "m", "file": "f", "line": 1, "column": 1 } ] }"#.utf8),
             #"expected 'severity', "error" or "warning", found "ERROR""#),
        ]
        for (name, contents, message) in cases {
            let path = folder.appendingPathComponent(name)
            if let contents { try contents.write(to: path) }
            let result = try CLI.run(["diff", good.path, path.path])
            #expect(result.status == 2, "\(name)")
            #expect(result.stderr.contains("cannot read report \(path.path): ") && result.stderr.contains(message), "\(name): \(result.stderr)")
        }
        // A FIFO is never opened for reading (it would wait for a writer), a folder is no report.
        let fifo = folder.appendingPathComponent("fifo.json")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        for path in [fifo.path, folder.path] {
            let result = try CLI.run(["diff", path, good.path])
            #expect(result.status == 2 && result.stderr.contains("not a regular file"), "\(path): \(result.stderr)")
        }
    }
}
