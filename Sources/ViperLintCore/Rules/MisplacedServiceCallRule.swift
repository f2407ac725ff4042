/// `misplaced-service-call`: a layer that must not do I/O calls a data or service API.
public struct MisplacedServiceCallRule: Rule, Equatable {
    public static let id = "misplaced-service-call"
    public static let summary = "A View, Presenter, ViewModel or Entity calls a networking, persistence, parsing or keychain API"
    public static let defaultSeverity = Severity.warning
    public static let rationale = """
        I/O belongs to Interactors and the Services they use (`allowedLayers`): there it can \
        be replaced in tests and its errors become use-case results. Views writing \
        `UserDefaults`, presenters starting `URLSession` tasks and view models decoding JSON \
        hide business rules in the UI. The APIs are the shared `apis` lists of the \
        configuration. Builders, and the layers `router-business-logic` checks, are left to that rule. \
        An entity mapping itself is not I/O: a DTO decoding or encoding its own JSON, a Core \
        Data or Realm model inserting or fetching itself in the context it is handed. The \
        project's own wrappers over storage and keychain APIs are I/O too, found by \
        what their code does: `Defaults.isTouchIDAllowed = isOn` in a Presenter, where \
        `Defaults` writes `UserDefaults`, or a property wrapped by such a wrapper \
        (`@UserDefault static var accountID`).
        Fix: move the call into the Interactor (or a Service it owns) and hand the result to \
        this layer through the usual output protocol.
        """

    /// Layers that may call data and service APIs.
    public var allowedLayers: [Layer] = [.interactor, .service]

    public static let options: [RuleOption<MisplacedServiceCallRule>] = [.layers("allowedLayers", \.allowedLayers)]

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        let queries = context.queries
        let allowedNames = allowedLayers.map(\.name).joined(separator: ", ")
        // Routers and builders are `router-business-logic`'s to judge when it runs.
        let routerRule = context.ruleSet.rules[RouterBusinessLogicRule.id]
        // Contracts hold protocols: a class filed there is misplaced, not a presentation layer doing I/O.
        let judgedElsewhere = (routerRule?.severity == .off ? [] : (routerRule?.rule as? RouterBusinessLogicRule)?.layers ?? [])
            + [Layer.contracts]
        var violations: [Violation] = []
        var reported = Set<String>()
        let wrappers = IOWrappers(context)
        for (fileIndex, file) in context.index.files.enumerated() where context.checks(file: fileIndex) {
            // One finding per function and API (one fix moves every such call), the other calls
            // as its related sites.
            var callFindings: [String: Int] = [:]
            for call in file.facts.calls {
                guard let layer = queries.layer(at: call.location, inFile: fileIndex), !allowedLayers.contains(layer),
                      !context.ruleSet.isBuilder(layer), !judgedElsewhere.contains(layer),
                      let use = queries.apiUse(of: call, inFile: fileIndex) ?? Self.wrapperUse(call, wrappers: wrappers, file: fileIndex, context: context),
                      !isEntityMapping(use, layer: layer, call: call, file: fileIndex, context: context),
                      reported.insert("\(fileIndex):\(call.location.position.line):\(use.api)").inserted else { continue }
                let key = "\(call.location.context ?? -1):\(call.location.member ?? ""):\(use.api)"
                if let first = callFindings[key] {
                    violations[first].related.append(RelatedLocation(file: file.path, position: call.location.position,
                                                                     message: "another call of '\(use.call)'"))
                    continue
                }
                guard let violation = context.violation("service-call", file: fileIndex, at: call.location, where: { layer in
                          !allowedLayers.contains(layer) && !context.ruleSet.isBuilder(layer) && !judgedElsewhere.contains(layer)
                      }, message: { subject, layer in
                          "\(subject) calls \(use.category) API '\(use.call)'; only \(allowedNames) may do I/O. "
                              + "Move the call into the Interactor (or a Service it uses) and pass the result to the \(layer.name)."
                      }) else { continue }
                callFindings[key] = violations.count
                violations.append(violation)
            }
            // `UserDefaultsConfig.accountID`, `Defaults.isTouchIDAllowed = isOn`: a read or write of
            // a static member of the project's own wrapper over a storage API. One finding per
            // function and wrapper (one fix moves them all), the other uses as its related sites.
            var wrapperFindings: [String: Int] = [:]
            for reference in file.facts.references where reference.kind == .staticAccess {
                guard let member = reference.accessedMember, member != "self", member != "shared",
                      let target = context.index.resolvedID(reference.name, from: reference.context, inFile: fileIndex),
                      let wrapped = wrappers[target],
                      let layer = queries.layer(of: reference, inFile: fileIndex), !allowedLayers.contains(layer),
                      !context.ruleSet.isBuilder(layer), !judgedElsewhere.contains(layer), layer != .entity,
                      reported.insert("\(fileIndex):\(reference.position.line):\(wrapped.api)").inserted else { continue }
                let name = context.index.symbols[target].name
                let key = "\(reference.context ?? -1):\(reference.member ?? ""):\(target)"
                if let first = wrapperFindings[key] {
                    violations[first].related.append(RelatedLocation(file: file.path, position: reference.position,
                                                                     message: "another use of '\(name)'"))
                    continue
                }
                let location = CodeLocation(position: reference.position, context: reference.context, member: reference.member, inViewBuilder: false)
                if let violation = context.violation("service-call", file: fileIndex, at: location, where: { !allowedLayers.contains($0) }, message: { subject, layer in
                    "\(subject) uses \(wrapped.category) through '\(name).\(member)' ('\(name)' calls '\(wrapped.api)'); only \(allowedNames) may do I/O. "
                        + "Move the call into the Interactor (or a Service it uses) and pass the result to the \(layer.name)."
                }) {
                    wrapperFindings[key] = violations.count
                    violations.append(violation)
                }
            }
        }
        return violations
    }

    /// What makes a wrapper: storage and the keychain. A helper that also loads a page or an
    /// image (a web controller manager, an image view) is a UI helper, not a data layer.
    static let wrappedCategories: Set<String> = ["persistence", "keychain"]

    /// The project's own wrappers over storage and keychain APIs, found by what their code does
    /// (`enum Defaults { static var flag: Bool { UserDefaults.standard.bool(...) } }`), and the
    /// types whose properties such a wrapper wraps (`@UserDefault static var accountID`).
    /// Worked out per type when a checked file uses it, from the files that declare or extend
    /// it: a run that reports a few files does not read every call of the project.
    final class IOWrappers {
        typealias Wrapped = (category: String, api: String)
        private let context: RuleContext
        private var known: [Int: Wrapped?] = [:]
        private var callWrappers: [Int: Wrapped?] = [:]
        /// File indices by the names their type declarations and extensions give (last component).
        private lazy var filesByTypeName: [String: [Int]] = {
            var files: [String: [Int]] = [:]
            for (fileIndex, file) in context.index.files.enumerated() {
                for type in file.facts.types {
                    let name = type.name.lastIndex(of: ".").map { String(type.name[type.name.index(after: $0)...]) } ?? type.name
                    // Files come in order: a file already listed for the name is its last one.
                    if files[name]?.last != fileIndex { files[name, default: []].append(fileIndex) }
                }
            }
            return files
        }()

        init(_ context: RuleContext) {
            self.context = context
        }

        /// The category and API a type wraps, if it is a wrapper.
        subscript(symbol: Int) -> Wrapped? {
            if let cached = known[symbol] { return cached }
            let wrapped = wrappedByCalls(symbol) ?? wrappedByProperties(symbol)
            known[symbol] = wrapped
            return wrapped
        }

        /// The first storage or keychain call (in file and source order) the type's code makes.
        private func wrappedByCalls(_ symbol: Int) -> Wrapped? {
            if let cached = callWrappers[symbol] { return cached }
            var found: Wrapped?
            search: for fileIndex in filesByTypeName[context.index.symbols[symbol].name] ?? [] {
                let owners = callOwners(inFile: fileIndex)
                for (call, owner) in zip(context.index.files[fileIndex].facts.calls, owners) {
                    guard owner == symbol, let use = context.queries.apiUse(of: call, inFile: fileIndex),
                          MisplacedServiceCallRule.wrappedCategories.contains(use.category)
                    else { continue }
                    found = (use.category, use.api)
                    break search
                }
            }
            callWrappers[symbol] = found
            return found
        }

        /// The type each call of a file is made in: asked for each type a file declares, so
        /// worked out once per file.
        private var ownersByFile: [Int: [Int?]] = [:]
        private func callOwners(inFile fileIndex: Int) -> [Int?] {
            if let owners = ownersByFile[fileIndex] { return owners }
            let owners = context.index.files[fileIndex].facts.calls.map { context.index.ownerID(ofDeclaration: $0.location.context, inFile: fileIndex) }
            ownersByFile[fileIndex] = owners
            return owners
        }

        /// Property wrappers: `@UserDefault` on a stored property makes its type a wrapper too.
        private func wrappedByProperties(_ symbol: Int) -> Wrapped? {
            for (_, property) in context.index.storedProperties(of: context.index.symbols[symbol]) {
                for attribute in property.attributes {
                    for id in context.index.symbolsByName[attribute] ?? [] where id != symbol {
                        if let wrapped = wrappedByCalls(id) { return wrapped }
                    }
                }
            }
            return nil
        }
    }

    /// A call through a project wrapper over an I/O API (`SettingsStore.shared.save()`).
    static func wrapperUse(_ call: CallFact, wrappers: IOWrappers, file: Int, context: RuleContext) -> CodeQueries.APIUse? {
        guard let root = call.chain.first, root.first?.isUppercase == true, call.chain.count >= 2,
              let id = context.index.resolvedID(root, from: call.location.context, inFile: file), let wrapped = wrappers[id] else { return nil }
        return CodeQueries.APIUse(category: wrapped.category, api: "\(context.index.symbols[id].name) (\(wrapped.api))", call: call.text)
    }

    /// Base classes of persistence models: their own store calls are the framework's mapping.
    private static let persistenceModelBases: Set<String> = ["NSManagedObject", "Object", "EmbeddedObject", "RLMObject"]

    /// What a data type does to map itself, not I/O a layer does: an entity decoding or
    /// encoding its own JSON (a DTO's factory), and a Core Data or Realm model inserting or
    /// fetching itself in the context it is given (reviewers of real apps call those mapping).
    private func isEntityMapping(_ use: CodeQueries.APIUse, layer: Layer, call: CallFact, file: Int, context: RuleContext) -> Bool {
        guard layer == .entity else { return false }
        if use.category == "parsing" { return true }
        guard use.category == "persistence",
              var current = context.index.owner(ofDeclaration: call.location.context, inFile: file) else { return false }
        var seen: Set<Int> = []
        while seen.insert(current.id).inserted {
            let inherited = context.index.declaration(of: current).inherited.map { String($0.split(separator: ".").last ?? "") }
            if inherited.contains(where: Self.persistenceModelBases.contains) { return true }
            guard let superclass = inherited.first.flatMap({ context.index.resolve($0, from: nil, inFile: current.file) }),
                  superclass.kind == .class else { return false }
            current = superclass
        }
        return false
    }

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("A View reads the picked file itself (`String(contentsOfFile:)`)", files: [
                ("Import/ImportInteractor.swift", "final class ImportInteractor {}\n"),
                ("Import/ImportPresenter.swift", "final class ImportPresenter {\n    func didPick(text: String) {}\n}\n"),
                ("Import/ImportViewController.swift", """
                    import UIKit

                    final class ImportViewController: UIViewController {
                        var presenter: ImportPresenter?

                        func didPick(_ url: URL) {
                            if let text = try? ↓String(contentsOfFile: url.path) {
                                presenter?.didPick(text: text)
                            }
                        }
                    }
                    """),
            ]),
            RuleExample("A Presenter reads and writes settings through the app's own UserDefaults wrappers", files: [
                ("Settings/SettingsInteractor.swift", "final class SettingsInteractor {}\n"),
                ("Core/UserDefault.swift", """
                    import Foundation

                    @propertyWrapper
                    struct UserDefault<Value> {
                        let key: String
                        let fallback: Value

                        var wrappedValue: Value {
                            get { UserDefaults.standard.object(forKey: key) as? Value ?? fallback }
                            set { UserDefaults.standard.set(newValue, forKey: key) }
                        }
                    }

                    enum UserDefaultsConfig {
                        @UserDefault(key: "name", fallback: "")
                        static var userName: String
                    }

                    enum Defaults {
                        static var isTouchIDAllowed: Bool {
                            get { UserDefaults.standard.bool(forKey: "touchID") }
                            set { UserDefaults.standard.set(newValue, forKey: "touchID") }
                        }
                    }
                    """),
                ("Settings/SettingsPresenter.swift", """
                    final class SettingsPresenter {
                        func title() -> String {
                            ↓UserDefaultsConfig.userName
                        }

                        func didToggle(_ isOn: Bool) {
                            ↓Defaults.isTouchIDAllowed = isOn
                        }
                    }
                    """),
            ]),
            RuleExample("A View writes UserDefaults", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewController.swift", """
                    import UIKit

                    final class HomeViewController: UIViewController {
                        func didToggle(_ isOn: Bool) {
                            ↓UserDefaults.standard.set(isOn, forKey: "notifications")
                        }
                    }
                    """),
            ]),
            RuleExample("A Presenter starts a URLSession task through its stored session", files: [("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"), ("Home/HomePresenter.swift", """
                import Foundation

                final class HomePresenter {
                    private let session: URLSession

                    init(session: URLSession) {
                        self.session = session
                    }

                    func reload() {
                        ↓session.dataTask(with: URL(string: "https://example.invalid")!).resume()
                    }
                }
                """)]),
            RuleExample("A ViewModel decodes JSON and reads the keychain", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewModel.swift", """
                    import Foundation

                    final class HomeViewModel {
                        func load(_ data: Data) -> [String] {
                            ↓SecItemCopyMatching([:] as CFDictionary, nil)
                            return (try? ↓JSONDecoder().decode([String].self, from: data)) ?? []
                        }
                    }
                    """),
            ]),
            RuleExample("A Presenter calls the project's API client singleton and its stored repository", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Services/APIClient.swift", "final class APIClient {\n    static let shared = APIClient()\n    func fetch(_ path: String) {}\n}\n"),
                ("Data/UserRepository.swift", "protocol UserRepositoryProtocol: AnyObject {\n    func save(name: String)\n}\n"),
                ("Home/HomePresenter.swift", """
                    final class HomePresenter {
                        private let users: UserRepositoryProtocol

                        init(users: UserRepositoryProtocol) {
                            self.users = users
                        }

                        func didTapReload() {
                            ↓APIClient.shared.fetch("/home")
                        }

                        func didRename(to name: String) {
                            ↓users.save(name: name)
                        }
                    }
                    """),
            ]),
        ],
        nonTriggering: [
            RuleExample("An Interactor reads settings through the app's wrapper; a Presenter uses a value type's constants", files: [
                ("Settings/SettingsPresenter.swift", """
                    final class SettingsPresenter {
                        func title() -> String { Titles.settings }
                    }
                    """),
                ("Core/Titles.swift", "enum Titles {\n    static let settings = \"Settings\"\n}\n"),
                ("Core/Defaults.swift", """
                    import Foundation

                    enum Defaults {
                        static var isTouchIDAllowed: Bool { UserDefaults.standard.bool(forKey: "touchID") }
                    }
                    """),
                ("Settings/SettingsInteractor.swift", """
                    final class SettingsInteractor {
                        func isTouchIDAllowed() -> Bool { Defaults.isTouchIDAllowed }
                    }
                    """),
            ]),
            RuleExample("A Core Data entity inserts itself into the context it is given; a DTO decodes its own JSON", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {\n    var items: [Item] = []\n    var dto: ItemDTO?\n}\n"),
                ("Entities/Item.swift", """
                    import CoreData

                    final class Item: NSManagedObject {
                        static func insert(into context: NSManagedObjectContext) -> Item {
                            let item = Item(context: context)
                            context.insert(item)
                            return item
                        }
                    }
                    """),
                ("Entities/ItemDTO.swift", """
                    import Foundation

                    struct ItemDTO: Codable {
                        let id: Int

                        static func from(_ data: Data) -> ItemDTO? {
                            try? JSONDecoder().decode(ItemDTO.self, from: data)
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor calls the project's repository; a Presenter calls a value wrapper named Storage", files: [
                ("Data/UserRepository.swift", "final class UserRepository {\n    func save(name: String) {}\n}\n"),
                ("Common/LoadStorage.swift", "enum LoadStorage<Value> {\n    case undefined\n    func map<T>(_ f: (Value) -> T) -> LoadStorage<T> { .undefined }\n}\n"),
                ("Home/HomeInteractor.swift", """
                    final class HomeInteractor {
                        let users = UserRepository()

                        func rename(to name: String) {
                            users.save(name: name)
                        }
                    }
                    """),
                ("Home/HomePresenter.swift", """
                    final class HomePresenter {
                        var names: LoadStorage<[String]> = .undefined

                        func count() -> LoadStorage<Int> {
                            names.map { $0.count }
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor calls its service, which does the I/O", files: [
                ("Home/HomeInteractor.swift", """
                    final class HomeInteractor {
                        let service: ArticleService

                        init(service: ArticleService) {
                            self.service = service
                        }

                        func load() {
                            service.fetch()
                        }
                    }
                    """),
                ("Services/ArticleService.swift", """
                    import Foundation

                    final class ArticleService {
                        func fetch() {
                            URLSession.shared.dataTask(with: URL(string: "https://example.invalid")!).resume()
                        }
                    }
                    """),
            ]),
            RuleExample("A View builds strings with `String(format:)` and `String(describing:)`: no file is read", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewController.swift", """
                    import UIKit

                    final class HomeViewController: UIViewController {
                        func show(_ count: Int) {
                            title = String(format: "%d", count) + String(describing: count)
                        }
                    }
                    """),
            ]),
            RuleExample("A Presenter passes a URL along without calling any API", path: "Home/HomePresenter.swift", """
                import Foundation

                final class HomePresenter {
                    var router: HomeRouterInput?

                    func didTapLink(_ url: URL) {
                        router?.open(url)
                    }
                }
                """),
            RuleExample("A View formats with an injected formatter and calls its presenter", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewController.swift", """
                    import UIKit

                    final class HomeViewController: UIViewController {
                        var output: HomeViewOutput?

                        func didToggle(_ isOn: Bool) {
                            output?.didToggleNotifications(isOn)
                        }
                    }
                    """),
            ]),
            RuleExample("A configuration that also allows Presenters to do I/O", path: "Home/HomePresenter.swift", """
                import Foundation

                final class HomePresenter {
                    func save() {
                        UserDefaults.standard.set(true, forKey: "seen")
                    }
                }
                """, configuration: #"{ "version": 1, "rules": { "misplaced-service-call": { "allowedLayers": ["Interactor", "Service", "Presenter"] } } }"#),
        ]
    )
}
