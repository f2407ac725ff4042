import Testing
@testable import ViperLintCore

/// Inline suppressions, per-path overrides and grouped text output.
@Suite struct SuppressionAndOverrideTests {
    static let interactorWithUIKit = "import UIKit\nimport SwiftUI\n\nfinal class HomeInteractor {}\n"
    /// One-file modules have no View or Presenter: keep `module-completeness` out of these tests.
    /// forbidden-import raised to an error, as a team that gates on it configures it.
    static let quiet = #"{ "version": 1, "rules": { "forbidden-import": "error" } }"#

    func rules(_ files: [(path: String, source: String)], configuration: String = quiet) throws -> [String] {
        try TestProject.lint(files, configuration: configuration).violations.map { "\($0.rule)@\($0.file):\($0.line)" }
    }

    @Test func disableNextSilencesOnlyTheNextLine() throws {
        let found = try rules([("Home/HomeInteractor.swift", "// viperlint:disable:next forbidden-import -- reason\n" + Self.interactorWithUIKit)])
        #expect(found == ["forbidden-import@Home/HomeInteractor.swift:3"])
    }

    @Test func disableThisSilencesItsOwnLine() throws {
        let found = try rules([("Home/HomeInteractor.swift", "import UIKit // viperlint:disable:this forbidden-import\nimport SwiftUI\n")])
        #expect(found == ["forbidden-import@Home/HomeInteractor.swift:2"])
    }

    @Test func regionsRunFromDisableToEnableOrTheEndOfTheFile() throws {
        let closed = try rules([("Home/HomeInteractor.swift", """
            // viperlint:disable forbidden-import
            import UIKit
            // viperlint:enable forbidden-import
            import SwiftUI
            """)])
        #expect(closed == ["forbidden-import@Home/HomeInteractor.swift:4"])
        let open = try rules([("Home/HomeInteractor.swift", "// viperlint:disable forbidden-import\n" + Self.interactorWithUIKit)])
        #expect(open.isEmpty)
    }

    @Test func disableFileAndAllAndBlockComments() throws {
        #expect(try rules([("Home/HomeInteractor.swift", Self.interactorWithUIKit + "// viperlint:disable-file forbidden-import\n")]).isEmpty)
        #expect(try rules([("Home/HomeInteractor.swift", "/* viperlint:disable-file all */\n" + Self.interactorWithUIKit)]).isEmpty)
        #expect(try rules([("Home/HomeInteractor.swift", "// viperlint:disable:next forbidden-import, layer-dependency\nimport UIKit\n")]).isEmpty)
    }

    @Test func aSuppressionOfAnotherRuleDoesNotSilenceAndIsReported() throws {
        let found = try rules([("Home/HomeInteractor.swift", "// viperlint:disable:next layer-dependency\nimport UIKit\n")])
        #expect(found == ["unused-suppression@Home/HomeInteractor.swift:1", "forbidden-import@Home/HomeInteractor.swift:2"])
    }

    @Test func markersInStringsAreNotComments() throws {
        let found = try rules([("Home/HomeInteractor.swift", "let note = \"viperlint:disable-file all\"\nimport UIKit\n")])
        #expect(found == ["forbidden-import@Home/HomeInteractor.swift:2"])
    }

    /// Issue 28: Objective-C directives were read line by line, so one inside a string
    /// literal (`@"... viperlint:disable-file ..."`) silenced the file.
    @Test func objectiveCDirectivesAreReadFromCommentsOnly() {
        let source = """
            NSString *a = @"x // viperlint:disable-file forbidden-import";
            char c = '"'; // viperlint:disable:next layer-dependency
            NSString *b = @"escaped \\" /* viperlint:disable:this all */ still a string";
            /* a block
             * viperlint:disable:next concrete-dependency
             */
            """
        let found = SuppressionComments.parse(source)
        #expect(found.map(\.rules) == [["layer-dependency"], ["concrete-dependency"]])
        #expect(found.map(\.position.line) == [2, 5])
        #expect(!found.contains { $0.kind == .file })
    }

    @Test func aDirectiveInAMultiLineStringLiteralSilencesNothing() throws {
        let source = "import UIKit\n\nlet text = \"\"\"\n    /* viperlint:disable-file all */\n    // viperlint:disable-file all\n    \"\"\"\n"
        #expect(try rules([("Home/HomeInteractor.swift", source)]) == ["forbidden-import@Home/HomeInteractor.swift:1"])
    }

    @Test func disablePreviousAndMisspeltDirectives() throws {
        #expect(try rules([("Home/HomeInteractor.swift", "import UIKit\n// viperlint:disable:previous forbidden-import\n")]).isEmpty)
        let misspelt = try TestProject.lint([("Home/HomeInteractor.swift", "import UIKit // viperlint:disable:previos forbidden-import\n")],
                                            configuration: Self.quiet).violations
        #expect(misspelt.map(\.rule) == ["forbidden-import", "unused-suppression"])
        #expect(misspelt.last?.message.hasPrefix("unknown viperlint directive 'disable:previos'; did you mean 'disable:previous'?") == true)
    }

    @Test func anOverrideTurningOneRuleOffLeavesTheOthersOfTheSite() throws {
        // module-construction off for Legacy/: its sites fall back to the dependency rules.
        let files = [
            ("Legacy/Home/HomePresenter.swift", "final class HomePresenter {}\n"),
            ("Legacy/Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
            ("Legacy/Home/HomeViewController.swift", "final class HomeViewController {\n    let presenter = HomePresenter()\n}\n"),
        ]
        let base = TestProject.gate()
        let overridden = String(base.dropLast()) + #", "overrides": [ { "paths": ["Legacy/**"], "rules": { "module-construction": "off" } } ] }"#
        let before = try rules(files, configuration: base)
        #expect(before == ["module-construction@Legacy/Home/HomeViewController.swift:2"])
        let after = try rules(files, configuration: overridden)
        #expect(after == ["concrete-dependency@Legacy/Home/HomeViewController.swift:2"])
    }

    @Test func unusedSuppressionsCanBeTurnedOffAndAllDoesNotHideThem() throws {
        let source = "// viperlint:disable:next all\nfinal class HomeInteractor {}\n"
        #expect(try rules([("Home/HomeInteractor.swift", source)]) == ["unused-suppression@Home/HomeInteractor.swift:1"])
        #expect(try rules([("Home/HomeInteractor.swift", source)],
                          configuration: #"{ "version": 1, "rules": { "unused-suppression": "off", "module-completeness": "off" } }"#).isEmpty)
    }

    @Test func overridesApplyInOrderToTheFilesTheyMatch() throws {
        let files = [
            ("Legacy/Old/OldInteractor.swift", Self.interactorWithUIKit.replacingOccurrences(of: "Home", with: "Old")),
            ("Legacy/Checkout/CheckoutInteractor.swift", Self.interactorWithUIKit.replacingOccurrences(of: "Home", with: "Checkout")),
            ("Home/HomeInteractor.swift", Self.interactorWithUIKit),
        ]
        let result = try TestProject.lint(files, configuration: """
            {
              "version": 1,
              "rules": { "forbidden-import": "error" },
              "overrides": [
                { "paths": ["Legacy/**"], "rules": { "forbidden-import": "off" } },
                { "paths": ["Legacy/Checkout/**"], "rules": { "forbidden-import": { "severity": "warning", "frameworks": { "Interactor": ["UIKit"] } } } }
              ]
            }
            """)
        let summary = result.violations.map { "\($0.file):\($0.line):\($0.severity.rawValue)" }
        #expect(summary == [
            "Home/HomeInteractor.swift:1:error", "Home/HomeInteractor.swift:2:error",
            "Legacy/Checkout/CheckoutInteractor.swift:1:warning",
        ])
    }

    @Test func overrideProblemsAreReportedWithTheirPositions() {
        do {
            _ = try ConfigurationLoader.decode("""
                {
                  "version": 1,
                  "overrides": [ { "paths": ["A/**"], "rules": { "dumb-view": { "severty": "warning" } } } ]
                }
                """, file: "c.json")
            Issue.record("expected an invalid configuration")
        } catch let .invalid(_, problems) {
            #expect(problems.map(\.keyPath) == ["overrides[0].rules.dumb-view.severty"])
            #expect(problems.first?.message.contains("did you mean 'severity'?") == true)
            #expect(problems.first?.position == SourcePosition(line: 3, column: 65))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func textReportGroupsRepeatedFindingsAndJSONKeepsEveryOne() throws {
        let files = (1...6).map { index in ("M\(index)/M\(index)Interactor.swift", "import UIKit\nfinal class M\(index)Interactor {}\n") }
        var result = try TestProject.lint(files, configuration: Self.quiet)
        #expect(result.violations.count == 6)
        // One finding worded otherwise (as a file outside any module is) stays in its rule's group.
        result.violations[2].message = result.violations[2].message.replacingOccurrences(of: " of module 'M3'", with: "")
        let text = TextReporter(groupThreshold: 5).report(result)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "error: 6 times [forbidden-import] framework-import in Interactor:")
        // The notes all sites share, said once; then each site with its own headline.
        #expect(lines[1] == "  note: Interactor must not know UIKit.")
        #expect(lines[2] == "  note: The file uses no UIKit type: replace the import with 'import Foundation'.")
        #expect(lines[3] == "  M1/M1Interactor.swift:1:1: Interactor file of module 'M1' imports 'UIKit'")
        #expect(lines[5] == "  M3/M3Interactor.swift:1:1: Interactor file imports 'UIKit'")
        #expect(lines[8] == "  M6/M6Interactor.swift:1:1: Interactor file of module 'M6' imports 'UIKit'")
        #expect(lines[9] == "By rule: forbidden-import 6.")
        #expect(lines.count == 11)
        // A site whose fix differs says its own; the fix most sites share is said once.
        result.violations[4].message = result.violations[4].message.replacingOccurrences(of: "replace the import with 'import Foundation'", with: "remove the import")
        let mixed = TextReporter(groupThreshold: 5).report(result).split(separator: "\n").map(String.init)
        #expect(mixed[2] == "  note: at 5 of 6 sites, those with no note of their own: The file uses no UIKit type: replace the import with 'import Foundation'.")
        #expect(mixed[8] == "    note: The file uses no UIKit type: remove the import.")
        let ungrouped = TextReporter(groupThreshold: 0).report(result)
        #expect(ungrouped.split(separator: "\n").filter { $0.contains(": error: ") }.count == 6)
        #expect(JSONReporter.report(result).components(separatedBy: "\"rule\": \"forbidden-import\"").count == 7)
    }
}
