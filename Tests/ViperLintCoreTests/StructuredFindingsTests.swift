import Foundation
import Testing
@testable import ViperLintCore

/// Findings carry their structure (declaring type and member, target, target's declaration),
/// so readers never parse messages.
@Suite struct StructuredFindingsTests {
    /// Over every fixture: a finding about code names its declaration, and `symbol` is that
    /// declaration's name; a finding whose target is a project type ends its related
    /// locations with the target's declaration, a line that declares it.
    @Test(arguments: FixtureTests.fixtures)
    func declarationsAndTargetsAreStructured(_ fixture: String) throws {
        let project = try Project.locate(paths: [Paths.fixture(fixture).path], configuration: nil)
        let result = project.lint(threads: 2)
        var declared = 0, targeted = 0
        for violation in result.violations {
            if let declaration = violation.declaration {
                declared += 1
                #expect(violation.symbol == declaration.name, "\(violation.messageID) at \(violation.file):\(violation.line)")
                #expect(declaration.type != nil || declaration.member != nil)
                #expect(declaration.type.map { type in result.index.symbols.contains { $0.qualifiedName == type } } ?? true,
                        "\(declaration.type ?? "") is no declared type")
            }
            guard let target = violation.target, let symbol = result.index.symbols.first(where: { $0.qualifiedName == target.type }) else { continue }
            targeted += 1
            let site = try #require(violation.related.last, "\(violation.messageID): no related location")
            #expect(site.message == "'\(target.type)' is declared here")
            #expect(site.file == result.index.files[symbol.file].path)
            let text = try String(contentsOf: Paths.fixture(fixture).appendingPathComponent(site.file), encoding: .utf8)
            let line = text.split(separator: "\n", omittingEmptySubsequences: false)[site.line - 1]
            #expect(line.contains(symbol.name), "\(site.file):\(site.line) does not declare \(symbol.name): \(line)")
            // The finding's other related sites are further uses, never the declaration twice.
            #expect(violation.related.filter { $0.message.hasSuffix(" is declared here") }.count == 1)
        }
        // Every fixture has findings about code; the reference rules run on all but the layer-first one.
        #expect(declared > 0)
        if fixture != "LayerFirst" { #expect(targeted > 0) }
    }

    /// File-level findings have no declaration: an import is about the file, not a type.
    @Test func fileLevelFindingsHaveNoDeclaration() throws {
        let result = try TestProject.lint([("Modules/Home/HomeInteractor.swift", "import UIKit\nfinal class HomeInteractor {}\n")],
                                          configuration: #"{ "version": 1, "rules": { "forbidden-import": "error" } }"#)
        let finding = try #require(result.violations.first { $0.rule == ForbiddenImportRule.id })
        #expect(finding.declaration == nil && finding.symbol == "UIKit")
        let json = JSONReporter.report(result)
        #expect(json.contains("\"declaration\": null"))
        #expect(FindingDeclaration(type: "Home.Detail", member: "load").name == "Home.Detail.load")
        #expect(FindingDeclaration(type: nil, member: "load").name == "load")
    }

    /// One problem, one finding: the places a contract forces (a View implementing its view
    /// protocol's `show(user:)`, adopters holding the concrete class a property requirement
    /// names) are the sites of the contract's finding, not findings of their own.
    @Test func placesAContractForcesAreItsFindingsSites() throws {
        let result = try TestProject.lint([
            ("Entities/User.swift", "struct User: Codable {\n    let name: String\n}\n"),
            ("Profile/ProfileInteractor.swift", "final class ProfileInteractor {\n    func load() {}\n}\n"),
            ("Profile/ProfilePresenter.swift", "final class ProfilePresenter {}\n"),
            ("Profile/SubPresenter.swift", "protocol SubPresenter: AnyObject {\n    var interactor: ProfileInteractor! { get set }\n}\n"),
            ("Profile/WeekPresenter.swift", "final class WeekPresenter: SubPresenter {\n    var interactor: ProfileInteractor!\n}\n"),
            ("Profile/ProfileViewProtocol.swift", "protocol ProfileViewProtocol: AnyObject {\n    func show(user: User)\n}\n"),
            ("Profile/ProfileViewController.swift", """
                import UIKit

                final class ProfileViewController: UIViewController, ProfileViewProtocol {
                    func show(user: User) {
                        title = user.name
                    }
                }
                """),
        ])
        let layer = result.violations.filter { $0.rule == LayerDependencyRule.id }
        #expect(layer.map(\.file) == ["Profile/ProfileViewProtocol.swift"])
        #expect(layer.first?.related.contains { $0.file == "Profile/ProfileViewController.swift" && $0.line == 4 } == true)
        let concrete = result.violations.filter { $0.rule == ConcreteDependencyRule.id }
        #expect(concrete.map(\.file) == ["Profile/SubPresenter.swift"])
        #expect(concrete.first?.related.contains { $0.file == "Profile/WeekPresenter.swift" && $0.line == 2 } == true)
    }
}
