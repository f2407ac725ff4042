import Foundation
import Testing
@testable import ViperLintCore

/// `--history FILE`: a line per run with totals by rule and severity, for trends.
@Suite struct RunHistoryTests {
    @Test func eachRunAppendsItsTotalsAndRevision() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("app")
        try FileManager.default.copyItem(at: Paths.fixture("ClassicVIPER"), to: app)
        func git(_ arguments: [String]) throws -> String {
            try CLI.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"] + arguments,
                        in: app, executable: URL(fileURLWithPath: "/usr/bin/env")).stdout
        }
        _ = try git(["init", "-q"])
        _ = try git(["add", "-A"])
        _ = try git(["commit", "-q", "-m", "app"])
        let head = try git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let history = folder.appendingPathComponent("history.jsonl")
        for _ in 0..<2 { #expect(try CLI.run(["lint", app.path, "--quiet", "--history", history.path]).status == 1) }
        let lines = try String(contentsOf: history, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        let result = try Project.locate(paths: [app.path], configuration: nil).lint(threads: 2)
        for line in lines {
            let entry = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(entry["revision"] as? String == head)
            #expect(entry["errors"] as? Int == result.count(.error) && entry["warnings"] as? Int == result.count(.warning))
            let byRule = try #require(entry["byRule"] as? [String: Int])
            #expect(byRule.values.reduce(0, +) == result.violations.count && byRule["layer-dependency"] == 3)
            #expect((entry["time"] as? String)?.hasSuffix("Z") == true && entry["tool"] as? String == ViperLint.version)
        }
        // Outside git there is no revision.
        var outside = result
        outside.root = folder.path
        #expect(RunHistory.revision(of: folder) == nil)
        #expect(RunHistory.entry(for: outside, time: Date(timeIntervalSince1970: 0), revision: nil)
            .hasPrefix(#"{ "time": "1970-01-01T00:00:00Z", "revision": null, "tool": ""#))
    }

    @Test func aHistoryPathThatCannotBeAppendedToStopsTheRunBeforeLinting() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let report = folder.appendingPathComponent("report.json")
        for (path, problem) in [(fifo.path, "not a regular file"), (folder.path, "not a regular file"),
                                (folder.path + "/missing/h.jsonl", "its folder does not exist")] {
            let run = try CLI.run(["lint", Paths.fixture("ClassicVIPER").path, "--history", path, "--report", "json:\(report.path)"])
            #expect(run.status == 2 && run.stderr.contains("cannot append to history file \(path): \(problem)"), "\(path): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: report.path))
        }
        // A FIFO swapped in after the check is opened without blocking and refused.
        #expect(throws: HistoryError.self) { try RunHistory.append("{}", to: fifo.path) }
    }

    /// The dashboard reads a history tolerantly: foreign, cut-off and negative lines are left
    /// out, only the newest runs are kept, and a FIFO or a folder gives no runs (never blocks).
    @Test func theDashboardReadsTheNewestWellFormedRuns() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let history = folder.appendingPathComponent("h.jsonl")
        let good = { (n: Int) in #"{ "time": "t\#(n)", "revision": null, "errors": \#(n), "warnings": 0, "byRule": { "naming": \#(n) } }"# }
        let lines = [good(1), "not json", #"{ "time": "x" }"#, good(2),
                     #"{ "time": "t", "revision": null, "errors": -5, "warnings": 0, "byRule": {} }"#,
                     #"{ "time": "t", "revision": null, "errors": 1, "warnings": 0, "byRule": { "a": "many" } }"#, good(3), #"{ "time": "cut"#]
        try lines.joined(separator: "\n").write(to: history, atomically: true, encoding: .utf8)
        #expect(RunHistory.entries(of: history.path).map(\.errors) == [1, 2, 3])
        #expect(RunHistory.entries(of: history.path, limit: 2).map(\.time) == ["t2", "t3"])
        #expect(RunHistory.entries(of: history.path).last?.byRule == ["naming": 3])
        // Counts no run has (they would overflow the dashboard's sums) and floods of rules are left out.
        let absurd = [#"{ "time": "t", "revision": null, "errors": \#(Int.max), "warnings": 1, "byRule": {} }"#,
                      #"{ "time": "t", "revision": null, "errors": 1, "warnings": 0, "byRule": { "a": \#(Int.max) } }"#,
                      #"{ "time": "t", "revision": null, "errors": 1, "warnings": 0, "byRule": {"#
                        + (0...1_000).map { #""r\#($0)": 1"# }.joined(separator: ", ") + "} }", good(4)]
        let flooded = folder.appendingPathComponent("flooded.jsonl")
        try absurd.joined(separator: "\n").write(to: flooded, atomically: true, encoding: .utf8)
        #expect(RunHistory.entries(of: flooded.path).map(\.errors) == [4])
        // Only the tail is read: the line the cut falls in is dropped, not misread.
        let tail = RunHistory.entries(of: history.path, maximumBytes: good(3).utf8.count + 30)
        #expect(tail.map(\.errors) == [3])
        let fifo = folder.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        #expect(RunHistory.entries(of: fifo.path).isEmpty)
        #expect(RunHistory.entries(of: folder.path).isEmpty)
        #expect(RunHistory.entries(of: folder.appendingPathComponent("missing").path).isEmpty)
    }

    /// Through the CLI: the dashboard of the second run draws both runs.
    @Test func theDashboardDrawsTheHistoryItAppendsTo() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let history = folder.appendingPathComponent("h.jsonl")
        let html = folder.appendingPathComponent("report.html")
        for _ in 0..<2 {
            _ = try CLI.run(["lint", Paths.fixture("ClassicVIPER").path, "--quiet", "--history", history.path, "--report", "html:\(html.path)"])
        }
        let page = try String(contentsOf: html, encoding: .utf8)
        let result = try Project.locate(paths: [Paths.fixture("ClassicVIPER").path], configuration: nil).lint(threads: 2)
        let total = result.violations.count
        #expect(page.contains("<tr><td><code>all</code></td><td><svg class=\"spark\" width=\"240\" height=\"28\" viewBox=\"0 0 240 28\" role=\"img\" aria-label=\"\(total), \(total)\">"))
        #expect(page.contains("<p class=\"note\">2 runs, "))
    }
}
