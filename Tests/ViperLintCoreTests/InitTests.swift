import Foundation
import Testing
@testable import ViperLintCore

/// `viperlint init` on every fixture: it picks the fixture's preset, and linting with what it
/// writes (plus the fixture's own rule policy, which init cannot guess) reproduces the
/// fixture's expected report.
@Suite struct InitTests {
    static func copyWithoutConfiguration(_ fixture: String) throws -> URL {
        let source = Paths.fixture(fixture)
        let copy = try CLI.temporaryFolder().appendingPathComponent(fixture)
        try FileManager.default.copyItem(at: source, to: copy)
        for name in [ConfigurationLoader.fileName, "expected.json", "expected-config.json"] {
            try? FileManager.default.removeItem(at: copy.appendingPathComponent(name))
        }
        return copy
    }

    static func fixtureConfiguration(_ fixture: String) throws -> [String: Any] {
        let data = try Data(contentsOf: Paths.fixture(fixture).appendingPathComponent(ConfigurationLoader.fileName))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(arguments: FixtureTests.fixtures)
    func initPicksTheFixturesPresetAndReproducesItsReport(_ fixture: String) throws {
        let copy = try Self.copyWithoutConfiguration(fixture)
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        let expectedConfiguration = try Self.fixtureConfiguration(fixture)

        let detected = Project(root: copy, configurationFile: nil, ruleSet: ConfigurationLoader.defaultRuleSet,
                               reportScope: .everything).detectPreset()
        #expect(detected.preset.rawValue == expectedConfiguration["extends"] as? String)

        var written = try #require(try JSONSerialization.jsonObject(with: Data(detected.configuration().rendered().utf8)) as? [String: Any])
        for key in ["rules", "overrides"] { written[key] = expectedConfiguration[key] }
        let data = try JSONSerialization.data(withJSONObject: written, options: [.sortedKeys, .prettyPrinted])
        try data.write(to: copy.appendingPathComponent(ConfigurationLoader.fileName))

        let result = try Project.locate(paths: [copy.path], configuration: nil).lint()
        let report = JSONReporter.report(result).replacingOccurrences(of: "\"root\": \"\(result.root)\"", with: "\"root\": \".\"")
        let expected = try String(contentsOf: Paths.fixture(fixture).appendingPathComponent("expected.json"), encoding: .utf8)
        #expect(report == expected)
    }

    /// Issue 55: the arrows `init` measures on each fixture, whose violations are planted one
    /// module at a time: none is allowed as the team's convention (each deviates from what the
    /// fixture's other modules do, or breaks VIPER's own rules), and each arrow is counted
    /// against the modules that have its layer.
    @Test(arguments: FixtureTests.fixtures)
    func initAllowsNoPlantedViolationAsAConvention(_ fixture: String) throws {
        let copy = try Self.copyWithoutConfiguration(fixture)
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        var project = Project(root: copy, configurationFile: nil, ruleSet: ConfigurationLoader.defaultRuleSet, reportScope: .everything)
        let detected = project.detectPreset()
        project.ruleSet = detected.ruleSet
        let linted = project.lint(needsIndex: true)
        let arrows = TeamConventions.measure(linted)
        #expect(!arrows.isEmpty, "every fixture plants violations between layers")
        #expect(arrows.filter { $0.decision == .allowed }.isEmpty, "\(arrows.map(\.counted))")
        #expect(arrows.allSatisfy { $0.modules <= $0.outOf && $0.modules > 0 })
        #expect(TeamConventions.table(arrows).hasPrefix("arrows the preset forbids, by the modules that take them:\n"))
    }
}
