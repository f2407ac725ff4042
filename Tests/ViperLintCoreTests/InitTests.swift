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
}
