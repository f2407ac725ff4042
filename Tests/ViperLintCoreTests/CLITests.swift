import Foundation
import Testing
import ViperLintCore

/// The command-line contract: exit codes, reports, errors. Runs the real executable.
@Suite(.serialized) struct CLITests {
    /// The fixture's expected report: counts to compare the text output with.
    static func expected() throws -> (errors: Int, warnings: Int, files: Int, modules: Int) {
        let url = Paths.fixture("ClassicVIPER").appendingPathComponent("expected.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        let bySeverity = try #require(summary["bySeverity"] as? [String: Int])
        return (bySeverity["error"] ?? 0, bySeverity["warning"] ?? 0, summary["files"] as? Int ?? 0, summary["modules"] as? Int ?? 0)
    }

    @Test func lintingTheFixtureExitsOneWithClangStyleFindings() throws {
        let expected = try Self.expected()
        let output = try CLI.run(["lint", "Fixtures/ClassicVIPER"])
        #expect(output.status == 1)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.filter { $0.contains(": error: ") }.count == expected.errors)
        #expect(lines.filter { $0.contains(": warning: ") }.count == expected.warnings)
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("Fixtures/ClassicVIPER/") && $0.hasSuffix("]") })
        #expect(output.stdout.hasSuffix("\(expected.errors) errors, \(expected.warnings) warnings in \(expected.files) files (\(expected.modules) modules).\n"))
    }

    @Test func cleanModuleExitsZero() throws {
        let output = try CLI.run(["lint", "Fixtures/ClassicVIPER/Modules/Home"])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("No violations in "))
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
        let expected = try Self.expected()
        let output = try CLI.run(["lint", "Fixtures/ClassicVIPER", "--report", "json:\(file)", "--report", "text", "--quiet"])
        #expect(output.status == 1)
        #expect(output.stdout.split(separator: "\n").count == expected.errors + expected.warnings)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
        #expect((json?["violations"] as? [Any])?.count == expected.errors + expected.warnings)
    }

    @Test func rulesListsAndExplains() throws {
        let list = try CLI.run(["rules"])
        #expect(list.status == 0)
        #expect(list.stdout.split(separator: "\n").count == RuleRegistry.all.count)
        #expect(list.stdout.contains("concrete-dependency     error     A layer uses a concrete type"))
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
        #expect((parsed?["files"] as? [Any])?.count == (try Self.expected().files))
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

    @Test func initWritesOnceAndRefusesToReplaceWithoutForce() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.copyItem(at: Paths.fixture("CleanSwift"), to: folder)
        try FileManager.default.removeItem(at: folder.appendingPathComponent(".viperlint.json"))

        let printed = try CLI.run(["init", folder.path, "--output", "-"])
        #expect(printed.status == 0)
        #expect(printed.stdout == "{\n  \"version\": 1,\n  \"extends\": \"clean-swift\"\n}\n")
        #expect(printed.stderr.contains("chosen preset: clean-swift"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".viperlint.json").path))

        let written = try CLI.run(["init", folder.path])
        #expect(written.status == 0)
        let again = try CLI.run(["init", folder.path, "--preset", "viper"])
        #expect(again.status == 2)
        #expect(again.stderr.contains("exists; use --force"))
        let forced = try CLI.run(["init", folder.path, "--preset", "viper", "--force"])
        #expect(forced.status == 0)
        let text = try String(contentsOf: folder.appendingPathComponent(".viperlint.json"), encoding: .utf8)
        #expect(text.contains("\"extends\": \"viper\""))
    }

    @Test func configPrintsTheConfigurationInEffect() throws {
        let output = try CLI.run(["config", "Fixtures/LayerFirst"])
        #expect(output.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let dependencies = json?["dependencies"] as? [String: [String: [String]]]
        #expect(dependencies?["Presenter"]?["allow"]?.contains("Interactor") == true)
        let preset = try CLI.run(["config", "--preset", "clean-swift"])
        #expect(preset.stdout.contains("\"extends\": \"clean-swift\""))
        #expect(try CLI.run(["config", "--preset", "vipr"]).status == 64)
    }
}
