import Foundation
import Testing

/// The command-line contract: exit codes, reports, errors. Runs the real executable.
@Suite(.serialized) struct CLITests {
    @Test func lintingTheFixtureExitsOneWithClangStyleFindings() throws {
        let output = try CLI.run(["lint", "Fixtures/ClassicVIPER"])
        #expect(output.status == 1)
        let findings = output.stdout.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(findings.count == 7)
        #expect(findings.allSatisfy { $0.hasPrefix("Fixtures/ClassicVIPER/Modules/") && $0.hasSuffix("]") })
        #expect(output.stdout.hasSuffix("7 errors, 0 warnings in 22 files (3 modules).\n"))
    }

    @Test func cleanProjectExitsZero() throws {
        let output = try CLI.run(["lint", "Fixtures/ClassicVIPER/Modules/Home"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("No violations in 6 files (1 module)."))
    }

    @Test func warningsFailOnlyWithStrict() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write([
            ".viperlint.json": #"{ "version": 1, "rules": { "forbidden-import": "warning" } }"#,
            "Home/HomeInteractor.swift": "import UIKit\nfinal class HomeInteractor {}\n",
        ], into: folder)
        let relaxed = try CLI.run(["lint", folder.path])
        #expect(relaxed.status == 0)
        #expect(relaxed.stdout.contains(": warning: Interactor file of module 'Home' imports 'UIKit'"))
        let strict = try CLI.run(["lint", "--strict", folder.path])
        #expect(strict.status == 1)
    }

    @Test func brokenConfigurationExitsTwoNamingKeyLineAndFix() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write([
            ".viperlint.json": "{\n  \"version\": 1,\n  \"rules\": { \"concrete-dependancy\": \"error\" }\n}\n",
            "A.swift": "struct A {}\n",
        ], into: folder)
        let output = try CLI.run(["lint", folder.path])
        #expect(output.status == 2)
        #expect(output.stderr.contains(".viperlint.json:3:14: rules.concrete-dependancy: unknown rule id 'concrete-dependancy'; did you mean 'concrete-dependency'?"))
        #expect(output.stdout.isEmpty)
    }

    @Test func missingPathAndUnwritableReportExitTwo() throws {
        let missing = try CLI.run(["lint", "No/Such/Folder"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file or folder: No/Such/Folder"))

        let report = try CLI.run(["lint", "Fixtures/ClassicVIPER", "--report", "json:/nonexistent-folder/r.json"])
        #expect(report.status == 2)
        #expect(report.stderr.contains("folder /nonexistent-folder does not exist"))
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent-folder/r.json"))
    }

    @Test func usageErrorsKeepTheArgumentParsersCode() throws {
        let output = try CLI.run(["lint", "--report", "xml", "Fixtures/ClassicVIPER"])
        #expect(output.status == 64)
        let twice = try CLI.run(["lint", "--report", "json", "--report", "text", "Fixtures/ClassicVIPER"])
        #expect(twice.status == 64)
    }

    @Test func severalReportsInOneRun() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report.json").path
        let output = try CLI.run(["lint", "Fixtures/ClassicVIPER", "--report", "json:\(file)", "--report", "text", "--quiet"])
        #expect(output.status == 1)
        #expect(output.stdout.split(separator: "\n").count == 7)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
        #expect((json?["violations"] as? [Any])?.count == 7)
    }

    @Test func rulesListsAndExplains() throws {
        let list = try CLI.run(["rules"])
        #expect(list.status == 0)
        #expect(list.stdout.split(separator: "\n").count == 3)
        #expect(list.stdout.contains("concrete-dependency  error"))
        let one = try CLI.run(["rules", "forbidden-import"])
        #expect(one.status == 0)
        #expect(one.stdout.contains("Triggering examples"))
        #expect(one.stdout.contains("↓import UIKit"))
        let unknown = try CLI.run(["rules", "forbiden-import"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'forbidden-import'?"))
    }

    @Test func classifyExplainsEveryDecision() throws {
        let output = try CLI.run(["classify", "Fixtures/ClassicVIPER"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("  protocol HomeInteractorOutput: layer Presenter (conformance: conformed to by HomePresenter); module Home (module folder: in module folder 'Modules/Home')"))
        #expect(output.stdout.contains("Files with no layer (2): not checked by layer rules.\n  App/AppDelegate.swift\n  Settings/SettingsViewController.swift\n"))
        let json = try CLI.run(["classify", "Fixtures/ClassicVIPER", "--format", "json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((parsed?["files"] as? [Any])?.count == 22)
    }

    @Test func noCommandWritesIntoTheLintedSources() throws {
        let fixture = Paths.fixture("ClassicVIPER")
        let before = try CLI.snapshot(fixture)
        _ = try CLI.run(["lint", fixture.path])
        _ = try CLI.run(["lint", fixture.path, "--report", "json"])
        _ = try CLI.run(["classify", fixture.path])
        _ = try CLI.run(["rules"])
        #expect(try CLI.snapshot(fixture) == before)
    }
}
