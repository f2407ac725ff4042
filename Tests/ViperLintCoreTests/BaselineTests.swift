import Foundation
import Testing
@testable import ViperLintCore

@Suite struct BaselineTests {
    static let configuration = TestProject.gate(off: ["module-completeness"])
    static let interactor = "import UIKit\nimport SwiftUI\n\nfinal class HomeInteractor {\n    var presenter: HomePresenter?\n}\n"
    static let presenter = TestProject.presenterHoldingItsInteractor

    func lint(_ interactor: String) throws -> LintResult {
        try TestProject.lint([("Home/HomeInteractor.swift", interactor), ("Home/HomePresenter.swift", Self.presenter)],
                             configuration: Self.configuration)
    }

    @Test func aBaselineHidesExactlyItsFindingsAfterLinesAreInsertedAbove() throws {
        let before = try lint(Self.interactor)
        #expect(before.violations.count == 4)
        let text = Baseline(before).rendered()
        let file = try CLI.temporaryFolder().appendingPathComponent("baseline.json")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try text.write(to: file, atomically: true, encoding: .utf8)
        let baseline = try Baseline.load(file: file)
        #expect(baseline == Baseline(before))

        // Lines inserted above every finding.
        var after = try lint("// new header\n\n" + Self.interactor + "\nextension HomeInteractor {\n    func tint() -> String? { nil }\n}\n")
        #expect(after.violations.count == 4)
        let outcome = baseline.apply(to: &after)
        #expect(outcome.hidden == 4)
        #expect(outcome.stale.isEmpty)
        #expect(after.violations.map(\.rule) == [])

        // A first use of a UIKit type under the baselined import is more code its fix must move: reported.
        var grown = try lint("// new header\n\n" + Self.interactor + "\nextension HomeInteractor {\n    func tint() -> UIColor? { nil }\n}\n")
        _ = baseline.apply(to: &grown)
        #expect(grown.violations.map(\.symbol) == ["UIKit"])
        #expect(grown.violations.first?.related.map(\.message) == ["uses 'UIColor' here"])

        var fixed = try lint(Self.interactor.replacingOccurrences(of: "import SwiftUI\n", with: ""))
        let fixedOutcome = baseline.apply(to: &fixed)
        #expect(fixedOutcome.hidden == 3)
        #expect(fixedOutcome.stale.map(\.entry.line) == ["import SwiftUI"])
    }

    /// Issue 28: new uses of a baselined finding's type became its other sites and were
    /// hidden with it. A finding with a site the baseline does not know is reported.
    @Test func aBaselinedFindingDoesNotAbsorbNewUses() throws {
        func lintView(_ view: String) throws -> LintResult {
            try TestProject.lint([("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                                  ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                                  ("Entities/Article.swift", "struct Article: Codable {\n    let title: String\n}\n"),
                                  ("Home/HomeViewController.swift", view)])
        }
        let known = "import UIKit\n\nfinal class HomeViewController: UIViewController {\n    var items: [Article] = []\n    func show(_ article: Article) {}\n}\n"
        let before = try lintView(known)
        let finding = try #require(before.violations.first { $0.rule == LayerDependencyRule.id })
        #expect(finding.related.contains { $0.message.hasPrefix("another use") })
        let baseline = try Baseline.decode(Baseline(before).rendered(), file: "baseline.json")

        var same = try lintView("// moved down\n" + known)
        _ = baseline.apply(to: &same)
        #expect(!same.violations.contains { $0.rule == LayerDependencyRule.id })

        var grown = try lintView(known.replacingOccurrences(of: "    func show(_ article: Article) {}\n",
                                                             with: "    func show(_ article: Article) {}\n    func pin(_ pinned: Article) {}\n"))
        _ = baseline.apply(to: &grown)
        #expect(grown.violations.contains { $0.rule == LayerDependencyRule.id })

        // A baseline written before sites were recorded matches as it did.
        let legacy = Baseline(counts: Baseline(before).counts)
        var grownAgain = try lintView(known.replacingOccurrences(of: "    func show(_ article: Article) {}\n",
                                                                  with: "    func show(_ article: Article) {}\n    func pin(_ pinned: Article) {}\n"))
        _ = legacy.apply(to: &grownAgain)
        #expect(!grownAgain.violations.contains { $0.rule == LayerDependencyRule.id })
    }

    @Test func aNewFindingOnAChangedLineIsNotHidden() throws {
        let baseline = Baseline(try lint(Self.interactor))
        var changed = try lint(Self.interactor.replacingOccurrences(of: "import SwiftUI", with: "import SwiftUI.Color"))
        let outcome = baseline.apply(to: &changed)
        #expect(changed.violations.map(\.symbol) == ["SwiftUI.Color"])
        #expect(outcome.stale.count == 1)
    }

    @Test func theFileIsSortedAndVersioned() throws {
        let text = Baseline(try lint(Self.interactor)).rendered()
        #expect(text.hasPrefix("{\n  \"version\": 1,\n  \"tool\": \"viperlint\",\n  \"findings\": ["))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let rules = (json["findings"] as? [[String: Any]])?.compactMap { $0["rule"] as? String }
        #expect(rules == ["concrete-dependency", "forbidden-import", "forbidden-import", "weak-back-reference"])
    }

    @Test func brokenBaselinesAreErrors() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("b.json")
        try #"{ "version": 1, "findings": [ { "rule": "x" } ] }"#.write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: BaselineError.self) { try Baseline.load(file: file) }
        try #"{ "version": 2, "findings": [] }"#.write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: BaselineError.self) { try Baseline.load(file: file) }
        #expect(throws: BaselineError.unreadable(folder.appendingPathComponent("missing.json").path)) {
            try Baseline.load(file: folder.appendingPathComponent("missing.json"))
        }
    }
}
