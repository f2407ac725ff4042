import Foundation
import Testing
@testable import ViperLintCore

@Suite struct ReportFormatTests {
    static let interactor = "import UIKit\n\nfinal class HomeInteractor {}\n"

    func result(_ files: [(path: String, source: String)]) throws -> LintResult {
        // forbidden-import raised to an error, as a team that gates on it configures it.
        try TestProject.lint(files, configuration: #"{ "version": 1, "rules": { "forbidden-import": "error" } }"#)
    }

    @Test func githubCommandsEscapeDataAndProperties() {
        #expect(GitHubReporter.escapeData("50% done\r\nnext") == "50%25 done%0D%0Anext")
        #expect(GitHubReporter.escapeProperty("a:b,c%") == "a%3Ab%2Cc%25")
    }

    @Test func githubSaysWhenFindingsExceedTheAnnotationsShown() throws {
        let files = (1...11).map { ("M\($0)/M\($0)Interactor.swift", Self.interactor.replacingOccurrences(of: "Home", with: "M\($0)")) }
        let text = GitHubReporter.report(try result(files), context: ReportContext())
        let lines = text.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("::error file=M") }.count == 11)
        #expect(lines.last?.hasPrefix("::notice title=viperlint::viperlint found 11 errors and 0 warnings; GitHub shows only the first 10") == true)
        #expect(!GitHubReporter.report(try result(Array(files.prefix(2))), context: ReportContext()).contains("::notice"))
    }

    @Test func sarifURIsArePercentEncodedAndFingerprintsSurviveEditsAbove() throws {
        let path = "User Interface/Höme/HomeInteractor.swift"
        #expect(SARIFReporter.percentEncoded(path) == "User%20Interface/H%C3%B6me/HomeInteractor.swift")
        let before = try result([("Home/HomeInteractor.swift", Self.interactor)])
        let after = try result([("Home/HomeInteractor.swift", "// a comment added above\n\n" + Self.interactor)])
        #expect(before.violations.first?.line == 1 && after.violations.first?.line == 3)
        #expect(ReportContext.fingerprint(before.violations[0], in: before) == ReportContext.fingerprint(after.violations[0], in: after))
        let changed = try result([("Home/HomeInteractor.swift", "import UIKit.UIColor\n\nfinal class HomeInteractor {}\n")])
        #expect(ReportContext.fingerprint(changed.violations[0], in: changed) != ReportContext.fingerprint(before.violations[0], in: before))
    }

    @Test func gitlabIssuesCarryTheDocumentedFieldsWithUniqueFingerprints() throws {
        // The same member written in two extensions: the same rule, file, symbol and line
        // text, so the same fingerprint twice (a duplicated import is one finding).
        let twice = "extension HomeInteractor {\n    func icon() -> UIImage? { nil }\n}\n\n"
            + "extension HomeInteractor {\n    func icon() -> UIImage? { nil }\n}\n"
        let found = try result([("Home/HomeInteractor.swift", Self.interactor), ("Home/HomeInteractor+Icons.swift", twice),
                                ("Away/AwayInteractor.swift", Self.interactor.replacingOccurrences(of: "Home", with: "Away"))])
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(GitLabCodeQualityReporter.report(found).utf8)) as? [[String: Any]])
        #expect(issues.count == found.violations.count && issues.count >= 3)
        for (issue, violation) in zip(issues, found.violations) {
            #expect(issue["description"] as? String == violation.message)
            #expect(issue["check_name"] as? String == violation.rule)
            #expect(issue["severity"] as? String == (violation.severity == .error ? "major" : "minor"))
            let location = try #require(issue["location"] as? [String: Any])
            #expect(location["path"] as? String == violation.file)
            #expect((location["lines"] as? [String: Any])?["begin"] as? Int == violation.line)
        }
        let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
        #expect(fingerprints.count == issues.count && Set(fingerprints).count == fingerprints.count)
        // The first of equal fingerprints is the SARIF one, so both reports name a finding alike.
        #expect(fingerprints.first == ReportContext.fingerprint(found.violations[0], in: found))
        let sameKey = Dictionary(grouping: found.violations.indices) { ReportContext.fingerprint(found.violations[$0], in: found) }
        #expect(sameKey.values.contains { $0.count > 1 }, "the fixture must repeat a fingerprint to test uniqueness")
    }

    @Test func sonarListsTheRulesThatFoundSomethingAndTheirIssues() throws {
        let found = try TestProject.lint(RelatedLocationTests.files + [("Away/AwayInteractor.swift", "final class AwayInteractor { let v: UIView? = nil }\n")],
                                         configuration: #"{ "version": 1, "rules": { "forbidden-import": "warning" }, "overrides": [ { "paths": ["Away/**"], "rules": { "forbidden-import": "error" } } ] }"#)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(SonarReporter.report(found).utf8)) as? [String: Any])
        let rules = try #require(document["rules"] as? [[String: Any]])
        let issues = try #require(document["issues"] as? [[String: Any]])
        #expect(Set(rules.compactMap { $0["id"] as? String }) == Set(found.violations.map(\.rule)))
        for rule in rules {
            #expect(rule["engineId"] as? String == "viperlint" && rule["cleanCodeAttribute"] as? String == "MODULAR")
            #expect(!(rule["name"] as? String ?? "").isEmpty)
        }
        // forbidden-import is a warning in Home and an error in Away: its impact is the higher.
        let forbidden = try #require(rules.first { $0["id"] as? String == "forbidden-import" })
        #expect((forbidden["impacts"] as? [[String: Any]])?.first?["severity"] as? String == "HIGH")
        #expect(issues.count == found.violations.count)
        for (issue, violation) in zip(issues, found.violations) {
            #expect(issue["ruleId"] as? String == violation.rule)
            let primary = try #require(issue["primaryLocation"] as? [String: Any])
            #expect(primary["message"] as? String == violation.message && primary["filePath"] as? String == violation.file)
            #expect((primary["textRange"] as? [String: Any])?["startLine"] as? Int == violation.line)
            let secondary = (issue["secondaryLocations"] as? [[String: Any]]) ?? []
            #expect(secondary.compactMap { ($0["textRange"] as? [String: Any])?["startLine"] as? Int } == violation.related.map(\.line))
        }
        #expect(issues.contains { ($0["secondaryLocations"] as? [Any])?.count == 2 })
    }

    @Test func sarifColumnsCountCodePoints() throws {
        let found = try result([("Home/HomeInteractor.swift", "final class HomeInteractor {\n    let é = \"\"; let image: UIImage? = nil\n}\n")])
        let violation = try #require(found.violations.first)
        #expect(violation.column == 29)
        #expect(SARIFReporter.codePointColumn(violation, in: found) == 28)
    }

    @Test func xmlReportsEscapeMarkup() throws {
        #expect(XMLText.escaped("a<b & \"c\" 'd'\u{1}\n") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&#10;")
        let checkstyle = CheckstyleReporter.report(try result([("Home/HomeInteractor.swift", Self.interactor)]), context: ReportContext())
        #expect(checkstyle.contains("<file name=\"Home/HomeInteractor.swift\">"))
        #expect(checkstyle.contains("source=\"viperlint.forbidden-import\""))
    }

    @Test func junitHasOneCasePerRuleAndModule() throws {
        let found = try result([
            ("Home/HomeInteractor.swift", Self.interactor),
            ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
            ("Cart/CartPresenter.swift", "final class CartPresenter {}\n"),
            ("Cart/CartRouter.swift", "final class CartRouter {}\n"),
        ])
        let ruleSet = try TestProject.ruleSet(#"{ "version": 1, "rules": { "module-completeness": "off" } }"#)
        let xml = JUnitReporter.report(found, context: ReportContext(ruleSet: ruleSet))
        // One suite per enabled rule, one case per module in each.
        let enabled = ruleSet.enabledRules.count
        #expect(enabled >= 3)
        #expect(xml.contains("<testsuites name=\"viperlint\" tests=\"\(enabled * 2)\" failures=\"1\""))
        #expect(xml.contains("<testcase classname=\"forbidden-import\" name=\"Cart\"/>"))
        #expect(xml.contains("<testcase classname=\"forbidden-import\" name=\"Home\">"))
    }

    @Test func markdownSummarisesAndLimitsDetails() throws {
        let files = (1...60).map { ("M\($0)/M\($0)Interactor.swift", Self.interactor.replacingOccurrences(of: "Home", with: "M\($0)")) }
        let text = MarkdownReporter.report(try result(files), context: ReportContext())
        #expect(text.contains("**60 errors, 0 warnings**"))
        #expect(text.contains("| `forbidden-import` | 60 | 0 |"))
        #expect(text.contains("- ... and 10 more (see the full report)"))
        let clean = MarkdownReporter.report(try result([("Home/HomePresenter.swift", "final class HomePresenter {}\n")]), context: ReportContext())
        #expect(clean.contains("No architecture violations"))
        #expect(!text.contains("baseline"))
        // With a baseline: what is new, what it hides, what got fixed.
        var known = try result(files)
        let entry = Baseline.Entry(rule: "forbidden-import", file: "Gone.swift", symbol: "", line: "import UIKit")
        known.baseline = Baseline.Outcome(hidden: 4, stale: [(entry: entry, count: 2)])
        #expect(MarkdownReporter.report(known, context: ReportContext())
            .contains("**60 errors, 0 warnings** in 60 files (60 modules).\n\n60 new since the baseline, 4 hidden by it, 2 baseline findings fixed.\n"))
    }
}

@Suite struct RelatedLocationTests {
    /// Three uses of one UIKit type in one function: one finding, the other two as related sites.
    static let files = [("Home/HomeInteractor.swift", """
        final class HomeInteractor {
            func load() {
                let first: UIImage? = nil
                let second: UIImage? = nil
                let color: UIColor? = nil
            }
        }
        """)]

    @Test func groupedUsesAreOneFindingWithTheOtherSitesRelated() throws {
        let result = try TestProject.lint(Self.files, configuration: #"{ "version": 1, "rules": { "forbidden-import": "error" } }"#)
        let violation = try #require(result.violations.first)
        #expect(result.violations.count == 1)
        #expect(violation.line == 3)
        #expect(violation.related.map(\.line) == [4, 5])
        #expect(violation.related.map(\.message) == ["another use of UIKit type 'UIImage'", "another use of UIKit type 'UIColor'"])

        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONReporter.report(result).utf8)) as? [String: Any])
        let reported = try #require((json["violations"] as? [[String: Any]])?.first)
        #expect((reported["related"] as? [[String: Any]])?.compactMap { $0["line"] as? Int } == [4, 5])

        let sarif = SARIFReporter.report(result, context: ReportContext())
        let runs = try #require((try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])
        let sarifResult = try #require((runs.first?["results"] as? [[String: Any]])?.first)
        let related = try #require(sarifResult["relatedLocations"] as? [[String: Any]])
        #expect(related.compactMap { $0["id"] as? Int } == [1, 2])
        let regions = related.compactMap { (($0["physicalLocation"] as? [String: Any])?["region"] as? [String: Any])?["startLine"] as? Int }
        #expect(regions == [4, 5])
    }

    @Test func layerDependencyListsTheOtherUsesOfTheSameType() throws {
        let result = try TestProject.lint([
            ("Home/HomeViewController.swift", """
                final class HomeViewController {
                    var user: User?
                    func show(_ user: User) {}
                }
                """),
            ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
            ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
            ("Entities/User.swift", "struct User { let name: String }\n"),
        ], configuration: TestProject.gate())
        let finding = try #require(result.violations.first { $0.rule == "layer-dependency" })
        #expect(finding.line == 2)
        // The other use, then the target's declaration.
        #expect(finding.related.map(\.line) == [3, 1])
        #expect(finding.related.map(\.message) == ["another use of 'User'", "'User' is declared here"])
        #expect(finding.related.last?.file == "Entities/User.swift")
    }

    // MARK: The text report (issue 44)

    @Test func textFindingsSayWhatAndWhereFirstAndTheRestInNotes() throws {
        let result = try TestProject.lint(Self.files, configuration: #"{ "version": 1, "rules": { "forbidden-import": "error" } }"#)
        let lines = TextReporter().report(result).split(separator: "\n").map(String.init)
        #expect(lines[0] == "Home/HomeInteractor.swift:3:20: error: Interactor 'HomeInteractor.load' in module 'Home' uses UIKit types 'UIImage', 'UIColor' [forbidden-import]")
        #expect(lines[1] == "  note: Interactor must not know UIKit.")
        #expect(lines[2] == "  note: Use a plain type instead and keep UIKit types in View, ViewModel, Router, Assembly, Service.")
        // The other sites, each saying what it is, in the clang format editors read.
        #expect(lines[3] == "Home/HomeInteractor.swift:4:21: note: another use of UIKit type 'UIImage'")
        #expect(lines[4] == "Home/HomeInteractor.swift:5:20: note: another use of UIKit type 'UIColor'")
        #expect(lines[5] == "By rule: forbidden-import 1.")
        #expect(lines[6].hasPrefix("1 error, 0 warnings in 1 file"))
        // The machine formats keep the whole message.
        #expect(JSONReporter.report(result).contains("Interactor must not know UIKit. Use a plain type instead"))
    }

    @Test func longHeadlinesKeepWhatAndWhereAndMoveTheRestToNotes() {
        let long = FindingText("Interactor 'MapItineraryInteractor.individualItineraryRepository' in module 'MapItinerary' holds the concrete "
            + "Service 'IndividualItineraryRepository'; Interactor must reach data access through a protocol, so tests can replace it. "
            + "'IndividualItineraryRepository' conforms to no protocol of the project: declare one ('a', 'b' and 1 more), depend on it.")
        #expect(long.headline == "Interactor 'MapItineraryInteractor.individualItineraryRepository' holds the concrete Service 'IndividualItineraryRepository'")
        #expect(long.details == ["'MapItineraryInteractor.individualItineraryRepository' is in module 'MapItinerary'"])
        #expect(long.notes == ["Interactor must reach data access through a protocol, so tests can replace it.",
                               "'IndividualItineraryRepository' conforms to no protocol of the project: declare one ('a', 'b' and 1 more), depend on it."])
        // A clause too long to the end is cut at its colon; a word's apostrophe is not a quote;
        // a sentence inside parentheses does not end one.
        let navigation = FindingText("Presenter 'WelcomePresenter.present' in module 'Welcome' navigates itself: replaces the window's root view "
            + "controller ('AppDelegate.currentWindow.rootViewController'). Ask the Router (e.g. 'openDetail(id:)'. Or not) and call it.")
        #expect(navigation.headline == "Presenter 'WelcomePresenter.present' in module 'Welcome' navigates itself")
        #expect(navigation.notes == ["replaces the window's root view controller ('AppDelegate.currentWindow.rootViewController').",
                                     "Ask the Router (e.g. 'openDetail(id:)'. Or not) and call it."])
        // Short enough: the whole first sentence, colon and all.
        let short = FindingText("ViewModel 'State.name' in module 'Profile': '@Published var name' can be written by views. Declare it 'private(set)'.")
        #expect(short.headline == "ViewModel 'State.name' in module 'Profile': '@Published var name' can be written by views.")
        #expect(short.notes == ["Declare it 'private(set)'."])
        #expect(FindingText("remove it").headline == "remove it")
        // A trailing parenthesis of a long headline is a detail of the site.
        let counted = FindingText("View '\(String(repeating: "A", count: 55)).samples' references Entity type 'CodeSamplePlainObject' (and 1 more use in the same type); View must not.")
        #expect(counted.headline == "View '\(String(repeating: "A", count: 55)).samples' references Entity type 'CodeSamplePlainObject'")
        #expect(counted.details == ["and 1 more use in the same type"])
        #expect(counted.allNotes == ["and 1 more use in the same type", "View must not."])
        #expect(counted.headline.count <= FindingText.headlineLimit)
    }

    @Test func theTextSummaryCountsFindingsPerRuleMostFirst() throws {
        var result = try TestProject.lint([("Home/HomeInteractor.swift", ReportFormatTests.interactor)],
                                          configuration: #"{ "version": 1, "rules": { "forbidden-import": "error" } }"#)
        let finding = try #require(result.violations.first)
        for rule in ["z-rule", "z-rule", "a-rule", "z-rule"] {
            var other = finding
            other.rule = rule
            other.line += 1
            result.violations.append(other)
        }
        let lines = TextReporter(groupThreshold: 0).report(result).split(separator: "\n").map(String.init)
        // Most first, ties by rule id, just above the totals line.
        #expect(lines[lines.count - 2] == "By rule: z-rule 3, a-rule 1, forbidden-import 1.")
        #expect(lines[lines.count - 1].hasPrefix("5 errors, 0 warnings"))
        #expect(!TextReporter(quiet: true).report(result).contains("By rule"))
        result.violations = []
        #expect(!TextReporter().report(result).contains("By rule"))
    }
}
