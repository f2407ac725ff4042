import Foundation
import Testing
@testable import ViperLintCore

/// Issue 44: only groups whose code shows a VIPER module are modules. A folder of cells, a
/// `Network/` folder, a `CoreData/` folder with a base presenter and the folder of a lone
/// `FooModuleInput` filled the summary ("in 15 files (5 modules)"), the dashboard's module
/// table, `classify` and messages ("Module 'CoreData' has no View").
@Suite struct ModuleEvidenceTests {
    /// One VIPER module (an Assembly wires its View, Presenter, Interactor and Router), and
    /// folders that name no screen: cells a View shows, network code with an error view and an
    /// API router an Interactor uses, Core Data code with a base class the Presenter subclasses,
    /// and a lone module input protocol.
    static let files: [(path: String, source: String)] = [
        ("App/Cells/OrderCell.swift", "import UIKit\n\nfinal class OrderCell: UITableViewCell {\n    var title: String?\n}\n"),
        ("App/CoreData/CoreDataAssembly.swift", "final class CoreDataAssembly {\n    func stack() -> CoreDataStack { CoreDataStack() }\n}\n"),
        ("App/CoreData/CoreDataStack.swift", "import CoreData\n\nfinal class CoreDataStack {\n    let container = NSPersistentContainer(name: \"App\")\n}\n"),
        ("App/CoreData/FetchedListPresenter.swift", "class FetchedListPresenter {\n    var stack: CoreDataStack?\n\n    func reloadStored() {}\n}\n"),
        ("App/CoreData/StoredOrder.swift", "import CoreData\n\nfinal class StoredOrder: NSManagedObject {\n    @NSManaged var title: String\n}\n"),
        ("App/Foo/FooModuleInput.swift", "protocol FooModuleInput: AnyObject {\n    func reload()\n}\n"),
        ("App/Home/HomeAssembly.swift", "import UIKit\n\nenum HomeAssembly {\n    static func build() -> UIViewController {\n        let view = HomeViewController()\n        let presenter = HomePresenter()\n        let interactor = HomeInteractor()\n        let router = HomeRouter()\n        view.output = presenter\n        presenter.view = view\n        presenter.interactor = interactor\n        presenter.router = router\n        interactor.output = presenter\n        router.viewController = view\n        return view\n    }\n}\n"),
        ("App/Home/HomeInteractor.swift", "final class HomeInteractor: HomeInteractorInput {\n    weak var output: HomeInteractorOutput?\n    var client: NetworkClient?\n\n    func loadOrders() { client?.load(NetworkRouter.orders) }\n}\n"),
        ("App/Home/HomePresenter.swift", "final class HomePresenter: FetchedListPresenter, HomeViewOutput, HomeInteractorOutput {\n    weak var view: HomeViewInput?\n    var interactor: HomeInteractorInput?\n    var router: HomeRouterInput?\n\n    func viewDidLoad() { interactor?.loadOrders() }\n    func didLoad(_ titles: [String]) { view?.show(titles) }\n}\n"),
        ("App/Home/HomeProtocols.swift", "protocol HomeViewInput: AnyObject { func show(_ titles: [String]) }\nprotocol HomeViewOutput: AnyObject { func viewDidLoad() }\nprotocol HomeInteractorInput: AnyObject { func loadOrders() }\nprotocol HomeInteractorOutput: AnyObject { func didLoad(_ titles: [String]) }\nprotocol HomeRouterInput: AnyObject { func openOrder() }\n"),
        ("App/Home/HomeRouter.swift", "import UIKit\n\nfinal class HomeRouter: HomeRouterInput {\n    weak var viewController: UIViewController?\n\n    func openOrder() {}\n}\n"),
        ("App/Home/HomeViewController.swift", "import UIKit\n\nfinal class HomeViewController: UIViewController, HomeViewInput {\n    var output: HomeViewOutput?\n    private let cell = OrderCell()\n    private let errorView = NetworkErrorView()\n\n    func show(_ titles: [String]) { cell.title = titles.first }\n}\n"),
        ("App/Network/NetworkClient.swift", "final class NetworkClient {\n    func load(_ route: NetworkRouter) {}\n}\n"),
        ("App/Network/NetworkErrorView.swift", "import UIKit\n\nfinal class NetworkErrorView: UIView {\n    var message: String?\n}\n"),
        ("App/Network/NetworkRouter.swift", "enum NetworkRouter {\n    case orders\n}\n"),
    ]

    static let configuration = #"{ "version": 1, "extends": "viper", "rules": { "module-completeness": "warning" } }"#

    @Test func onlyTheWiredModuleIsCountedListedAndNamed() throws {
        let result = try TestProject.lint(Self.files, configuration: Self.configuration)
        #expect(result.modules == ["Home"])
        #expect(TextReporter().summary(result).contains("in 15 files (1 module)."), "\(TextReporter().summary(result))")
        let json = try #require(JSONSerialization.jsonObject(with: Data(JSONReporter.report(result).utf8)) as? [String: Any])
        #expect((json["summary"] as? [String: Any])?["modules"] as? Int == 1)
        let html = HTMLReporter.report(result, context: ReportContext(ruleSet: result.ruleSet))
        #expect(html.contains("<th scope=\"row\">Home</th>") && html.contains("1 module"))
        for group in ["CoreData", "Network", "Order", "Foo", "Cells"] {
            #expect(!html.contains("<th scope=\"row\">\(group)</th>"), "\(group) is a row of the dashboard's module table")
            #expect(!result.violations.contains { $0.message.contains("odule '\(group)'") || $0.module == group }, "\(group) is named a module")
        }
        // The base presenter in `CoreData/` is no module that lacks a View.
        #expect(!result.violations.contains { $0.rule == ModuleCompletenessRule.id }, "\(result.violations.map(\.message))")
    }

    /// `classify` still shows the groups, says they are not modules and why, and gives the
    /// module its evidence; the JSON form marks each group.
    @Test func classifySaysWhichGroupsAreNoModulesAndWhy() throws {
        let index = try TestProject.index(Self.files, configuration: Self.configuration)
        #expect(index.modules == ["Home"])
        #expect(index.moduleEvidence["Home"]?.reason.hasPrefix("wired in code: ") == true, "\(String(describing: index.moduleEvidence["Home"]))")
        let text = ClassificationReport.text(index)
        #expect(text.contains("Modules (1) with the layers of their types:\n  Home: View, Presenter, Interactor, Router, Assembly (6 files)\n    wired in code: "), "\(text)")
        #expect(text.contains("Not modules ("), "\(text)")
        #expect(text.contains("  CoreData: Presenter, Entity (4 files)\n    not a module: no builder wires it and no two of its VIPER roles reference each other"), "\(text)")
        #expect(text.contains("roles seen: Presenter, Entity"), "\(text)")
        #expect(text.contains("group CoreData (module folder: in module folder 'App/CoreData'), not a module"), "\(text)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(ClassificationReport.json(index).utf8)) as? [String: Any])
        let groups = try #require(json["modules"] as? [[String: Any]])
        #expect(groups.filter { $0["isModule"] as? Bool == true }.compactMap { $0["name"] as? String } == ["Home"])
        #expect(groups.contains { $0["name"] as? String == "Network" && $0["isModule"] as? Bool == false })
    }

    /// The evidence is kept with the classification a later run reuses.
    @Test func theEvidenceSurvivesTheClassificationMemo() throws {
        let index = try TestProject.index(Self.files, configuration: Self.configuration)
        let decisions = ClassifierDecisions(index: index, detection: nil)
        var writer = ByteWriter()
        decisions.write(into: &writer)
        var reader = ByteReader(writer.bytes)
        let read = try ClassifierDecisions(reading: &reader)
        #expect(read == decisions && read.moduleEvidence == index.moduleEvidence && !read.moduleEvidence.isEmpty)
    }
}
