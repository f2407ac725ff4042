import Foundation
import Testing
@testable import ViperLintCore

/// Runs every example of every rule: triggering examples must report exactly at their
/// markers, non-triggering examples must report nothing for the rule.
@Suite struct RuleExampleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let ruleID: String
        let example: RuleExample
        let triggering: Bool
        var testDescription: String { "\(ruleID): \(example.note)" }
    }

    static let cases: [Case] = RuleRegistry.all.flatMap { rule in
        rule.examples.triggering.map { Case(ruleID: rule.id, example: $0, triggering: true) }
            + rule.examples.nonTriggering.map { Case(ruleID: rule.id, example: $0, triggering: false) }
    }

    @Test(arguments: cases)
    func example(_ testCase: Case) throws {
        var files: [(path: String, source: String)] = []
        var expected: Set<MarkedPosition> = []
        for (path, source) in testCase.example.files {
            let stripped = Markers.strip(source, path: path)
            files.append((path, stripped.source))
            expected.formUnion(stripped.positions)
        }
        #expect(testCase.triggering == !expected.isEmpty, "triggering examples need ↓ markers, the others none")
        let result = try TestProject.lint(files, configuration: Self.enabling(testCase.ruleID, in: testCase.example.configuration))
        let found = result.violations.filter { $0.rule == testCase.ruleID }
        let positions = Set(found.map { MarkedPosition(file: $0.file, line: $0.line, column: $0.column) })
        #expect(positions == expected, "messages: \(found.map(\.message))")
        #expect(result.parseErrors.isEmpty, "examples must be valid Swift: \(result.parseErrors)")
        for violation in found {
            #expect(violation.symbol != nil)
        }
    }

    /// The example's configuration with the rule under test turned on when its default is
    /// off (rules measured as too noisy for a default still document and test their examples).
    static func enabling(_ ruleID: String, in configuration: String?) throws -> String? {
        guard ConfigurationLoader.defaultRuleSet.severity(of: ruleID) == .off else { return configuration }
        var object = try configuration.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
            ?? ["version": 1]
        var rules = object["rules"] as? [String: Any] ?? [:]
        if var entry = rules[ruleID] as? [String: Any] {
            if entry["severity"] == nil { entry["severity"] = "warning" }
            rules[ruleID] = entry
        } else if rules[ruleID] == nil {
            rules[ruleID] = "warning"
        }
        object["rules"] = rules
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    /// The fix must compile: Combine and Observation do not re-export Foundation, so a presenter
    /// that imports only SwiftUI for `ObservableObject` needs Foundation and Combine; a file that
    /// already imports what it needs is told to remove the import.
    @Test func forbiddenImportSaysWhatToImportInstead() throws {
        func message(_ presenter: String) throws -> String {
            let result = try TestProject.lint([("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                                               ("Home/HomePresenter.swift", presenter)])
            return try #require(result.violations.first { $0.rule == ForbiddenImportRule.id }).message
        }
        #expect(try message("import SwiftUI\nfinal class HomePresenter: ObservableObject {\n    @Published var title = \"\"\n}\n")
            .hasSuffix("The file uses no SwiftUI type: replace the import with 'import Foundation' and 'import Combine'."))
        #expect(try message("import Foundation\nimport SwiftUI\n@Observable final class HomePresenter {}\n")
            .hasSuffix("replace the import with 'import Observation'."))
        #expect(try message("import Foundation\nimport UIKit\nfinal class HomePresenter {}\n")
            .hasSuffix("The file uses no UIKit type: remove the import."))
        #expect(try message("import UIKit\nfinal class HomePresenter {\n    let icon: UIImage? = nil\n}\n")
            .hasSuffix("Move the code that uses 'UIImage' into View, ViewModel, Router, Assembly, Service, then replace the import with 'import Foundation'."))
        // A UIKit free function needs the import as much as a type does.
        #expect(try message("import UIKit\nfinal class HomePresenter {\n    func end() { UIGraphicsEndImageContext() }\n}\n")
            .hasSuffix("Move the code that uses 'UIGraphicsEndImageContext' into View, ViewModel, Router, Assembly, Service, then replace the import with 'import Foundation'."))
        // SwiftUI re-exports UIKit: a UIImage reached through it must move too, or the fix breaks the build.
        #expect(try message("import SwiftUI\nfinal class HomePresenter {\n    var photo: UIImage?\n}\n")
            .hasSuffix("Move the code that uses 'UIImage' into View, ViewModel, Router, Assembly, Service, then replace the import with 'import Foundation'."))
        // MapKit's SwiftUI overlay exists only with both imports: the map's camera must move with SwiftUI.
        #expect(try message("import MapKit\nimport SwiftUI\nfinal class HomePresenter {\n    var camera: MapCameraPosition = .automatic\n}\n")
            .hasSuffix("Move the code that uses 'MapCameraPosition' into View, ViewModel, Router, Assembly, Service, then replace the import with 'import Foundation'."))
    }

    /// An import's finding points at the code its fix moves: the first use of each of the
    /// framework's types the file names, in source order.
    @Test func anImportFindingPointsAtTheFirstUseOfEachType() throws {
        let result = try TestProject.lint([
            ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
            ("Home/HomePresenter.swift", """
                import UIKit
                final class HomePresenter {
                    func tint() -> UIColor { .red }
                    func icon() -> UIImage? { nil }
                    func shade() -> UIColor { .blue }
                }

                """),
        ])
        let finding = try #require(result.violations.first { $0.rule == ForbiddenImportRule.id })
        #expect(finding.line == 1)
        #expect(finding.related.map { "\($0.line) \($0.message)" } == ["3 uses 'UIColor' here", "4 uses 'UIImage' here"])
    }

    /// SwiftUI brings UIKit's types: a UIImage in a Presenter importing SwiftUI is a site of
    /// the import's finding, not a second finding of the same problem.
    @Test func aTypeReachedThroughAReportedImportIsThatFindingsSite() throws {
        let result = try TestProject.lint([
            ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
            ("Home/HomePresenter.swift", "import SwiftUI\nfinal class HomePresenter {\n    var photo: UIImage?\n    func save(_ image: UIImage) {}\n}\n"),
        ])
        let findings = result.violations.filter { $0.rule == ForbiddenImportRule.id }
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.line == 1)
        #expect(finding.related.map(\.line) == [3, 4])
    }

    /// The protocol a concrete-dependency fix names must offer what the holder uses, or the
    /// fix says what to declare: a suggested replacement always compiles.
    @Test func concreteDependencyFixOffersWhatTheHolderUses() throws {
        func message(presenterUses call: String) throws -> String {
            let result = try TestProject.lint([
                ("Login/LoginInteractor.swift", """
                    protocol LoginInteractorInput: AnyObject {
                        func login()
                    }
                    protocol LoginServiceDelegate: AnyObject {
                        func didLogin()
                    }
                    final class LoginInteractor: LoginInteractorInput, LoginServiceDelegate {
                        func login() {}
                        func loginWithFacebook() {}
                        func didLogin() {}
                    }
                    """),
                ("Login/LoginPresenter.swift", "final class LoginPresenter {\n    var interactor: LoginInteractor?\n    func tap() { \(call) }\n}\n"),
            ])
            return try #require(result.violations.first { $0.rule == ConcreteDependencyRule.id }).message
        }
        #expect(try message(presenterUses: "interactor?.login()").hasSuffix("Depend on 'LoginInteractorInput' (which 'LoginInteractor' conforms to) and let a builder inject the instance."))
        #expect(try message(presenterUses: "interactor?.login(); interactor?.loginWithFacebook()")
            .hasSuffix("Declare 'loginWithFacebook' in 'LoginInteractorInput' (which 'LoginInteractor' conforms to), depend on it and let a builder inject the instance."))
        // Two protocols that together offer what is used: their composition compiles.
        #expect(try message(presenterUses: "interactor?.login(); interactor?.didLogin()")
            .hasSuffix("Depend on 'LoginInteractorInput & LoginServiceDelegate' (which 'LoginInteractor' conforms to) and let a builder inject the instance."))
        // A cast undoes a protocol the value came through: nothing new is injected, the
        // protocol has to offer what the cast is for (or one has to be declared for it).
        let cast = try TestProject.lint([
            ("Login/LoginInteractor.swift", "protocol LoginInteractorInput: AnyObject {\n    func login()\n}\nfinal class LoginInteractor: LoginInteractorInput {\n    func login() {}\n    var remembers = false\n}\n"),
            ("Login/LoginPresenter.swift", "final class LoginPresenter {\n    var interactor: LoginInteractorInput?\n    func tap() { (interactor as? LoginInteractor)?.remembers = true }\n}\n"),
        ]).violations.first { $0.rule == ConcreteDependencyRule.id }
        #expect(try #require(cast).message.hasSuffix(
            "Declare what the cast is for in 'LoginInteractorInput' (which 'LoginInteractor' conforms to) and use it through the protocol, without the cast."))
        let cell = try TestProject.lint([
            ("List/ListInteractor.swift", "final class ListInteractor {}\n"),
            ("List/ListCell.swift", "import UIKit\nfinal class ListCell: UITableViewCell {\n    func setup(title: String) {}\n}\n"),
            ("List/ListPresenter.swift", "import UIKit\nfinal class ListPresenter {\n    func configure(_ cell: UITableViewCell) {\n        (cell as? ListCell)?.setup(title: \"\")\n    }\n}\n"),
        ]).violations.first { $0.rule == ConcreteDependencyRule.id && $0.message.contains("casts to") }
        #expect(try #require(cell).message.hasSuffix(
            "'ListCell' conforms to no protocol of the project: declare one with what the cast is for, make 'ListCell' conform and cast to the protocol instead."))
    }

    /// A View that builds the next module and shows it: the finding points at both.
    @Test func moduleConstructionPointsAtWhereTheBuiltModuleIsShown() throws {
        let result = try TestProject.lint([
            ("Search/SearchInteractor.swift", "final class SearchInteractor {}\n"),
            ("Search/SearchPresenter.swift", "final class SearchPresenter {}\n"),
            ("Lesson/LessonInteractor.swift", "final class LessonInteractor {}\n"),
            ("Lesson/LessonPresenter.swift", "final class LessonPresenter {\n    var interactor: LessonInteractor?\n}\n"),
            ("Lesson/LessonAssembly.swift", """
                import UIKit
                final class LessonAssembly {
                    init(id: Int) {}
                    func makeModule() -> UIViewController {
                        let presenter = LessonPresenter()
                        presenter.interactor = LessonInteractor()
                        return UIViewController()
                    }
                }
                """),
            ("Search/SearchViewController.swift", """
                import UIKit

                final class SearchViewController: UIViewController {
                    func displayLesson(id: Int) {
                        let assembly = LessonAssembly(
                            id: id
                        )
                        self.push(module: assembly.makeModule())
                    }

                    func push(module: UIViewController) {}
                }
                """),
        ])
        let finding = try #require(result.violations.first { $0.rule == ModuleConstructionRule.id })
        #expect(finding.line == 5)
        #expect(finding.related.contains { $0.line == 8 && $0.message.contains("shows the module it built") })
    }

    @Test func everyRuleHasAtLeastThreeExamplesOfEachKind() {
        for rule in RuleRegistry.all {
            #expect(rule.examples.triggering.count >= 3, "\(rule.id)")
            #expect(rule.examples.nonTriggering.count >= 3, "\(rule.id)")
        }
    }
}
