/// `router-business-logic`: a Router, Wireframe, Coordinator or Assembly does business work.
public struct RouterBusinessLogicRule: Rule, Equatable {
    public static let id = "router-business-logic"
    public static let summary = "A Router/Wireframe/Coordinator/Assembly contains business logic"
    public static let judgesFilesAlone = true
    public static let defaultSeverity = Severity.warning
    public static let measured = "V2 first look, 5ab45ae: 0.00, 2 of 2 findings reviewed; no labels"
    public static let rationale = """
        Routers navigate and builders wire; once they fetch data, read app state, loop over \
        entities or change them, the module's rules live where no test of the Interactor \
        covers them. Each finding names its evidence: a data or service API call (the shared \
        `apis` lists), an app-state singleton (`X.shared`, `X.default`, `X.standard` of a type \
        not on the allow-list), a call into a project Service through its type in a Router \
        (`AuthManager.shared.login(...)`, unless the configuration lets Routers use services), a \
        loop or collection processing over entity data in a Router, a \
        write to an entity's property in a Router, or (with `maxComplexity`) a function too \
        complex to be wiring. Not logic: building modules, navigation calls, passing \
        parameters, an Assembly preparing the values it passes into the module it builds \
        (sorting options, picking the first asset), a `switch` over destinations or alert \
        kinds, configuring a `UIAlertController`, unwrapping a value.
        Fix: move the work into the Interactor (or a Service it uses) and pass the result to \
        the Router as a parameter.
        """

    /// Layers checked: where builders and navigators live.
    public var layers: [Layer] = [.router, .assembly]
    /// Static members that read an app-wide instance.
    public var singletonMembers = ["shared", "default", "standard"]
    /// Types whose singletons are navigation, UI or infrastructure, not app state.
    public var singletonAllowList = ["UI*", "NS*", "NotificationCenter", "*Logger", "Logger", "*Log", "*Analytics",
                                     "Analytics*", "*Tracker", "FeatureFlags", "*FeatureFlags", "*Features",
                                     "AppDelegate", "SceneDelegate", "*Window*", "*Navigation*", "*Router",
                                     "*Coordinator", "*Wireframe", "Bundle", "DispatchQueue", "ProcessInfo"]
    /// Collection functions that process data.
    public var collectionFunctions = ["filter", "reduce", "sorted", "sort"]
    /// Reports functions whose cyclomatic complexity exceeds this; nil turns the check off.
    public var maxComplexity: Int?

    public static let options: [RuleOption<RouterBusinessLogicRule>] = [
        .layers("layers", \.layers),
        .strings("singletonMembers", \.singletonMembers),
        .strings("singletonAllowList", \.singletonAllowList),
        .strings("collectionFunctions", \.collectionFunctions),
        RuleOption("maxComplexity", apply: { rule, node in
            if case .null = node.located.value { rule.maxComplexity = nil } else { rule.maxComplexity = node.integer(in: 1...1000) }
        }, encode: { rule in rule.maxComplexity.map { .integer($0) } ?? .null }),
    ]

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        let queries = context.queries
        let allowed = singletonAllowList.map(Glob.init)
        // One finding per function: the first piece of evidence is where it points, the
        // others are listed in its message.
        var evidenceByFunction: [String: [(file: Int, location: CodeLocation, text: String)]] = [:]
        var order: [String] = []
        func report(_ file: Int, _ location: CodeLocation, _ evidence: String) {
            let key = "\(file):\(location.context ?? -1):\(location.member ?? "")"
            if evidenceByFunction[key] == nil { order.append(key) }
            guard !(evidenceByFunction[key]?.contains { $0.location.position.line == location.position.line && $0.text == evidence } ?? false) else { return }
            evidenceByFunction[key, default: []].append((file, location, evidence))
        }
        let judged = { (file: Int, location: CodeLocation) in queries.layer(at: location, inFile: file).map(layers.contains) ?? false }
        // Work on entity data (loops, filters, writes) is a Router's logic; an Assembly preparing
        // the values it passes into the module it builds is wiring (reviewers of real apps agree).
        let navigates = { (file: Int, location: CodeLocation) in
            judged(file, location) && queries.layer(at: location, inFile: file) != .assembly
        }
        // A Router that may reach services (the SwiftUI template's NavigationService) calls them to navigate.
        let routerMayNotUseServices = !context.ruleSet.dependencies(of: .router).allow.contains(.service)
        for (fileIndex, file) in context.index.files.enumerated() where context.checks(file: fileIndex) {
            let facts = file.facts
            for call in facts.calls where judged(fileIndex, call.location) {
                if let use = queries.apiUse(of: call, inFile: fileIndex) {
                    report(fileIndex, call.location, "calls \(use.category) API '\(use.call)'")
                } else if routerMayNotUseServices, navigates(fileIndex, call.location),
                          let service = Self.serviceCalled(call, inFile: fileIndex, context: context),
                          !allowed.contains(where: { $0.matches(service) }) {
                    report(fileIndex, call.location, "calls the Service '\(service)' ('\(call.text)')")
                } else if collectionFunctions.contains(call.name), call.chain.count >= 2, navigates(fileIndex, call.location),
                          let data = queries.entityData(among: [call.chain[0]], at: call.location, inFile: fileIndex) {
                    report(fileIndex, call.location, "processes entity data with '\(call.name)' on '\(data.name)' (\(data.entity.name))")
                }
            }
            // Lines where a branch decides, or a member is written: a singleton read there is app
            // state deciding or changing. Anywhere else it is passed along, which is wiring.
            // `guard let x = X.shared` only unwraps what is passed on; `if`, `switch` and loops decide.
            let branchLines = Set(facts.controlFlow.filter { $0.kind != .guard }.map { "\($0.location.context ?? -1):\($0.location.member ?? ""):\($0.location.position.line)" })
            let writeLines = Set(facts.assignments.map { "\($0.target.first ?? ""):\($0.location.context ?? -1):\($0.location.member ?? ""):\($0.location.position.line)" })
            for reference in facts.references where reference.kind == .staticAccess
                && (queries.layer(of: reference, inFile: fileIndex).map(layers.contains) ?? false) {
                guard let member = reference.accessedMember, singletonMembers.contains(member) else { continue }
                let typeName = String(reference.name.split(separator: ".").last ?? "")
                guard !allowed.contains(where: { $0.matches(typeName) }), queries.apiCategory(of: typeName) == nil else { continue }
                let line = "\(reference.context ?? -1):\(reference.member ?? ""):\(reference.position.line)"
                let location = CodeLocation(position: reference.position, context: reference.context,
                                            member: reference.member, inViewBuilder: false)
                if branchLines.contains(line) {
                    report(fileIndex, location, "decides on the app-state singleton '\(typeName).\(member)'")
                } else if writeLines.contains("\(typeName):" + line) {
                    report(fileIndex, location, "writes to the app-state singleton '\(typeName).\(member)'")
                }
            }
            for flow in facts.controlFlow where flow.isLoop && navigates(fileIndex, flow.location) {
                guard let data = queries.entityData(among: flow.identifiers, at: flow.location, inFile: fileIndex) else { continue }
                report(fileIndex, flow.location, "loops over entity data '\(data.name)' (\(data.entity.name))")
            }
            for assignment in facts.assignments where navigates(fileIndex, assignment.location) {
                guard let data = queries.entityData(among: [assignment.target[0]], at: assignment.location, inFile: fileIndex) else { continue }
                report(fileIndex, assignment.location,
                       "writes '\(assignment.target.joined(separator: "."))' of entity '\(data.entity.name)'")
            }
            if let maxComplexity {
                for function in facts.functions where function.complexity > maxComplexity {
                    report(fileIndex, function.location,
                           "has cyclomatic complexity \(function.complexity) (more than \(maxComplexity))")
                }
            }
        }
        return order.compactMap { key in
            let evidence = evidenceByFunction[key]!.sorted { $0.location.position < $1.location.position }
            let first = evidence[0]
            let more = evidence.dropFirst().map { "\($0.text) (line \($0.location.position.line))" }
            let listed = more.isEmpty ? "" : "; it also " + more.joined(separator: "; ")
            var violation = context.violation("business-logic", file: first.file, at: first.location, where: layers.contains) { subject, layer in
                "\(subject) \(first.text)\(listed): business logic in the \(layer.name) layer. Move it into the Interactor "
                    + "(or a Service it uses) and pass the result to the \(layer.name)."
            }
            // The other evidence, as sites an editor or SARIF viewer can jump to.
            violation?.related = evidence.dropFirst().map {
                RelatedLocation(file: context.index.files[$0.file].path, position: $0.location.position, message: "it also \($0.text)")
            }
            return violation
        }
    }

    /// The project Service a call goes to through its type (`AuthManager.shared.login()`,
    /// `TokenStore.clear()`): a Router asking the data side for work, where an Interactor
    /// should ask and hand the Router the result.
    static func serviceCalled(_ call: CallFact, inFile file: Int, context: RuleContext) -> String? {
        guard call.chain.count >= 2, let root = call.chain.first, root.first?.isUppercase == true,
              let id = context.index.resolvedID(root, from: call.location.context, inFile: file) else { return nil }
        let symbol = context.index.symbols[id]
        // As for `layer-dependency`, a Service only its folder names (a `ServiceLocator` in
        // `Services/`) may be any helper.
        let evident = symbol.layer.isExplicit || symbol.layer.signal == .typeNameSuffix || symbol.layer.signal == .role
        return symbol.layer.layer == .service && symbol.kind != .protocol && evident ? symbol.name : nil
    }

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("A Router logs the user in through the auth manager, a service by its role (an Interactor uses it, it calls the AuthService)", files: [
                ("Auth/AuthService.swift", "final class AuthService {\n    func login(email: String) {}\n}\n"),
                ("Auth/AuthManager.swift", """
                    final class AuthManager {
                        static let shared = AuthManager()
                        private let service = AuthService()
                        func login(email: String) { service.login(email: email) }
                    }
                    """),
                ("SignUp/SignUpPresenter.swift", "final class SignUpPresenter {}\n"),
                ("SignUp/SignUpInteractor.swift", """
                    final class SignUpInteractor {
                        func restore() { AuthManager.shared.login(email: "") }
                    }
                    """),
                ("SignUp/SignUpRouter.swift", """
                    final class SignUpRouter {
                        func routeToRoot(email: String) {
                            ↓AuthManager.shared.login(email: email)
                        }
                    }
                    """),
            ]),
            RuleExample("A Router fetches data", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeRouter.swift", """
                    import UIKit

                    final class HomeRouter {
                        func openProfile() {
                            ↓URLSession.shared.dataTask(with: URL(string: "https://example.invalid")!).resume()
                        }
                    }
                    """),
            ]),
            RuleExample("A Wireframe decides on app state", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeWireframe.swift", """
                    final class HomeWireframe {
                        func openCart() {
                            if ↓SessionStore.shared.isLoggedIn {
                                print("cart")
                            }
                        }
                    }
                    """),
            ]),
            RuleExample("A Router writes app state", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeRouter.swift", """
                    final class HomeRouter {
                        func close() {
                            ↓SessionStore.shared.lastScreen = "home"
                        }
                    }
                    """),
            ]),
            RuleExample("A Router filters and changes entities", files: [
                ("Entities/Article.swift", "struct Article {\n    var isRead: Bool\n}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeRouter.swift", """
                    final class HomeRouter {
                        func openFirstUnread(in articles: [Article], article: inout Article) {
                            let unread = ↓articles.filter { !$0.isRead }
                            for item in articles {
                                print(item)
                            }
                            var copy = article
                            copy.isRead = true
                            article.isRead = true
                            _ = unread
                        }
                    }
                    """),
            ]),
            RuleExample("An Assembly decodes configuration (with keychain access)", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomeAssembly.swift", """
                    import Foundation

                    enum HomeAssembly {
                        static func module() -> HomeInteractor { HomeInteractor() }

                        static func build(data: Data) -> HomeConfig? {
                            ↓SecItemCopyMatching([:] as CFDictionary, nil)
                            return try? JSONDecoder().decode(HomeConfig.self, from: data)
                        }
                    }
                    """),
            ]),
            RuleExample("A function too complex to be navigation (maxComplexity 2)", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeRouter.swift", """
                    final class HomeRouter {
                        ↓func route(_ a: Bool, _ b: Bool) {
                            if a && b { print("ab") }
                            if a { print("a") }
                        }
                    }
                    """),
            ], configuration: #"{ "version": 1, "rules": { "router-business-logic": { "maxComplexity": 2 } } }"#),
        ],
        nonTriggering: [
            RuleExample("A Router plays a sound through a helper that reaches no service", files: [
                ("Core/Haptics.swift", "final class Haptics {\n    static let shared = Haptics()\n    func tap() {}\n}\n"),
                ("SignUp/SignUpPresenter.swift", "final class SignUpPresenter {}\n"),
                ("SignUp/SignUpInteractor.swift", "final class SignUpInteractor {\n    func done() { Haptics.shared.tap() }\n}\n"),
                ("SignUp/SignUpRouter.swift", """
                    final class SignUpRouter {
                        func close() {
                            Haptics.shared.tap()
                        }
                    }
                    """),
            ]),
            RuleExample("A switch over destinations, building modules and passing parameters", path: "Home/HomeRouter.swift", """
                import UIKit

                enum HomeDestination { case detail(id: Int), settings }

                final class HomeRouter {
                    weak var viewController: UIViewController?

                    func navigate(to destination: HomeDestination) {
                        switch destination {
                        case let .detail(id):
                            let detail = DetailRouter.createModule(articleID: id)
                            viewController?.navigationController?.pushViewController(detail, animated: true)
                        case .settings:
                            viewController?.present(SettingsRouter.createModule(), animated: true)
                        }
                    }
                }
                """),
            RuleExample("Alert set-up in a router, with options mapped into actions", path: "Home/HomeRouter.swift", """
                import UIKit

                final class HomeRouter {
                    weak var viewController: UIViewController?

                    func showChoice(options: [String], onSelect: @escaping (Int) -> Void) {
                        let alert = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
                        for (index, option) in options.enumerated() {
                            alert.addAction(UIAlertAction(title: option, style: .default) { _ in onSelect(index) })
                        }
                        guard let viewController else { return }
                        viewController.present(alert, animated: true)
                    }
                }
                """),
            RuleExample("An Assembly passes shared services and singletons that are not app state", path: "Home/HomeAssembly.swift", """
                import UIKit

                enum HomeAssembly {
                    static func build() -> UIViewController {
                        let service = ArticleService(session: URLSession.shared, defaults: UserDefaults.standard)
                        let interactor = HomeInteractor(service: service, logger: AppLogger.shared)
                        UIApplication.shared.isIdleTimerDisabled = false
                        return HomeViewController(interactor: interactor)
                    }
                }
                """),
            RuleExample("An Assembly prepares the values it passes into the module it builds", files: [
                ("Entities/Asset.swift", "struct Asset: Codable {\n    let name: String\n}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {\n    init(assets: [Asset]) {}\n}\n"),
                ("Home/HomeAssembly.swift", """
                    enum HomeAssembly {
                        static func build(assets: [Asset]) -> HomeInteractor {
                            let sorted = assets.sorted { $0.name < $1.name }
                            return HomeInteractor(assets: sorted)
                        }
                    }
                    """),
            ]),
            RuleExample("A builder injects app-wide singletons and DI products into the module it builds", path: "Home/HomeViewFactory.swift", """
                import UIKit

                enum HomeViewFactory {
                    static func createView() -> UIViewController {
                        let interactor = HomeInteractor(store: Store.shared, currency: CurrencyManager.shared,
                                                        settings: Container.shared.resolve(SettingsManager.self))
                        let presenter = HomePresenter(interactor: interactor, localization: LocalizationManager.shared)
                        return HomeViewController(presenter: presenter, wallet: WalletState.shared.selected)
                    }
                }
                """),
            RuleExample("Business logic in the Interactor is where it belongs", files: [
                ("Entities/Article.swift", "struct Article {\n    var isRead: Bool\n}\n"),
                ("Home/HomeInteractor.swift", """
                    final class HomeInteractor {
                        func unread(_ articles: [Article]) -> [Article] {
                            articles.filter { !$0.isRead }
                        }
                    }
                    """),
            ]),
        ]
    )
}
