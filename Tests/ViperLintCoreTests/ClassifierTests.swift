import Testing
@testable import ViperLintCore

@Suite struct ClassifierTests {
    func layer(_ name: String, _ index: ProjectIndex) -> Layer? { TestProject.symbol(name, in: index)?.layer.layer }
    func module(_ name: String, _ index: ProjectIndex) -> String? { TestProject.symbol(name, in: index)?.module.module }
    func signal(_ name: String, _ index: ProjectIndex) -> ClassificationSignal? { TestProject.symbol(name, in: index)?.layer.signal }

    @Test func typeNameSuffixBeatsFileNameAndFolder() throws {
        let index = try TestProject.index([
            ("Home/Presenter/HomeView.swift", "final class HomeInteractor {}\nfinal class HomeHelper {}\nstruct HomeRowData {}\n"),
        ])
        #expect(layer("HomeInteractor", index) == .interactor)
        #expect(signal("HomeInteractor", index) == .typeNameSuffix)
        // A helper's name beats its file and folder: it gets no layer from where it sits.
        #expect(layer("HomeHelper", index) == nil)
        #expect(TestProject.symbol("HomeHelper", in: index)?.layer.note?.contains("excluded") == true)
        // A struct in the View layer that is not a SwiftUI view is display data.
        #expect(layer("HomeRowData", index) == .viewModel)
    }

    @Test func folderNamesAreCaseInsensitiveAndMayHaveSpaces() throws {
        let index = try TestProject.index([
            ("Modules/Login/User Interface/views/LoginContent.swift", "struct LoginContent: View {}\n"),
            ("Modules/Login/Application Logic/Interactor/LoginLogic.swift", "final class LoginLogic {}\n"),
        ])
        #expect(layer("LoginContent", index) == .view)
        #expect(signal("LoginContent", index) == .folderName)
        #expect(layer("LoginLogic", index) == .interactor)
        #expect(module("LoginContent", index) == "Login")
        #expect(module("LoginLogic", index) == "Login")
    }

    /// Issue 16, shape 8: when a build target and a type's name disagree, the name wins and
    /// the target's word stays as a note that `classify` prints.
    @Test func typeNameBeatsBuildTargetAndSaysSo() throws {
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [.target(name: "Presenter")])
            """
        let index = try TestProject.index([
            ("Package.swift", manifest),
            ("Sources/Presenter/HomeInteractor.swift", "final class HomeInteractor {}\n"),
            ("Sources/Presenter/HomeScreenLogic.swift", "final class HomeScreenLogic {}\n"),
        ])
        #expect(layer("HomeInteractor", index) == .interactor)
        #expect(TestProject.symbol("HomeInteractor", in: index)?.layer.note?.contains("Presenter by build target") == true)
        let file = try #require(index.files.first { $0.path.hasSuffix("HomeInteractor.swift") })
        #expect(file.layer.layer == .interactor)
        // A name that says nothing keeps the target's layer.
        #expect(layer("HomeScreenLogic", index) == .presenter)
        #expect(signal("HomeScreenLogic", index) == .buildTarget)
    }

    /// Issue 16, shape 7: base types classify what names and folders do not.
    @Test func baseTypesClassifyWhenNothingElseDoes() throws {
        let index = try TestProject.index([
            ("Orders/OrdersPresenter.swift", "final class OrdersPresenter {}\n"),
            ("Orders/OrdersInteractor.swift", "final class OrdersInteractor {}\n"),
            ("Orders/Controller/OrdersController.swift", "import UIKit\nfinal class OrdersController: UIViewController {}\n"),
            ("Orders/Controller/OrdersDetailController.swift", "final class OrdersDetailController: BaseViewController {}\n"),
            ("Orders/Controller/OrdersListController.swift", "final class OrdersListController: NSObject {}\n"),
            ("Shared/BaseViewController.swift", "class BaseViewController {}\n"),
            ("StoredOrder.swift", "import CoreData\nfinal class StoredOrder: NSManagedObject {}\n"),
            ("StoredItem.swift", "import CoreData\nfinal class StoredItem: Thing {\n    @NSManaged var name: String\n}\n"),
        ])
        #expect(layer("OrdersController", index) == .view)
        #expect(signal("OrdersController", index) == .baseType)
        #expect(module("OrdersController", index) == "Orders")
        #expect(layer("OrdersDetailController", index) == .view)
        #expect(layer("OrdersListController", index) == nil)
        #expect(layer("StoredOrder", index) == .entity)
        #expect(layer("StoredItem", index) == .entity)
        #expect(index.files.first { $0.path == "StoredOrder.swift" }?.layer.layer == .entity)
    }

    /// Issue 16, shape 9: `OptionsPresenter` and `OptionViewController` are one screen.
    @Test func singularAndPluralPrefixesAreOneModule() throws {
        let index = try TestProject.index([
            ("Screens/OptionsPresenter.swift", "final class OptionsPresenter {}\n"),
            ("Screens/OptionsInteractor.swift", "final class OptionsInteractor {}\n"),
            ("Screens/OptionViewController.swift", "final class OptionViewController {}\n"),
            ("Screens/ProfilePresenter.swift", "final class ProfilePresenter {}\n"),
            ("Screens/ProfileInteractor.swift", "final class ProfileInteractor {}\n"),
            ("Screens/NewsViewController.swift", "final class NewsViewController {}\n"),
            ("Screens/NewViewController.swift", "final class NewViewController {}\n"),
        ])
        #expect(module("OptionViewController", index) == "Options")
        #expect(module("OptionsInteractor", index) == "Options")
        #expect(module("ProfilePresenter", index) == "Profile")
        // Too short a stem to be sure: `New` and `News` stay apart.
        #expect(module("NewViewController", index) == "New")
        #expect(module("NewsViewController", index) == "News")
    }

    @Test func configGlobBeatsEverything() throws {
        let index = try TestProject.index([
            ("App/Legacy/HomePresenter.swift", "final class HomePresenter {}\n"),
        ], configuration: #"{ "version": 1, "layers": { "Service": { "paths": ["App/Legacy/**"] } } }"#)
        #expect(layer("HomePresenter", index) == .service)
        #expect(signal("HomePresenter", index) == .configGlob)
    }

    @Test func buildTargetsFromPackageManifest() throws {
        let index = try TestProject.index([
            ("Package.swift", """
                let package = Package(name: "App", targets: [
                    .target(name: "UseCase", path: "Sources/Domain"),
                    .target(name: "Entity"),
                ])
                """),
            ("Sources/Domain/LoadArticles.swift", "struct LoadArticles {}\n"),
            ("Sources/Entity/Article.swift", "struct Article {}\n"),
        ])
        #expect(layer("LoadArticles", index) == .interactor)
        #expect(signal("LoadArticles", index) == .buildTarget)
        #expect(layer("Article", index) == .entity)
        #expect(index.files.map(\.target) == ["UseCase", "Entity"])
    }

    @Test func protocolsTakeTheLayerOfTheirConformers() throws {
        let index = try TestProject.index([
            ("Home/HomeContracts.swift", """
                protocol HomeViewOutput: AnyObject {}
                protocol HomeInteractorToPresenterProtocol: AnyObject {}
                protocol HomeRouting {}
                """),
            ("Home/HomePresenter.swift", "final class HomePresenter: HomeViewOutput {}\n"),
            ("Home/HomeRouter.swift", "final class HomeRouter {}\n"),
        ])
        #expect(layer("HomeViewOutput", index) == .presenter)
        #expect(signal("HomeViewOutput", index) == .conformance)
        #expect(layer("HomeInteractorToPresenterProtocol", index) == .presenter)
        #expect(signal("HomeInteractorToPresenterProtocol", index) == .typeNameSuffix)
        #expect(layer("HomeRouting", index) == .contracts)
        #expect(TestProject.symbol("HomeViewOutput", in: index)?.isClassBound == true)
        #expect(TestProject.symbol("HomeRouting", in: index)?.isClassBound == false)
    }

    @Test func nestedTypesFollowTheirEnclosingType() throws {
        let index = try TestProject.index([
            ("Home/HomePresenter.swift", "final class HomePresenter {\n    enum State { case idle }\n    final class Cache {}\n}\n"),
            ("Home/HomeInteractor.swift", "final class HomeInteractor {\n    struct Result {}\n}\n"),
        ])
        #expect(layer("HomePresenter.Cache", index) == .presenter)
        #expect(signal("HomePresenter.Cache", index) == .enclosingType)
        // A presenter's value types are display data; an interactor's are data of no layer
        // (a nested `State` is passed around, it is no Interactor behaviour).
        #expect(layer("HomePresenter.State", index) == .viewModel)
        #expect(layer("HomeInteractor.Result", index) == nil)
        #expect(TestProject.symbol("HomeInteractor.Result", in: index)?.layer.note?.contains("carries data") == true)
    }

    @Test func valueTypesNestedInAViewAreDisplayData() throws {
        let index = try TestProject.index([
            ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
            ("Home/HomeRouter.swift", "final class HomeRouter {}\n"),
            ("Home/View/HomeCell.swift", "final class HomeCell: UITableViewCell {\n    struct Model {}\n    final class Helper {}\n}\n"),
        ])
        #expect(layer("HomeCell", index) == .view)
        #expect(layer("HomeCell.Model", index) == .viewModel)
        // A class that is no view, nested in one, is a helper: it takes no layer from its place.
        #expect(layer("HomeCell.Helper", index) == nil)
    }

    @Test func plainMVCScreensAreNotVIPERViews() throws {
        let index = try TestProject.index([
            ("Settings/SettingsViewController.swift", "final class SettingsViewController {}\n"),
            ("Home/HomeViewController.swift", "final class HomeViewController {}\n"),
            ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
            ("Orders/OrdersViewController.swift", "final class OrdersViewController {}\n"),
            ("Orders/OrdersPresenter.swift", "final class OrdersPresenter {}\n"),
            ("Orders/OrdersInteractor.swift", "final class OrdersInteractor {}\n"),
        ])
        #expect(layer("SettingsViewController", index) == nil)
        #expect(TestProject.symbol("SettingsViewController", in: index)?.layer.note?.contains("plain MVC") == true)
        // A View and a Presenter alone are MVP (legacy code of VIPER apps), not a VIPER module.
        #expect(layer("HomeViewController", index) == nil)
        #expect(layer("HomePresenter", index) == nil)
        #expect(TestProject.symbol("HomePresenter", in: index)?.layer.note?.contains("MVP") == true)
        #expect(layer("OrdersViewController", index) == .view)
        #expect(layer("OrdersPresenter", index) == .presenter)
    }

    @Test func nonEntitySuffixesBeatAnEntitiesFolder() throws {
        let index = try TestProject.index([
            ("Entities/Article.swift", "struct Article {}\n"),
            ("Entities/ArticleFormatterHelper.swift", "struct ArticleFormatterHelper {}\n"),
        ])
        #expect(layer("Article", index) == .entity)
        #expect(layer("ArticleFormatterHelper", index) == nil)
    }

    /// A model folder also holds display code and helpers: they are no entities, and a file
    /// of extensions is the layer of what it extends.
    @Test func modelFoldersHoldEntitiesOnly() throws {
        let index = try TestProject.index([
            ("Model/Article.swift", "struct Article: Codable {\n    let title: String\n}\n"),
            ("Model/Article+Text.swift", "extension Article {\n    var upper: String { title.uppercased() }\n}\n"),
            ("Model/ShareSource.swift", "final class ShareSource: NSObject, UIActivityItemSource {\n    let text: String = \"\"\n}\n"),
            ("Model/ChartColors.swift", "struct ChartColors {\n    let line: UIColor\n    let fill: UIColor\n}\n"),
            ("Model/WalletsSectionModel.swift", "struct WalletsSectionModel {\n    let title: String\n}\n"),
            ("Model/UIImageView+Loading.swift", "import UIKit\nextension UIImageView {\n    func load() {}\n}\n"),
        ])
        #expect(layer("Article", index) == .entity)
        for name in ["ShareSource", "ChartColors", "WalletsSectionModel"] {
            #expect(layer(name, index) == nil, "\(name)")
            #expect(TestProject.symbol(name, in: index)?.layer.note?.contains("display code") == true, "\(name)")
        }
        let layers = Dictionary(uniqueKeysWithValues: index.files.map { ($0.path, $0.layer.layer) })
        #expect(layers["Model/Article+Text.swift"] == .entity)
        #expect(layers["Model/UIImageView+Loading.swift"] == .some(nil))
        #expect(layers["Model/ShareSource.swift"] == .some(nil))
    }

    @Test func layerFirstFoldersGetModulesFromNamePrefixes() throws {
        let index = try TestProject.index([
            // Presenters of layer-first VIPER use shared interactors: naming one shows VIPER.
            ("App/Presenters/HomePresenter.swift", "final class HomePresenter {\n    let catalog: CatalogInteractor\n}\n"),
            ("App/Presenters/DetailPresenter.swift", "final class DetailPresenter {}\n"),
            ("App/Views/HomeView.swift", "import SwiftUI\n\nstruct HomeView: View {}\n"),
            ("App/Entities/Article.swift", "struct Article {}\n"),
        ])
        #expect(module("HomePresenter", index) == "Home")
        #expect(module("DetailPresenter", index) == "Detail")
        #expect(module("HomeView", index) == "Home")
        #expect(layer("HomeView", index) == .view)
        #expect(module("Article", index) == nil)
    }

    @Test func moduleGlobCaptureWins() throws {
        let index = try TestProject.index([
            ("Features/Checkout/Sources/CartPresenter.swift", "final class CartPresenter {}\n"),
        ], configuration: #"{ "version": 1, "modules": { "paths": ["Features/*/**"] } }"#)
        #expect(module("CartPresenter", index) == "Checkout")
        #expect(TestProject.symbol("CartPresenter", in: index)?.module.signal == .configGlob)
    }

    /// A presenter helper in a shared folder (no module of its own) that a VIPER screen's
    /// Presenter holds is that screen's presenter code; one that no VIPER Presenter uses stays
    /// outside VIPER (a plain MVP screen's presenter).
    @Test func aPresenterHelperHeldByAVIPERPresenterKeepsItsLayer() throws {
        let index = try TestProject.index([
            ("Common/Filter/PriceFilterPresenter.swift", "import SwiftUI\n\nfinal class PriceFilterPresenter<Item> {\n    func apply(_ items: [Item]) -> [Item] { items }\n}\n"),
            ("Common/Legacy/LegacyPresenter.swift", "final class LegacyPresenter {}\n"),
            ("Trails/TrailsInteractor.swift", "final class TrailsInteractor {}\n"),
            ("Trails/TrailsPresenter.swift", "final class TrailsPresenter {\n    let interactor = TrailsInteractor()\n    let filter = PriceFilterPresenter<Int>()\n}\n"),
        ])
        #expect(TestProject.symbol("PriceFilterPresenter", in: index)?.layer.layer == .presenter)
        #expect(TestProject.symbol("LegacyPresenter", in: index)?.layer.layer == nil)
        let result = try TestProject.lint([
            ("Common/Filter/PriceFilterPresenter.swift", "import SwiftUI\n\nfinal class PriceFilterPresenter<Item> {\n    func apply(_ items: [Item]) -> [Item] { items }\n}\n"),
            ("Trails/TrailsInteractor.swift", "final class TrailsInteractor {}\n"),
            ("Trails/TrailsPresenter.swift", "final class TrailsPresenter {\n    let interactor = TrailsInteractor()\n    let filter = PriceFilterPresenter<Int>()\n}\n"),
        ])
        #expect(result.violations.filter { $0.rule == "forbidden-import" }.map(\.file) == ["Common/Filter/PriceFilterPresenter.swift"])
    }

    @Test func resolutionPrefersNestedScopesAndTheSameModule() throws {
        let index = try TestProject.index([
            ("Home/HomeModels.swift", "enum HomeModels {\n    struct Request {}\n    func make() -> Request { Request() }\n}\n"),
            ("Home/Item.swift", "struct Item {}\n"),
            ("Detail/Item.swift", "struct Item {}\n"),
            ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
            ("Detail/DetailPresenter.swift", "final class DetailPresenter {}\n"),
        ])
        let file = try #require(index.files.firstIndex { $0.path == "Home/HomeModels.swift" })
        #expect(index.resolve("Request", from: 0, inFile: file)?.qualifiedName == "HomeModels.Request")
        #expect(index.resolve("Request", from: nil, inFile: file) == nil)
        #expect(index.resolve("Item", from: nil, inFile: file).map { index.files[$0.file].path } == "Home/Item.swift")
        #expect(index.resolve("UIKit.UIImage", from: nil, inFile: file) == nil)
        // A module qualifier: a folder the file is in (an Xcode target's), or an imported module.
        #expect(index.resolve("Home.HomePresenter", from: nil, inFile: file)?.name == "HomePresenter")
        #expect(index.resolve("Swift.Item", from: nil, inFile: file)?.name == "Item")
        // A qualifier that is no module is an outside type (SwiftGen's `L10n`): its member is not ours.
        #expect(index.resolve("L10n.HomePresenter", from: nil, inFile: file) == nil)
    }
}

/// Protocols take a layer from their adopters only where the adopters agree and sit in the
/// protocol's own module; names yield to adopters found to be something else.
@Suite struct ProtocolRoleTests {
    func layer(_ name: String, _ index: ProjectIndex) -> Layer? { TestProject.symbol(name, in: index)?.layer.layer }

    @Test func aProtocolImplementedOnlyInOtherModulesIsTheirContract() throws {
        let index = try TestProject.index([
            ("Modules/Submissions/SubmissionsOutput.swift", "protocol SubmissionsOutput: AnyObject {\n    func didSelect()\n}\n"),
            ("Modules/Submissions/SubmissionsInteractor.swift", "final class SubmissionsInteractor {\n    weak var output: SubmissionsOutput?\n}\n"),
            ("Modules/Review/ReviewInteractor.swift", "final class ReviewInteractor {}\n"),
            ("Modules/Review/ReviewPresenter.swift", "final class ReviewPresenter {\n    var interactor: ReviewInteractor?\n}\n"),
            ("Modules/Review/ReviewViewController.swift", "import UIKit\nfinal class ReviewViewController: UIViewController, SubmissionsOutput {\n    func didSelect() {}\n}\n"),
        ])
        #expect(layer("SubmissionsOutput", index) == .contracts)
        #expect(layer("ReviewViewController", index) == .view)
    }

    /// Where the project wires its modules in code, a folder whose Interactor or Router meets
    /// no other part of a screen anywhere is names, not a screen: its types get no layer,
    /// and classify says why. A project that wires no module in code keeps them (nothing to
    /// tell them apart by).
    @Test func aModuleWhosePartsMeetNowhereIsNoScreenWhereOthersAreWired() throws {
        let wired = [
            ("Modules/Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
            ("Modules/Home/HomePresenter.swift", "final class HomePresenter {\n    var interactor: HomeInteractor?\n}\n"),
            ("Modules/Cart/CartRouter.swift", "final class CartRouter {}\n"),
            ("Modules/Cart/CartPresenter.swift", "final class CartPresenter {\n    var router: CartRouter?\n}\n"),
        ]
        let unwired = [
            ("Modules/Legacy/LegacyRouter.swift", "final class LegacyRouter {}\n"),
            ("Modules/Legacy/LegacyViewController.swift", "import UIKit\nfinal class LegacyViewController: UIViewController {}\n"),
        ]
        let index = try TestProject.index(wired + unwired)
        #expect(layer("HomePresenter", index) == .presenter)
        #expect(layer("CartRouter", index) == .router)
        #expect(layer("LegacyRouter", index) == nil)
        #expect(layer("LegacyViewController", index) == nil)
        #expect(TestProject.symbol("LegacyViewController", in: index)?.layer.note?.contains("wired to its other parts") == true)
        // Alone, the same unwired module is all the project shows: kept.
        let alone = try TestProject.index(unwired)
        #expect(layer("LegacyRouter", alone) == .router)
        #expect(layer("LegacyViewController", alone) == .view)
    }

    @Test func aMarkerAdoptedByAnEntityAndByUnclassifiedTypesIsNoEntity() throws {
        let index = try TestProject.index([
            ("Modules/Explore/ExploreViewController.swift", """
                import UIKit
                protocol SubmoduleType {}
                final class ExploreViewController: UIViewController {}
                """),
            ("Shared/Submodule.swift", "enum Submodule: SubmoduleType {\n    case banner\n}\n"),
            ("Modules/Explore/ExploreInteractor.swift", "final class ExploreInteractor {}\n"),
            ("Entities/Banner.swift", "struct Banner: Codable, SubmoduleType {\n    let title: String\n}\n"),
        ])
        #expect(layer("Banner", index) == .entity)
        #expect(layer("SubmoduleType", index) == nil)
    }

    @Test func aBuilderNamedProtocolOfAHelperThatBuildsNoModuleIsNoAssembly() throws {
        let index = try TestProject.index([
            ("Modules/Dashboard/Model/DashboardBuilder.swift", """
                protocol DashboardBuilderProtocol {
                    func apply(balance: Int)
                }
                final class DashboardBuilder: DashboardBuilderProtocol {
                    func apply(balance: Int) {}
                }
                """),
            ("Modules/Dashboard/DashboardPresenter.swift", "final class DashboardPresenter {}\n"),
            ("Modules/Dashboard/DashboardInteractor.swift", "final class DashboardInteractor {\n    let builder: DashboardBuilderProtocol = DashboardBuilder()\n}\n"),
        ])
        #expect(layer("DashboardBuilder", index) == nil)
        #expect(layer("DashboardBuilderProtocol", index) == nil)
        #expect(layer("DashboardInteractor", index) == .interactor)
    }

    @Test func aModelFolderTypeThatGivesIconsOrFontsIsDisplayData() throws {
        let index = try TestProject.index([
            ("Modules/Editor/EditorInteractor.swift", "final class EditorInteractor {\n    var theme: EditorTheme?\n}\n"),
            ("Modules/Editor/EditorPresenter.swift", "final class EditorPresenter {}\n"),
            ("Model/EditorTheme.swift", "import UIKit\nstruct EditorTheme {\n    let font: UIFont\n    let name: String\n}\n"),
            ("Model/Article.swift", "struct Article {\n    let title: String\n}\n"),
            ("Modules/Editor/EditorService.swift", "final class EditorService {\n    func load() -> [Article] { [] }\n}\n"),
            ("Entities/Block.swift", "import UIKit\nstruct Block: Codable {\n    var image: UIImage? { nil }\n    let id: Int\n}\n"),
        ])
        #expect(layer("EditorTheme", index) != .entity)
        #expect(layer("Block", index) == .entity)
    }

    @Test func modelFolderFilesOfProtocolsOrIconExtensionsAreNoEntityFiles() throws {
        let index = try TestProject.index([
            ("Modules/Home/HomeInteractor.swift", "final class HomeInteractor {\n    var kinds: [AddressKind] = []\n}\n"),
            ("Modules/Home/HomePresenter.swift", "final class HomePresenter {}\n"),
            ("Model/AddressKind.swift", "enum AddressKind: String, Codable {\n    case main, backup\n}\n"),
            ("Model/RealmMappable.swift", "import UIKit\nprotocol RealmMappable {\n    func mapToObject() -> AnyObject\n}\n"),
            ("Model/AddressKind+Icon.swift", "import UIKit\nextension AddressKind {\n    var icon: UIImage? { nil }\n}\n"),
            ("Model/AddressKind+Title.swift", "import UIKit\nextension AddressKind {\n    var color: UIColor? { nil }\n    var title: String { rawValue }\n}\n"),
        ])
        func fileLayer(_ path: String) -> Layer? { index.files.first { $0.path == path }?.layer.layer }
        #expect(fileLayer("Model/AddressKind.swift") == .entity)
        #expect(fileLayer("Model/RealmMappable.swift") == nil)
        #expect(fileLayer("Model/AddressKind+Icon.swift") == nil)
        // Beside a member of its own, the colour is the entity's UI leak: still an Entity file.
        #expect(fileLayer("Model/AddressKind+Title.swift") == .entity)
    }

    @Test func aSharedBaseClassOfScreensPresentersIsAPresenter() throws {
        let index = try TestProject.index([
            ("Modules/Common/Loadable/LoadableEntityPresenter.swift", "import SwiftUI\nclass LoadableEntityPresenter: ObservableObject {\n    @Published var isLoading = false\n}\n"),
            ("Modules/Guides/GuidesPresenter.swift", "final class GuidesPresenter: LoadableEntityPresenter {}\n"),
            ("Modules/Guides/GuidesInteractor.swift", "final class GuidesInteractor {}\n"),
        ])
        #expect(layer("LoadableEntityPresenter", index) == .presenter)
        #expect(index.files.first { $0.path.hasSuffix("LoadableEntityPresenter.swift") }?.layer.layer == .presenter)
    }

    @Test func aRepresentablesCoordinatorIsNoRouter() throws {
        let index = try TestProject.index([
            ("Modules/Map/MapPresenter.swift", "final class MapPresenter {}\n"),
            ("Modules/Map/MapInteractor.swift", "final class MapInteractor {}\n"),
            ("Modules/Map/MapView.swift", """
                import SwiftUI
                import MapKit
                struct MapView: UIViewRepresentable {
                    func makeUIView(context: Context) -> MKMapView { MKMapView() }
                    func updateUIView(_ view: MKMapView, context: Context) {}
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    final class Coordinator: NSObject, MKMapViewDelegate {}
                }
                """),
        ])
        #expect(layer("MapView.Coordinator", index) != .router)
    }
}

@Suite struct ModuleIdentityTests {
    func module(_ name: String, _ index: ProjectIndex) -> String? { TestProject.symbol(name, in: index)?.module.module }

    @Test func sameNamedScreensInDifferentFeaturesAreDifferentModules() throws {
        let index = try TestProject.index([
            ("Orders/Edit/EditPresenter.swift", "final class OrderEditPresenter {}\n"),
            ("Orders/Edit/EditInteractor.swift", "final class OrderEditInteractor {}\n"),
            ("Products/Edit/EditPresenter.swift", "final class ProductEditPresenter {}\n"),
            ("Products/Edit/EditInteractor.swift", "final class ProductEditInteractor {}\n"),
        ])
        #expect(module("OrderEditPresenter", index) == "Orders/Edit")
        #expect(module("OrderEditInteractor", index) == "Orders/Edit")
        #expect(module("ProductEditPresenter", index) == "Products/Edit")
    }

    @Test func oneFeatureSplitByLayerFoldersStaysOneModule() throws {
        let index = try TestProject.index([
            ("Presentation/Home/HomePresenter.swift", "final class HomePresenter {}\n"),
            ("Domain/Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
        ])
        #expect(module("HomePresenter", index) == "Home")
        #expect(module("HomeInteractor", index) == "Home")
    }

    @Test func subPresentersInASubfolderOfAScreensFolderAreThatScreensParts() throws {
        let index = try TestProject.index([
            ("Dashboard/Earnings/GuideEarningsPresenter.swift", "final class GuideEarningsPresenter {}\n"),
            ("Dashboard/Earnings/GuideEarningsInteractor.swift", "final class GuideEarningsInteractor {}\n"),
            ("Dashboard/Earnings/GuideEarningsRouter.swift", "final class GuideEarningsRouter {}\n"),
            ("Dashboard/Earnings/SubPresenters/WeekEarningsPresenter.swift", "final class WeekEarningsPresenter {}\n"),
            ("Dashboard/Earnings/SubPresenters/YearEarningsPresenter.swift", "final class YearEarningsPresenter {}\n"),
            ("Dashboard/Earnings/Views/BookingViews/BookingCard.swift", "import SwiftUI\nstruct BookingCard: View {\n    var body: some View { EmptyView() }\n}\n"),
        ])
        #expect(module("GuideEarningsPresenter", index) == "Earnings")
        #expect(module("WeekEarningsPresenter", index) == "Earnings")
        #expect(module("BookingCard", index) == "Earnings")
    }

    @Test func helperFoldersInsideALayerFolderBelongToTheModule() throws {
        let index = try TestProject.index([
            ("Modules/History/Presenter/HistoryPresenter.swift", "final class HistoryPresenter {}\n"),
            ("Modules/History/Interactor/HistoryInteractor.swift", "final class HistoryInteractor {}\n"),
            ("Modules/History/View/DisplayManager/CellBuilder/HistoryCellObjectBuilder.swift", "final class HistoryCellObjectBuilder {}\n"),
            ("Modules/Wallet/Presenter/WalletPresenter.swift", "final class WalletPresenter {}\n"),
            ("Modules/Wallet/View/DisplayManager/CellBuilder/WalletCellObjectBuilder.swift", "final class WalletCellObjectBuilder {}\n"),
        ])
        #expect(module("HistoryCellObjectBuilder", index) == "History")
        #expect(module("WalletCellObjectBuilder", index) == "Wallet")
    }

    @Test func classifySummarisesModulesAndLayers() throws {
        let index = try TestProject.index([
            ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
            ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
            ("Entities/User.swift", "struct User { let name: String }\n"),
        ])
        let text = ClassificationReport.text(index)
        #expect(text.contains("Modules (1) with the layers of their types:\n  Home: Presenter, Interactor (2 files)\n"))
        #expect(text.hasSuffix("Types by layer: Presenter 1, Interactor 1, Entity 1\n"))
    }

    /// A class in `Model/` with methods over private state (a filter, a policy) that only a
    /// Presenter builds is a helper, not display data: no layer, so an Interactor using it
    /// through its protocol is no dependency on a view model. A data class there stays one.
    @Test func aBehaviourClassAPresenterBuildsIsAHelperNotDisplayData() throws {
        let index = try TestProject.index([
            ("Wallets/WalletsPresenter.swift", "final class WalletsPresenter {\n    let filter = WalletFilter()\n    let row = WalletRow(title: \"\")\n}\n"),
            ("Wallets/WalletsInteractor.swift", "final class WalletsInteractor {\n    var filter: WalletFilterProtocol?\n}\n"),
            ("Wallets/Model/WalletFilter.swift", """
                protocol WalletFilterProtocol {
                    func supports(_ id: Int) -> Bool
                }

                final class WalletFilter: WalletFilterProtocol {
                    private lazy var ids: Set<Int> = []

                    func supports(_ id: Int) -> Bool { ids.contains(id) }
                }
                """),
            ("Wallets/Model/WalletRow.swift", "final class WalletRow {\n    let title: String\n    init(title: String) { self.title = title }\n}\n"),
        ])
        #expect(TestProject.symbol("WalletFilter", in: index)?.layer.layer == nil)
        #expect(TestProject.symbol("WalletFilter", in: index)?.layer.note?.contains("behaviour") == true)
        #expect(TestProject.symbol("WalletFilterProtocol", in: index)?.layer.layer != .viewModel)
        #expect(TestProject.symbol("WalletRow", in: index)?.layer.layer == .viewModel)
    }

    /// An Interactor that only the app's entry point uses, in a module with no screen, whose
    /// protocol no screen's part holds, is bootstrap code; one a Presenter holds is a screen's.
    @Test func anInteractorOnlyTheAppEntryUsesIsNoScreensInteractor() throws {
        let index = try TestProject.index([
            ("App/AppInteractor.swift", "protocol AppInteractorProtocol: AnyObject {}\nfinal class AppInteractor: AppInteractorProtocol {\n    let coordinator = AppCoordinator()\n}\n"),
            ("App/AppCoordinator.swift", "final class AppCoordinator {}\n"),
            ("App/SceneDelegate.swift", "import UIKit\nfinal class SceneDelegate: UIResponder, UIWindowSceneDelegate {\n    var interactor: AppInteractor?\n}\n"),
            ("Feed/FeedInteractor.swift", "protocol FeedInteractorProtocol: AnyObject {}\nfinal class FeedInteractor: FeedInteractorProtocol {}\n"),
            ("Feed/FeedPresenter.swift", "final class FeedPresenter {\n    var interactor: FeedInteractorProtocol?\n}\n"),
        ])
        #expect(TestProject.symbol("AppInteractor", in: index)?.layer.layer == nil)
        #expect(TestProject.symbol("FeedInteractor", in: index)?.layer.layer == .interactor)
    }

    /// A view in a folder whose module loses its evidence once the code is checked (a
    /// representable's `Coordinator` taken for a router) stays a view of the screen whose
    /// Presenter uses it; a struct
    /// adopting the app's own protocol that refines SwiftUI's `View` is a view, not data.
    @Test func viewsOfAScreenKeepTheirLayerWhereverTheySit() throws {
        let index = try TestProject.index([
            ("Modules/Map/Components/MapCanvasView.swift", "import SwiftUI\nstruct MapCanvasView: UIViewRepresentable {}\n"),
            ("Common/ViewComponents/MapView.swift", "import SwiftUI\nstruct MapView: UIViewRepresentable {\n    final class Coordinator {}\n}\n"),
            ("Modules/Map/Interactive/MapPresenter.swift", "final class MapPresenter {\n    var interactor: MapInteractor!\n    var canvas: MapCanvasView?\n}\n"),
            ("Modules/Map/Interactive/MapInteractor.swift", "final class MapInteractor {}\n"),
            ("Common/Card.swift", "import SwiftUI\nprotocol Card: View {}\n"),
            ("Modules/Map/Interactive/Views/PlaceCard.swift", "import SwiftUI\nstruct PlaceCard: Card {\n    var body: some View { EmptyView() }\n}\n"),
        ])
        #expect(TestProject.symbol("MapCanvasView", in: index)?.layer.layer == .view)
        #expect(TestProject.symbol("PlaceCard", in: index)?.layer.layer == .view)
    }

    /// A `Base…` folder is shared base classes, no module, unless it holds a screen: a
    /// Presenter or Interactor nothing subclasses. Then its protocol subfolder is that screen's.
    @Test func aBaseNamedFolderHoldingAScreenIsItsModule() throws {
        let index = try TestProject.index([
            ("Modules/Quizzes/BaseQuiz/BaseQuizPresenter.swift", "final class BaseQuizPresenter {}\n"),
            ("Modules/Quizzes/BaseQuiz/BaseQuizInteractor.swift", "final class BaseQuizInteractor {}\n"),
            ("Modules/Quizzes/BaseQuiz/InputOutput/BaseQuizOutputProtocol.swift", "protocol BaseQuizOutputProtocol: AnyObject {}\n"),
            ("Modules/Quizzes/ChoiceQuiz/ChoiceQuizPresenter.swift", "final class ChoiceQuizPresenter {}\n"),
            ("Modules/Quizzes/ChoiceQuiz/ChoiceQuizInteractor.swift", "final class ChoiceQuizInteractor {}\n"),
            ("Modules/Lists/BaseList/BaseListPresenter.swift", "class BaseListPresenter {}\n"),
            ("Modules/Lists/Orders/OrdersPresenter.swift", "final class OrdersPresenter: BaseListPresenter {}\n"),
            ("Modules/Lists/Orders/OrdersInteractor.swift", "final class OrdersInteractor {}\n"),
        ])
        #expect(module("BaseQuizOutputProtocol", index) == module("BaseQuizPresenter", index))
        #expect(module("BaseQuizPresenter", index)?.hasSuffix("BaseQuiz") == true)
        #expect(module("BaseListPresenter", index) != "BaseList")
    }
}
