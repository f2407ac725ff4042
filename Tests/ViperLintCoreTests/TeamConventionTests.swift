import Foundation
import Testing
@testable import ViperLintCore

/// Issue 55: `init` learns a team's conventions per architecture variant: an arrow every module
/// takes is allowed with its count, a deviation in one module stays a finding, and VIPER's own
/// rules are never allowed by count.
@Suite struct TeamConventionTests {
    /// A project of `modules`, each module's files made by `files`, initialised with
    /// `init --explain`: what init printed, the configuration it wrote, and the findings after.
    static func initialised(_ modules: [String], shared: [String: String] = [:], preset: String? = nil,
                            files: (String, Int) -> [String: String]) throws -> (stderr: String, configuration: String, findings: [[String: Any]]) {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var all = shared
        for (number, module) in modules.enumerated() { all.merge(files(module, number)) { $1 } }
        try CLI.write(all, into: folder)
        let initialized = try CLI.run(["init", folder.path, "--explain"] + (preset.map { ["--preset", $0] } ?? []))
        #expect(initialized.status == 0, "\(initialized.stderr)")
        let configuration = try String(contentsOf: folder.appendingPathComponent(".viperlint.json"), encoding: .utf8)
        let after = try CLI.run(["lint", folder.path, "--no-cache", "--report", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any])
        return (initialized.stderr, configuration, report["violations"] as? [[String: Any]] ?? [])
    }

    /// The `conventions` a configuration lists, as "From -> To 4 of 4".
    static func conventions(_ configuration: String) -> [String] {
        let json = (try? JSONSerialization.jsonObject(with: Data(configuration.utf8))) as? [String: Any]
        return (json?["conventions"] as? [[String: Any]] ?? []).map { entry in
            "\(entry["from"] as? String ?? "?") -> \(entry["to"] as? String ?? "?") \(entry["modules"] as? Int ?? -1) of \(entry["of"] as? Int ?? -1)"
        }
    }

    static func count(_ findings: [[String: Any]], rule: String, inFilesEndingWith suffix: String) -> Int {
        findings.filter { $0["rule"] as? String == rule && ($0["file"] as? String)?.hasSuffix(suffix) == true }.count
    }

    /// Clean Swift: every scene's view controller holds its concrete Interactor (the preset draws
    /// View -> Interactor through `BusinessLogic`); one scene's Presenter holds its view
    /// controller's class instead of `DisplayLogic`, a deviation that stays.
    @Test func cleanSwiftScenesHoldingTheirConcreteInteractorIsTheTeamsConvention() throws {
        let scenes = ["ListOrders", "ShowOrder", "CreateOrder", "EditOrder"]
        let (stderr, configuration, findings) = try Self.initialised(scenes) { scene, number in
            [
                "Scenes/\(scene)/\(scene)Models.swift": "enum \(scene) {\n    enum Load {\n        struct Request {}\n        struct Response {}\n        struct ViewModel {}\n    }\n}\n",
                "Scenes/\(scene)/\(scene)ViewController.swift": """
                    import UIKit

                    protocol \(scene)DisplayLogic: AnyObject {
                        func displayLoad(viewModel: \(scene).Load.ViewModel)
                    }

                    final class \(scene)ViewController: UIViewController, \(scene)DisplayLogic {
                        var interactor: \(scene)Interactor?
                        var router: (\(scene)RoutingLogic & \(scene)DataPassing)?

                        func setup() {
                            let interactor = \(scene)Interactor()
                            let presenter = \(scene)Presenter()
                            let router = \(scene)Router()
                            self.interactor = interactor
                            self.router = router
                            interactor.presenter = presenter
                            presenter.viewController = self
                            router.viewController = self
                            router.dataStore = interactor
                        }

                        func displayLoad(viewModel: \(scene).Load.ViewModel) {}
                    }

                    """,
                "Scenes/\(scene)/\(scene)Interactor.swift": """
                    protocol \(scene)BusinessLogic {
                        func load(request: \(scene).Load.Request)
                    }

                    protocol \(scene)DataStore {}

                    final class \(scene)Interactor: \(scene)BusinessLogic, \(scene)DataStore {
                        var presenter: \(scene)PresentationLogic?
                        func load(request: \(scene).Load.Request) { presenter?.presentLoad(response: \(scene).Load.Response()) }
                    }

                    """,
                "Scenes/\(scene)/\(scene)Presenter.swift": """
                    protocol \(scene)PresentationLogic {
                        func presentLoad(response: \(scene).Load.Response)
                    }

                    final class \(scene)Presenter: \(scene)PresentationLogic {
                        weak var viewController: \(number == 0 ? "\(scene)ViewController" : "\(scene)DisplayLogic")?
                        func presentLoad(response: \(scene).Load.Response) { viewController?.displayLoad(viewModel: \(scene).Load.ViewModel()) }
                    }

                    """,
                "Scenes/\(scene)/\(scene)Router.swift": """
                    import UIKit

                    protocol \(scene)RoutingLogic {}
                    protocol \(scene)DataPassing {
                        var dataStore: \(scene)DataStore? { get }
                    }

                    final class \(scene)Router: \(scene)RoutingLogic, \(scene)DataPassing {
                        weak var viewController: \(scene)ViewController?
                        var dataStore: \(scene)DataStore?
                    }

                    """,
            ]
        }
        #expect(stderr.contains("chosen preset: clean-swift"), "\(stderr)")
        #expect(stderr.contains("the team's convention: View -> Interactor in 4 of 4 modules"), "\(stderr)")
        #expect(Self.conventions(configuration) == ["View -> Interactor 4 of 4"], "\(configuration)")
        #expect(Self.count(findings, rule: ConcreteDependencyRule.id, inFilesEndingWith: "ViewController.swift") == 0, "\(findings)")
        #expect(Self.count(findings, rule: ConcreteDependencyRule.id, inFilesEndingWith: "ListOrdersPresenter.swift") == 1,
                "the one Presenter holding its view controller's class deviates: \(findings)")
    }

    /// The preset follows the code: scenes whose names say classic VIPER (Routers, builders, no
    /// VIP protocols) but whose every view controller holds and calls its concrete Interactor
    /// are the VIP cycle. Classic VIPER keeps View -> Interactor as its own rule, so every scene
    /// would be reported for its design; `init` chooses the preset that draws the arrow, and the
    /// concrete class every scene holds is then the team's convention.
    @Test func aPresetThatForbidsWhatEveryModuleDoesIsNotChosen() throws {
        let scenes = ["Orders", "Basket", "Account", "Search"]
        let (stderr, configuration, findings) = try Self.initialised(scenes) { scene, _ in
            [
                "Scenes/\(scene)/\(scene)Builder.swift": """
                    enum \(scene)Builder {
                        static func build() -> \(scene)ViewController {
                            let view = \(scene)ViewController()
                            let interactor = \(scene)Interactor()
                            let presenter = \(scene)Presenter()
                            view.interactor = interactor
                            view.router = \(scene)Router()
                            interactor.output = presenter
                            presenter.view = view
                            return view
                        }
                    }

                    """,
                "Scenes/\(scene)/\(scene)ViewController.swift": """
                    import UIKit

                    protocol \(scene)ViewInput: AnyObject {
                        func show(title: String)
                    }

                    final class \(scene)ViewController: UIViewController, \(scene)ViewInput {
                        var interactor: \(scene)Interactor?
                        var router: \(scene)Router?

                        override func viewDidLoad() {
                            super.viewDidLoad()
                            interactor?.load()
                        }

                        func show(title: String) { self.title = title }
                    }

                    """,
                "Scenes/\(scene)/\(scene)Interactor.swift": """
                    protocol \(scene)InteractorOutput: AnyObject {
                        func loaded(count: Int)
                    }

                    final class \(scene)Interactor {
                        weak var output: \(scene)InteractorOutput?
                        func load() { output?.loaded(count: 1) }
                    }

                    """,
                "Scenes/\(scene)/\(scene)Presenter.swift": """
                    final class \(scene)Presenter: \(scene)InteractorOutput {
                        weak var view: \(scene)ViewInput?
                        func loaded(count: Int) { view?.show(title: "\\(count)") }
                    }

                    """,
                "Scenes/\(scene)/\(scene)Router.swift": "import UIKit\n\nfinal class \(scene)Router {\n    weak var source: UIViewController?\n}\n",
            ]
        }
        #expect(stderr.contains("the preset follows the code: 'viper' forbids what every module does (View -> Interactor in 4 of 4 modules); "
                                + "'clean-swift' draws it, so it is chosen"), "\(stderr)")
        #expect(stderr.contains("chosen preset: clean-swift"), "\(stderr)")
        #expect(configuration.contains("\"extends\" : \"clean-swift\"") || configuration.contains("\"extends\": \"clean-swift\""), "\(configuration)")
        #expect(Self.conventions(configuration) == ["View -> Interactor 4 of 4", "View -> Router 4 of 4"], "\(configuration)")
        #expect(findings.filter { ($0["file"] as? String ?? "").hasSuffix("ViewController.swift") && ($0["message"] as? String ?? "").contains("Interactor") }.isEmpty,
                "\(findings)")
    }

    /// A VIPER app whose Views also hold their concrete Interactor stays VIPER: Clean Swift draws
    /// View -> Interactor but forbids what every Presenter here does (holding its Interactor and
    /// Router), so it describes the app no better (found by the attack on issue 55's work).
    @Test func aPresetThatForbidsMoreOfWhatEveryModuleDoesIsNotChosen() throws {
        let modules = ["Home", "Profile", "Settings"]
        let (stderr, configuration, _) = try Self.initialised(modules) { module, _ in
            [
                "Modules/\(module)/\(module)Contracts.swift": """
                    protocol \(module)ViewInput: AnyObject {}
                    protocol \(module)InteractorInput: AnyObject {
                        func load()
                    }
                    protocol \(module)RouterInput: AnyObject {}
                    """,
                "Modules/\(module)/\(module)ViewController.swift": """
                    import UIKit

                    final class \(module)ViewController: UIViewController, \(module)ViewInput {
                        var presenter: \(module)Presenter?
                        var interactor: \(module)Interactor?
                    }

                    """,
                "Modules/\(module)/\(module)Presenter.swift": """
                    final class \(module)Presenter {
                        weak var view: \(module)ViewInput?
                        var interactor: \(module)InteractorInput?
                        var router: \(module)RouterInput?
                    }

                    """,
                "Modules/\(module)/\(module)Interactor.swift": "final class \(module)Interactor: \(module)InteractorInput {\n    func load() {}\n}\n",
                "Modules/\(module)/\(module)Router.swift": "final class \(module)Router: \(module)RouterInput {}\n",
                "Modules/\(module)/\(module)Builder.swift": """
                    import UIKit

                    enum \(module)Builder {
                        static func build() -> UIViewController {
                            let view = \(module)ViewController()
                            let presenter = \(module)Presenter()
                            let interactor = \(module)Interactor()
                            view.presenter = presenter
                            view.interactor = interactor
                            presenter.view = view
                            presenter.interactor = interactor
                            presenter.router = \(module)Router()
                            return view
                        }
                    }

                    """,
            ]
        }
        #expect(stderr.contains("chosen preset: viper\n") && !stderr.contains("the preset follows the code"), "\(stderr)")
        #expect(stderr.contains("View -> Interactor") && stderr.contains("3 of 3 modules  kept: VIPER's own rule"), "\(stderr)")
        #expect(configuration.contains("\"viper\""), "\(configuration)")
    }

    /// With `--preset`, the team's choice stands, whatever the arrows say.
    @Test func anExplicitPresetIsNeverReplaced() throws {
        let scenes = ["Orders", "Basket", "Account"]
        let (stderr, configuration, _) = try Self.initialised(scenes, preset: "viper") { scene, _ in
            [
                "Scenes/\(scene)/\(scene)ViewController.swift": "import UIKit\n\nfinal class \(scene)ViewController: UIViewController {\n    var interactor: \(scene)Interactor?\n    var presenter: \(scene)Presenter?\n}\n",
                "Scenes/\(scene)/\(scene)Interactor.swift": "final class \(scene)Interactor {}\n",
                "Scenes/\(scene)/\(scene)Presenter.swift": "final class \(scene)Presenter {\n    weak var view: \(scene)ViewController?\n}\n",
            ]
        }
        #expect(stderr.contains("chosen preset: viper (from --preset)") && !stderr.contains("the preset follows the code"), "\(stderr)")
        #expect(stderr.contains("View -> Interactor  3 of 3 modules  kept: VIPER's own rule"), "\(stderr)")
        #expect(configuration.contains("\"viper\""), "\(configuration)")
    }

    /// Classic VIPER: every View holds its concrete Presenter (allowed, within each module: the
    /// Home View's hold on Cart's Presenter stays reported), one Presenter of four holds its
    /// concrete Router (kept, too few), and Presenters importing UIKit in every module are
    /// counted but never allowed.
    @Test func classicModulesHoldingTheirConcretePresenterIsTheTeamsConvention() throws {
        let modules = ["Home", "Cart", "Profile", "Orders"]
        let (stderr, configuration, findings) = try Self.initialised(modules) { module, number in
            [
                "Modules/\(module)/\(module)Contracts.swift": "protocol \(module)InteractorInput: AnyObject {}\nprotocol \(module)RouterInput: AnyObject {}\n",
                "Modules/\(module)/\(module)Interactor.swift": "final class \(module)Interactor: \(module)InteractorInput {}\n",
                "Modules/\(module)/\(module)Router.swift": "final class \(module)Router: \(module)RouterInput {}\n",
                "Modules/\(module)/\(module)Presenter.swift": """
                    import UIKit

                    final class \(module)Presenter {
                        var interactor: \(module)InteractorInput?
                        var router: \(number == 0 ? "\(module)Router" : "\(module)RouterInput")?
                        let icon = UIImage(named: "\(module)")
                    }

                    """,
                "Modules/\(module)/\(module)ViewController.swift": "import UIKit\n\nfinal class \(module)ViewController: UIViewController {\n    var presenter: \(module)Presenter?\n"
                    + (number == 0 ? "    var cart: CartPresenter?\n" : "") + "}\n",
            ]
        }
        #expect(stderr.contains("chosen preset: viper"), "\(stderr)")
        #expect(stderr.contains("""
              View -> Presenter        4 of 4 modules  allowed: the team's convention
              Presenter -> Router      1 of 4 modules  kept: in fewer than 3 modules
              Presenter imports UIKit  4 of 4 modules  kept: VIPER's own rule, findings to fix or baseline

            """), "\(stderr)")
        #expect(Self.conventions(configuration) == ["View -> Presenter 4 of 4"] && !configuration.contains("forbidden-import"), "\(configuration)")
        #expect(Self.count(findings, rule: ConcreteDependencyRule.id, inFilesEndingWith: "HomePresenter.swift") == 1, "\(findings)")
        // The deviation says what the other modules do, counted on the whole project.
        let deviation = findings.first { ($0["file"] as? String ?? "").hasSuffix("HomePresenter.swift") && $0["rule"] as? String == ConcreteDependencyRule.id }
        #expect((deviation?["message"] as? String)?.contains("In 3 other modules the Presenter holds its Router only through a protocol.") == true,
                "\(String(describing: deviation))")
        // The convention is each module's own design: a View holding another module's concrete Presenter stays reported.
        let crossModule = findings.filter { ($0["file"] as? String ?? "").hasSuffix("HomeViewController.swift") }.compactMap { $0["message"] as? String }
        #expect(crossModule.count == 1 && crossModule[0].contains("'CartPresenter'"), "\(findings)")
        #expect(Self.count(findings, rule: ForbiddenImportRule.id, inFilesEndingWith: "Presenter.swift") == 4, "\(findings)")
    }

    /// What the other modules do is counted on the whole index: a pre-commit run of one file
    /// says what the full run says.
    @Test func aDeviationSaysTheSameInAScopedRun() throws {
        func message(_ arguments: [String]) throws -> String? {
            let run = try CLI.run(["lint", "--no-cache", "--report", "json"] + arguments)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            return (report["violations"] as? [[String: Any]] ?? []).first { $0["rule"] as? String == ConcreteDependencyRule.id
                && ($0["file"] as? String ?? "").hasSuffix("Catalog/CatalogInteractor.swift") }?["message"] as? String
        }
        let full = try message([Paths.fixture("ClassicVIPER").path])
        let scoped = try message([Paths.fixture("ClassicVIPER").appendingPathComponent("Legacy/Catalog/CatalogInteractor.swift").path])
        #expect(full?.contains("In 2 other modules the Interactor holds its Presenter only through a protocol.") == true, "\(String(describing: full))")
        #expect(full != nil && full == scoped)
    }

    /// SwiftUI modules without Interactors: each Presenter holds its concrete Router (allowed:
    /// 3 of 3) and calls a shared service itself (no Interactor to move it to: no finding, no
    /// arrow); a SwiftUI View observing its concrete Presenter is no finding either, so no View
    /// is told to move its Presenter calls anywhere.
    @Test func swiftUIModulesWithoutInteractorsHoldingTheirConcreteRouterIsTheTeamsConvention() throws {
        let modules = ["Feed", "Search", "Settings"]
        let shared = ["App/Services/ArticlesService.swift": "final class ArticlesService {\n    func titles() -> [String] { [] }\n}\n"]
        let (stderr, configuration, findings) = try Self.initialised(modules, shared: shared) { module, _ in
            [
                "App/Modules/\(module)/\(module)View.swift": """
                    import SwiftUI

                    struct \(module)View: View {
                        @ObservedObject var presenter: \(module)Presenter
                        var body: some View { List(presenter.titles, id: \\.self) { Text($0) }.onAppear { presenter.load() } }
                    }

                    """,
                "App/Modules/\(module)/\(module)Presenter.swift": """
                    import Combine

                    final class \(module)Presenter: ObservableObject {
                        @Published private(set) var titles: [String] = []
                        private let service: ArticlesService
                        private let router: \(module)Router
                        init(service: ArticlesService, router: \(module)Router) {
                            self.service = service
                            self.router = router
                        }
                        func load() { titles = service.titles() }
                    }

                    """,
                "App/Modules/\(module)/\(module)Router.swift": """
                    import SwiftUI

                    final class \(module)Router {
                        static func make(service: ArticlesService) -> \(module)View {
                            let router = \(module)Router()
                            let presenter = \(module)Presenter(service: service, router: router)
                            return \(module)View(presenter: presenter)
                        }
                    }

                    """,
            ]
        }
        #expect(stderr.contains("the team's convention: Presenter -> Router in 3 of 3 modules"), "\(stderr)")
        #expect(!stderr.contains("Presenter -> Service") && !stderr.contains("View -> Presenter"), "\(stderr)")
        #expect(Self.conventions(configuration) == ["Presenter -> Router 3 of 3"], "\(configuration)")
        #expect(findings.isEmpty, "\(findings)")
        let viewFindings = findings.filter { finding in (finding["file"] as? String ?? "").hasSuffix("View.swift") }
        #expect(viewFindings.isEmpty, "\(findings)")
    }

    /// Layer-first VIPER with SwiftUI: a `Views/` and a `Presenters/` folder, three screens, no
    /// Interactors. Every View holds its concrete @Observable Presenter, which the layer-first
    /// preset draws itself: init picks that preset and has nothing to allow. One View names an
    /// entity (VIPER's own rule: counted, never allowed).
    @Test func layerFirstViewsHoldingTheirConcretePresenterNeedNoAllowance() throws {
        let screens = ["Feed", "Search", "Settings"]
        let shared = ["App/Entities/Article.swift": "struct Article: Codable {\n    let title: String\n}\n",
                      "App/Services/ArticlesService.swift": "final class ArticlesService {\n    func articles() async throws -> [Article] { [] }\n}\n"]
        let (stderr, configuration, findings) = try Self.initialised(screens, shared: shared) { screen, number in
            [
                "App/Views/\(screen)View.swift": """
                    import SwiftUI

                    struct \(screen)View: View {
                        let presenter: \(screen)Presenter
                        \(number == 0 ? "let pinned: Article?" : "")
                        var body: some View { Text(presenter.title) }
                    }

                    """,
                "App/Presenters/\(screen)Presenter.swift": """
                    import Observation

                    @Observable
                    final class \(screen)Presenter {
                        var title = "\(screen)"
                        let router: \(screen)Router
                        init(router: \(screen)Router) { self.router = router }
                    }

                    """,
                "App/Routers/\(screen)Router.swift": """
                    import SwiftUI

                    final class \(screen)Router {
                        static func make() -> \(screen)View {
                            let router = \(screen)Router()
                            return \(screen)View(presenter: \(screen)Presenter(router: router))
                        }
                    }

                    """,
            ]
        }
        #expect(stderr.contains("chosen preset: viper-layer-first\n"), "\(stderr)")
        #expect(stderr.contains("arrows the preset forbids, by the modules that take them:\n  View -> Entity  1 of 3 modules  kept: VIPER's own rule"), "\(stderr)")
        #expect(!stderr.contains("the team's convention") && Self.conventions(configuration).isEmpty, "\(configuration)")
        #expect(Self.count(findings, rule: ConcreteDependencyRule.id, inFilesEndingWith: "View.swift") == 0, "\(findings)")
        #expect(Self.count(findings, rule: LayerDependencyRule.id, inFilesEndingWith: "FeedView.swift") == 1, "\(findings)")
    }
}
