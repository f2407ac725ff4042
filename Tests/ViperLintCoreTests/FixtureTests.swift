import Foundation
import Testing
@testable import ViperLintCore

/// Every fixture project has an expected report; the planted violations are also marked in
/// the sources (`// expect: rule-id` at the end of a line), an oracle independent of the
/// expected report.
@Suite struct FixtureTests {
    /// Every folder under Fixtures/ is a fixture project; those with Objective-C need a
    /// libclang (without one, `ObjectiveCTests` checks what they report).
    static let fixtures: [String] = {
        let folder = Paths.packageRoot.appendingPathComponent("Fixtures").path
        let all = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        return all.filter { Libclangs.any || !hasObjectiveC($0) }
    }()

    static func hasObjectiveC(_ fixture: String) -> Bool {
        let files = FileManager.default.enumerator(atPath: Paths.fixture(fixture).path)?.compactMap { $0 as? String } ?? []
        return files.contains { SourceLanguage(path: $0) == .objectiveC }
    }

    static func report(_ fixture: String, threads: Int = 2) throws -> (json: String, result: LintResult) {
        let project = try Project.locate(paths: [Paths.fixture(fixture).path], configuration: nil)
        let result = project.lint(threads: threads)
        let json = JSONReporter.report(result).replacingOccurrences(
            of: "\"root\": \"\(result.root)\"", with: "\"root\": \".\"")
        return (json, result)
    }

    @Test func fixturesExist() {
        #expect(Self.fixtures.count >= 2)
    }

    @Test(arguments: fixtures)
    func reportMatchesExpectedJSON(_ fixture: String) throws {
        let expected = try String(contentsOf: Paths.fixture(fixture).appendingPathComponent("expected.json"), encoding: .utf8)
        let actual = try Self.report(fixture).json
        #expect(actual == expected, "regenerate with: swift run viperlint lint Fixtures/\(fixture) --report json, after checking every finding")
    }

    /// Every finding says which of its rule's findings it is, as `rule.kind`; the kinds of a
    /// rule are few (they name code paths, not messages).
    @Test(arguments: fixtures)
    func everyFindingHasAStableMessageIDOfItsRule(_ fixture: String) throws {
        let result = try Project.locate(paths: [Paths.fixture(fixture).path], configuration: nil).lint(threads: 2)
        #expect(!result.violations.isEmpty)
        for violation in result.violations {
            let parts = violation.messageID.split(separator: ".", omittingEmptySubsequences: false)
            #expect(parts.count == 2 && parts[0] == violation.rule && !parts[1].isEmpty, "\(violation.messageID)")
        }
        let kinds = Dictionary(grouping: result.violations, by: \.rule).mapValues { Set($0.map(\.messageID)).count }
        #expect(kinds.values.allSatisfy { $0 <= 3 })
    }

    /// The configuration in effect (the fixture's file over its preset) is pinned next to the
    /// expected report: a preset that changes fails here until the fixture is regenerated and
    /// its report reviewed (Scripts/update-expected.sh).
    @Test(arguments: fixtures)
    func resolvedConfigurationMatchesItsSnapshot(_ fixture: String) throws {
        let project = try Project.locate(paths: [Paths.fixture(fixture).path], configuration: nil)
        let snapshot = try String(contentsOf: Paths.fixture(fixture).appendingPathComponent("expected-config.json"), encoding: .utf8)
        #expect(RuleSetEncoder.encode(project.ruleSet).rendered() == snapshot)
    }

    @Test(arguments: fixtures)
    func findingsAreExactlyThePlantedOnes(_ fixture: String) throws {
        let result = try Self.report(fixture).result
        var planted: Set<String> = []
        for file in result.index.files {
            let text = try String(contentsOf: Paths.fixture(fixture).appendingPathComponent(file.path), encoding: .utf8)
            for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let range = line.range(of: "// expect: ") else { continue }
                for rule in line[range.upperBound...].split(separator: ",") {
                    planted.insert("\(rule.trimmingCharacters(in: .whitespaces)) \(file.path):\(offset + 1)")
                }
            }
        }
        let found = Set(result.violations.map { "\($0.rule) \($0.file):\($0.line)" })
        #expect(!planted.isEmpty)
        #expect(found == planted)
    }

    @Test func cleanModuleYieldsNothingAndEveryRuleIsPlanted() throws {
        let result = try Self.report("ClassicVIPER").result
        #expect(!result.violations.contains { $0.module == "Home" })
        #expect(!result.violations.contains { $0.file.hasPrefix("Settings/") })
        #expect(Set(result.violations.map(\.rule)) == Set(RuleRegistry.ids))
        #expect(result.modules == ["ArticleDetail", "Catalog", "Home", "Profile", "Search"])
    }

    @Test func reportingOneFileStillIndexesTheWholeProject() throws {
        let root = Paths.fixture("ClassicVIPER")
        let file = root.appendingPathComponent("Modules/ArticleDetail/Interactor/ArticleDetailInteractor.swift")
        // The single file is found in its project (the git root here has no .viperlint.json,
        // so the folder is passed first to fix the root).
        let project = try Project.locate(paths: [root.path, file.path], configuration: nil)
        let result = project.lint()
        #expect(result.violations.count > 2)
        let scoped = Project(root: project.root, configurationFile: nil, ruleSet: project.ruleSet,
                             reportScope: .paths(["Modules/ArticleDetail/Interactor/ArticleDetailInteractor.swift"]))
        let only = scoped.lint()
        #expect(only.violations.map(\.rule) == ["weak-back-reference", "concrete-dependency"])
        #expect(only.indexedFileCount == result.fileCount && only.fileCount == 1)
    }
}
