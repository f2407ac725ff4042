import Foundation
import Testing
@testable import ViperLintCore

/// Issue 54: a module is what a builder wires, whatever the folders say.
@Suite struct WiredModulesTests {
    /// A layer-first app: one folder per layer, two screens in each (one file per layer), and
    /// routers that build each screen. Neither folders nor files name a screen, and names with
    /// an `Impl` tail have no screen prefix: only the builders say which parts belong together.
    static let layerFirst: [(path: String, source: String)] = [
        ("App/Entity/Article.swift", "struct Article: Codable {\n    let title: String\n}\n"),
        ("App/View/HomeView.swift", "import SwiftUI\n\nstruct HomeView: View {\n    @ObservedObject var presenter: HomePresenterImpl\n    var body: some View { List(presenter.articles, id: \\.title) { Text($0.title) } }\n}\n"),
        ("App/View/SearchView.swift", "import SwiftUI\n\nstruct SearchView: View {\n    @ObservedObject var presenter: SearchPresenterImpl\n    var body: some View { Text(presenter.query) }\n}\n"),
        ("App/Presenter/Presenters.swift", "import Combine\n\nfinal class HomePresenterImpl: ObservableObject {\n    @Published var articles: [Article] = []\n    let useCase: HomeUseCaseImpl\n    let router: HomeRouterImpl\n    init(useCase: HomeUseCaseImpl, router: HomeRouterImpl) {\n        self.useCase = useCase\n        self.router = router\n    }\n}\n\nfinal class SearchPresenterImpl: ObservableObject {\n    @Published var query = \"\"\n    let useCase: SearchUseCaseImpl\n    let router: SearchRouterImpl\n    init(useCase: SearchUseCaseImpl, router: SearchRouterImpl) {\n        self.useCase = useCase\n        self.router = router\n    }\n}\n"),
        ("App/UseCase/UseCases.swift", "final class HomeUseCaseImpl {\n    func load() -> [Article] { [] }\n}\n\nfinal class SearchUseCaseImpl {\n    func search(_ query: String) -> [Article] { [] }\n}\n"),
        ("App/Router/Routers.swift", "import SwiftUI\n\nfinal class HomeRouterImpl {\n    func makeSearchView() -> SearchView {\n        let router = SearchRouterImpl()\n        let presenter = SearchPresenterImpl(useCase: SearchUseCaseImpl(), router: router)\n        return SearchView(presenter: presenter)\n    }\n}\n\nfinal class SearchRouterImpl {}\n"),
        ("App/Router/RootRouter.swift", "import SwiftUI\n\nenum RootRouter {\n    static func makeHomeView() -> HomeView {\n        let useCase = HomeUseCaseImpl()\n        let router = HomeRouterImpl()\n        let presenter = HomePresenterImpl(useCase: useCase, router: router)\n        return HomeView(presenter: presenter)\n    }\n}\n"),
    ]

    @Test func aLayerFirstAppsModulesAreWhatItsBuildersWire() throws {
        let index = try TestProject.index(Self.layerFirst)
        func module(_ name: String) -> ModuleDecision? { TestProject.symbol(name, in: index)?.module }
        for (screen, parts) in [("Home", ["HomeView", "HomePresenterImpl", "HomeUseCaseImpl", "HomeRouterImpl"]),
                                ("Search", ["SearchView", "SearchPresenterImpl", "SearchUseCaseImpl", "SearchRouterImpl"])] {
            for part in parts {
                #expect(module(part)?.module == screen, "\(part): \(String(describing: module(part)))")
            }
        }
        #expect(module("HomeUseCaseImpl")?.signal == .wiring)
        #expect(module("HomeUseCaseImpl")?.evidence.contains("RootRouter.makeHomeView (App/Router/RootRouter.swift:4)") == true)
        // What no builder wires keeps its folder's group.
        #expect(module("Article")?.module != "Home")
        #expect(index.moduleEvidence["Home"]?.isModule == true)
        #expect(index.moduleEvidence["Search"]?.isModule == true)
    }

    @Test func aFindingInALayerFirstScreenNamesTheModuleItsBuilderWired() throws {
        let result = try TestProject.lint(Self.layerFirst)
        let finding = try #require(result.violations.first { $0.rule == LayerDependencyRule.id && $0.file.hasSuffix("HomeView.swift") })
        #expect(finding.module == "Home")
        #expect(finding.message.contains("'Article'"))
    }

    /// A screen that reuses another screen's view controller and presenter, with its own
    /// interactor and wireframe: the reused parts stay in their screen, the builder's own parts
    /// stay in the builder's module.
    static let reuse: [(path: String, source: String)] = [
        ("App/Confirm/ConfirmViewController.swift", "import UIKit\n\nfinal class ConfirmViewController: UIViewController {\n    var presenter: ConfirmPresenter?\n}\n"),
        ("App/Confirm/ConfirmPresenter.swift", "final class ConfirmPresenter {\n    weak var view: ConfirmViewController?\n    var interactor: ConfirmInteractorInput?\n    var wireframe: ConfirmWireframeProtocol?\n}\n"),
        ("App/Confirm/ConfirmProtocols.swift", "protocol ConfirmInteractorInput: AnyObject {}\nprotocol ConfirmWireframeProtocol: AnyObject {}\n"),
        ("App/Confirm/ConfirmInteractor.swift", "final class ConfirmInteractor: ConfirmInteractorInput {}\n"),
        ("App/Confirm/ConfirmWireframe.swift", "final class ConfirmWireframe: ConfirmWireframeProtocol {}\n"),
        ("App/Confirm/ConfirmViewFactory.swift", "enum ConfirmViewFactory {\n    static func createView() -> ConfirmViewController {\n        let view = ConfirmViewController()\n        let presenter = ConfirmPresenter()\n        view.presenter = presenter\n        presenter.view = view\n        presenter.interactor = ConfirmInteractor()\n        presenter.wireframe = ConfirmWireframe()\n        return view\n    }\n}\n"),
        ("App/ExportConfirm/ExportConfirmInteractor.swift", "final class ExportConfirmInteractor: ConfirmInteractorInput {}\n"),
        ("App/ExportConfirm/ExportConfirmWireframe.swift", "final class ExportConfirmWireframe: ConfirmWireframeProtocol {}\n"),
        ("App/ExportConfirm/ExportConfirmViewFactory.swift", "enum ExportConfirmViewFactory {\n    static func createView() -> ConfirmViewController {\n        let view = ConfirmViewController()\n        let presenter = ConfirmPresenter()\n        view.presenter = presenter\n        presenter.view = view\n        presenter.interactor = ExportConfirmInteractor()\n        presenter.wireframe = ExportConfirmWireframe()\n        return view\n    }\n}\n"),
    ]

    @Test func partsOfAnotherScreenThatABuilderReusesStayInTheirScreen() throws {
        let index = try TestProject.index(Self.reuse)
        func module(_ name: String) -> String? { TestProject.symbol(name, in: index)?.module.module }
        #expect(module("ConfirmViewController") == "Confirm")
        #expect(module("ConfirmPresenter") == "Confirm")
        #expect(module("ExportConfirmInteractor") == "ExportConfirm")
        #expect(module("ExportConfirmWireframe") == "ExportConfirm")
    }
}
