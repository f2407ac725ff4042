import Foundation
import Testing
@testable import ViperLintCore

@Suite struct PresetTests {
    @Test(arguments: Preset.allCases)
    func presetSurvivesEncodingAndDecoding(_ preset: Preset) throws {
        let text = RuleSetEncoder.encode(preset.ruleSet, extends: preset).rendered()
        #expect(try ConfigurationLoader.decode(text, file: "preset.json") == preset.ruleSet)
    }

    @Test func presetsDiffer() {
        let encoded = Set(Preset.allCases.map { RuleSetEncoder.encode($0.ruleSet).rendered() })
        #expect(encoded.count == Preset.allCases.count)
    }

    func rules(_ files: [(path: String, source: String)], preset: Preset) throws -> [String] {
        let configuration = TestProject.gate(extends: preset, off: ["module-completeness"])
        return try TestProject.lint(files, configuration: configuration).violations.map(\.rule)
    }

    @Test func aViewNamingItsInteractorIsAnErrorInVIPERAndTheVIPCycleInCleanSwift() throws {
        let files = [
            ("Home/HomeInteractor.swift", "protocol HomeBusinessLogic: AnyObject {}\nfinal class HomeInteractor: HomeBusinessLogic {}\n"),
            ("Home/HomeViewController.swift", "final class HomeViewController {\n    var interactor: HomeBusinessLogic?\n}\n"),
        ]
        #expect(try rules(files, preset: .viper) == ["layer-dependency"])
        #expect(try rules(files, preset: .cleanSwift).isEmpty)
    }

    @Test func aConcretePresenterToInteractorReferenceIsAnErrorInVIPERAndFineLayerFirst() throws {
        let files = [
            ("Presenters/HomePresenter.swift", "final class HomePresenter {\n    let interactor: HomeInteractor\n    init(interactor: HomeInteractor) { self.interactor = interactor }\n}\n"),
            ("Interactors/HomeInteractor.swift", "final class HomeInteractor {}\n"),
        ]
        // One finding for the presenter's two uses of the class: one protocol fixes both.
        #expect(try rules(files, preset: .viper) == ["concrete-dependency"])
        #expect(try rules(files, preset: .viperLayerFirst).isEmpty)
    }

    @Test func aPresenterCallingItsInteractorIsFineInVIPERAndBreaksTheCleanSwiftCycle() throws {
        let files = [
            ("Home/HomeInteractor.swift", "protocol HomeBusinessLogic: AnyObject {}\nfinal class HomeInteractor: HomeBusinessLogic {}\n"),
            ("Home/HomePresenter.swift", "final class HomePresenter {\n    var interactor: HomeBusinessLogic?\n}\n"),
        ]
        #expect(try rules(files, preset: .viper).isEmpty)
        #expect(try rules(files, preset: .cleanSwift) == ["layer-dependency"])
    }

    /// One finding per site: a line that names the type it builds twice (an annotation, then the
    /// creation) is module-construction's alone, not also a cross-module or layer reference.
    @Test func aTypedConstructionIsOneFinding() throws {
        let files = [
            ("Detail/DetailPresenter.swift", "final class DetailPresenter {}\n"),
            ("Detail/DetailInteractor.swift", "final class DetailInteractor {}\n"),
            ("Detail/DetailView.swift", "struct DetailView: View {}\n"),
            ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
            ("Home/HomeRouter.swift", "final class HomeRouter {\n    func openDetail() {\n        let next: DetailPresenter = DetailPresenter()\n        _ = next\n    }\n}\n"),
        ]
        #expect(try rules(files, preset: .viperSwiftUI) == ["module-construction"])
    }

    /// A View's static factory that wires its own module is builder code: the entity it is
    /// handed and the concrete Presenter it resolves are that one module-construction finding.
    @Test func aViewFactoryWiringItsModuleIsOneFinding() throws {
        let files = [
            ("Entities/Folder.swift", "struct Folder {\n    let id: Int\n    var name: String\n}\n"),
            ("Home/HomeInteractor.swift", "final class HomeInteractor {\n    func folders() -> [Folder] { [] }\n}\n"),
            ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
            ("Home/HomeViewController.swift", """
                import UIKit

                final class HomeViewController: UIViewController {
                    var output: AnyObject?

                    static func instantiate(with folder: Folder) -> HomeViewController {
                        let viewController = HomeViewController()
                        viewController.output = container.resolve(HomePresenter.self, arguments: viewController, folder)
                        return viewController
                    }

                    func show(_ folder: Folder) {}
                }
                """),
        ]
        // The factory is one finding; the same entity in an ordinary member stays a layer finding.
        #expect(try rules(files, preset: .viper).sorted() == ["layer-dependency", "module-construction"])
    }

    @Test func routersBuildModulesInClassicVIPERButOnlyAssembliesInTheSwiftUITemplate() throws {
        let files = [
            ("Detail/DetailPresenter.swift", "final class DetailPresenter {}\n"),
            ("Detail/DetailInteractor.swift", "final class DetailInteractor {}\n"),
            ("Detail/DetailView.swift", "struct DetailView: View {}\n"),
            ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
            ("Home/HomeRouter.swift", "final class HomeRouter {\n    func openDetail() { _ = DetailPresenter() }\n}\n"),
        ]
        #expect(try rules(files, preset: .viper).isEmpty)
        #expect(try rules(files, preset: .viperSwiftUI) == ["module-construction"])
    }

    @Test func swuipwerReadsLayersFromTargetsAndImports() throws {
        let files = [
            ("Package.swift", "let package = Package(name: \"A\", targets: [.target(name: \"Entity\"), .target(name: \"View\")])\n"),
            ("Sources/Entity/Item.swift", "public struct Item {}\n"),
            ("Sources/View/ItemView.swift", "import Entity\nimport SwiftUI\n\npublic struct ItemView: View {}\n"),
            ("Sources/View/ItemPresenter.swift", "final class ItemPresenter {}\n"),
        ]
        #expect(try rules(files, preset: .swuipwer) == ["layer-dependency"])
    }

    @Test func detectionFindsCustomLayerFolders() {
        let facts = [
            FactExtractor.facts(path: "Scenes/Home/Logic/HomeInteractor.swift", source: "final class HomeInteractor {}\n"),
            FactExtractor.facts(path: "Scenes/Cart/Logic/CartInteractor.swift", source: "final class CartInteractor {}\n"),
            FactExtractor.facts(path: "Scenes/Cart/CartPresenter.swift", source: "final class CartPresenter {}\n"),
            FactExtractor.facts(path: "Scenes/Cart/Helpers/CartPriceFormatter.swift", source: "final class CartPriceFormatter {}\n"),
            FactExtractor.facts(path: "Scenes/Home/Helpers/HomeDateFormatter.swift", source: "final class HomeDateFormatter {}\n"),
            // A folder that also holds a type of no layer (a Core Data entity) is no layer folder.
            FactExtractor.facts(path: "Scenes/Home/Section/HomeSectionView.swift", source: "final class HomeSectionView {}\n"),
            FactExtractor.facts(path: "Scenes/Cart/Section/CartSectionView.swift", source: "final class CartSectionView {}\n"),
            FactExtractor.facts(path: "Model/Entities/Section/Section.swift", source: "final class Section: NSManagedObject {}\n"),
        ]
        let result = PresetDetector.inspect(facts: facts, targets: [])
        #expect(result.preset == .viper)
        #expect(result.customFolders == [PresetDetector.CustomFolder(name: "Logic", layer: .interactor, occurrences: 2)])
        #expect(result.extraRoles.map(\.suffix) == ["Formatter"])
        let configuration = result.configuration().rendered()
        #expect(configuration.contains("\"Logic\""))
        #expect(throws: Never.self) { try ConfigurationLoader.decode(configuration, file: "init.json") }
    }
}

/// docs/configuration.md documents each preset's matrix; the documentation and the code agree.
@Suite struct PresetDocumentationTests {
    @Test(arguments: Preset.allCases)
    func documentedMatrixMatchesThePreset(_ preset: Preset) throws {
        let readme = try String(contentsOf: Paths.packageRoot.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- matrix:\(preset.rawValue) -->\n"))
        let end = try #require(readme.range(of: "<!-- /matrix -->", range: start.upperBound..<readme.endIndex))
        #expect(String(readme[start.upperBound..<end.lowerBound]) == MatrixDocumentation.markdown(preset.ruleSet))
    }
}
