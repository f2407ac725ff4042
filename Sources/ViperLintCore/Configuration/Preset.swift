/// A built-in rule set that a configuration `extends`. Each preset encodes one variant of
/// VARIANTS.md; a configuration file changes it key by key.
public enum Preset: String, CaseIterable, Sendable, Codable {
    /// Classic UIKit VIPER: module folders, protocols between layers, the Router builds modules.
    case viper
    /// The SwiftUI VIPER template: Assembly/Contracts/ViewState folders, a shared navigation
    /// service, an application view builder.
    case viperSwiftUI = "viper-swiftui"
    /// SwuiPWER: layers as Swift modules (View, Presenter, UseCase, Gateway, Entity) and a
    /// Wireframe; the view navigates through a destination-factory protocol.
    case swuipwer
    /// Clean Swift's VIP cycle: View -> Interactor -> Presenter -> weak View, Workers, Models.
    case cleanSwift = "clean-swift"
    /// Folders by layer across the app, @Observable presenters and interactors, one Router;
    /// protocols between presenter and interactor are optional.
    case viperLayerFirst = "viper-layer-first"

    public var ruleSet: RuleSet {
        switch self {
        case .viper: return Preset.classic
        case .viperSwiftUI: return Preset.swiftUITemplate
        case .swuipwer: return Preset.swuiPWER
        case .cleanSwift: return Preset.cleanSwiftVIP
        case .viperLayerFirst: return Preset.layerFirst
        }
    }

    /// Folders, targets and vendored code every preset skips.
    static let defaultExclude = [
        "**/Pods/**", "**/Carthage/**", "**/.build/**", "**/DerivedData/**", "**/vendor/**",
        "**/SourcePackages/**", "**/*Tests/**", "**/Tests/**",
        // Folders that hold other people's code by their name.
        "**/ThirdParty/**", "**/third-party/**", "**/Third Party/**", "**/Vendor/**", "**/Vendors/**",
        "**/External/**", "**/Externals/**",
    ]

    /// Data and service APIs that only Interactors and Services call.
    static let defaultAPIs: [String: [String]] = [
        // Swift names, then the Objective-C names of the same APIs.
        "networking": ["URLSession", "URLRequest", "Alamofire", "AF", "NWConnection",
                       "NSURLSession", "NSURLConnection", "NSURLRequest", "NSMutableURLRequest", "AFHTTPSessionManager",
                       // Firebase's entry points: each call reaches a remote database or service.
                       "Database.database()", "Firestore.firestore()", "Auth.auth()", "Storage.storage()"],
        "persistence": ["UserDefaults", "FileManager", "NSManagedObjectContext", "NSFetchRequest", "NSPersistentContainer",
                        "Realm", "sqlite3_*", "NSUserDefaults", "NSFileManager",
                        // Reading a file by a value's initializer: I/O only with these labels.
                        "String(contentsOfFile:)", "String(contentsOf:)",
                        "NSString(contentsOfFile:)"],
        // No coders or serializers (`JSONDecoder`, `NSKeyedArchiver`): encoding and decoding in
        // memory reach no network, disk or database; the call that moves the bytes is the I/O.
        "keychain": ["SecItem*"],
    ]

    /// Names of helper roles: a type named so gets no layer from its folder or file name
    /// (`Model/XViewModelFactory`, `ViewModel/XMapper`); only a layer's own type suffix
    /// (`HomeViewFactory` is an Assembly) classifies it.
    static let helperSuffixes = ["Factory", "Mapper", "Formatter", "Calculator", "Resolver", "Provider", "Helper",
                                 "Comparator", "Validator", "Parser", "Converter", "Builder", "Composer", "Mock",
                                 "Store", "Manager", "Service", "Handler", "Operation", "Client", "Storage", "Cache",
                                 "Interceptor", "RequestMaker", "API", "Exporter", "Importer", "Extractor", "Wrapper",
                                 "Container", "Monitor", "Observer", "Syncer", "Estimator", "Facade", "Configurator",
                                 "Coordinator", "Delegate", "DataSource"]

    static let classic = RuleSet(
        include: ["**/*.swift", "**/*.h", "**/*.m"],
        exclude: defaultExclude,
        layers: [
            .view: LayerSignals(
                targets: ["View", "Views", "UI"],
                typeSuffixes: ["ViewController", "View", "Screen", "Cell", "ViewLayout", "DisplayLogic"],
                fileSuffixes: ["ViewController", "View", "Screen", "Cell", "ViewLayout"],
                folders: ["View", "Views", "ViewController", "ViewControllers"],
                excludedTypeSuffixes: helperSuffixes),
            .viewModel: LayerSignals(
                targets: ["ViewModel", "ViewModels"],
                typeSuffixes: ["ViewModel", "ViewState"],
                fileSuffixes: ["ViewModel", "ViewState"],
                folders: ["ViewModel", "ViewModels", "ViewState"],
                excludedTypeSuffixes: helperSuffixes),
            .presenter: LayerSignals(
                targets: ["Presenter", "Presenters", "Presentation"],
                typeSuffixes: ["Presenter", "EventHandler", "PresentationLogic"],
                fileSuffixes: ["Presenter"],
                folders: ["Presenter", "Presenters"],
                excludedTypeSuffixes: helperSuffixes),
            .interactor: LayerSignals(
                targets: ["Interactor", "Interactors", "UseCase", "UseCases"],
                typeSuffixes: ["Interactor", "UseCase", "BusinessLogic", "DataStore"],
                fileSuffixes: ["Interactor", "UseCase"],
                folders: ["Interactor", "Interactors", "UseCase", "UseCases"],
                excludedTypeSuffixes: helperSuffixes),
            .entity: LayerSignals(
                targets: ["Entity", "Entities"],
                typeSuffixes: ["Entity"],
                fileSuffixes: ["Entity"],
                folders: ["Entity", "Entities", "Entitys", "Model", "Models"],
                excludedTypeSuffixes: helperSuffixes),
            .router: LayerSignals(
                targets: ["Router", "Wireframe"],
                typeSuffixes: ["Router", "Wireframe", "Coordinator", "Navigator", "RoutingLogic"],
                fileSuffixes: ["Router", "Wireframe", "Coordinator", "Navigator"],
                folders: ["Router", "Routers", "Wireframe", "Wireframes", "Coordinator", "Coordinators"],
                excludedTypeSuffixes: helperSuffixes.filter { $0 != "Coordinator" }),
            .assembly: LayerSignals(
                targets: ["Assembly"],
                typeSuffixes: ["Assembly", "ModuleBuilder", "Builder", "Configurator", "ModuleFactory", "ViewFactory", "Module"],
                fileSuffixes: ["Assembly", "Builder", "Configurator", "ModuleFactory", "ViewFactory", "Module"],
                folders: ["Assembly", "Assemblies", "Builder", "Configurator"],
                excludedTypeSuffixes: ["ViewModelFactory", "VMFactory", "Mapper", "Formatter", "Calculator", "Provider",
                                       "Helper", "Store", "Manager", "Service", "Operation", "Client", "Storage"]),
            .contracts: LayerSignals(
                targets: ["*ModuleInterface", "Contracts"],
                fileSuffixes: ["Contracts", "Contract", "Protocols"],
                folders: ["Contracts", "Contract", "Protocols", "Interfaces"]),
            .service: LayerSignals(
                targets: ["Service", "Services", "Gateway", "Data"],
                typeSuffixes: ["Service", "Gateway", "Worker", "Repository", "DataManager", "APIClient"],
                fileSuffixes: ["Service", "Gateway", "Worker", "Repository", "DataManager", "APIClient"],
                folders: ["Service", "Services", "Gateway", "Gateways", "Repository", "Repositories",
                          "DataManager", "Workers"]),
        ],
        protocolSuffixes: ["Protocol", "Input", "Interface", "ModuleInput"],
        // Folders that group layers or screens, and folders of shared parts: never a module.
        modules: ModuleSettings(groupingFolders: ["User Interface", "Application Logic", "Module Interface", "Modules",
                                                  "Scenes", "Features", "Screens", "Sources", "Source", "src", "Cells",
                                                  "Cell", "Subviews", "Components", "Component", "Helpers", "Helper",
                                                  "Common", "Shared", "Base", "Parent", "Utils", "Utilities",
                                                  "Extensions", "Widgets", "ViewComponents", "Classes", "App", "UI", "Module", "VIP", "VIPER"]),
        builders: [.router, .assembly],
        dependencies: [
            .view: LayerDependencies(allow: [.viewModel, .contracts], viaProtocol: [.presenter]),
            // A view model may carry entities the Presenter hands it: the View's use of them is the
            // finding (`layer-dependency` follows member types from the View).
            .viewModel: LayerDependencies(allow: [.entity, .contracts], viaProtocol: [.presenter]),
            .presenter: LayerDependencies(allow: [.viewModel, .entity, .contracts], viaProtocol: [.view, .interactor, .router]),
            .interactor: LayerDependencies(allow: [.entity, .service, .contracts], viaProtocol: [.presenter]),
            .entity: LayerDependencies(),
            .contracts: LayerDependencies(allow: [.viewModel, .entity], viaProtocol: [.view, .presenter, .interactor, .router]),
            .service: LayerDependencies(allow: [.entity, .contracts]),
        ],
        apis: defaultAPIs,
        overrides: [],
        // Every registered rule with its default severity and options (the classic ones).
        rules: Dictionary(uniqueKeysWithValues: RuleRegistry.all.map { rule in
            (rule.id, ConfiguredRule(severity: rule.defaultSeverity, rule: rule.init()))
        })
    )
}
