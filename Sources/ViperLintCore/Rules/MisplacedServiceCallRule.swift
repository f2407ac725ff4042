/// `misplaced-service-call`: a layer that must not do I/O calls a data or service API.
public struct MisplacedServiceCallRule: Rule, Equatable {
    public static let id = "misplaced-service-call"
    public static let summary = "A View, Presenter, ViewModel or Entity calls a networking, persistence or keychain API"
    public static let defaultSeverity = Severity.warning
    public static let measured = "V2 first look, 5ab45ae: 1.00, 2 of 2 findings reviewed (too few to block); recall 0.00 (11 labels)"
    public static let rationale = """
        I/O belongs to Interactors and the Services they use (`allowedLayers`): there it can \
        be replaced in tests and its errors become use-case results. Views writing \
        `UserDefaults`, presenters starting `URLSession` tasks and view models reading files \
        hide business rules in the UI. Encoding and decoding in memory (`JSONDecoder`, \
        `NSKeyedArchiver`) is not I/O: the call that moves the bytes is. The APIs are the shared `apis` lists of the \
        configuration. Builders, and the layers `router-business-logic` checks, are left to that rule. \
        A Presenter of a module without an Interactor is left alone: there is no Interactor to \
        move the call to, and the module is built that way on purpose. \
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
        // A Presenter of a module without an Interactor (VIPER without Interactors, a view model
        // in the Presenter's role) has no Interactor to move its I/O to: the module's own design,
        // as `layer-dependency` leaves its services to it.
        let withInteractors = LayerDependencyRule.modulesWithInteractors(context.index)
        let hasNowhereToMove = { (layer: Layer, location: CodeLocation, file: Int) in
            layer == .presenter && !(queries.classification(of: location, inFile: file).module.map(withInteractors.contains) ?? false)
        }
        for (fileIndex, file) in context.index.files.enumerated() where context.checks(file: fileIndex) {
            // One finding per function (one fix moves its I/O into the Interactor, whichever APIs
            // it calls), the other calls and wrapper uses as its related sites.
            var functionFindings: [String: Int] = [:]
            for call in file.facts.calls {
                guard let layer = queries.layer(at: call.location, inFile: fileIndex), !allowedLayers.contains(layer),
                      !context.ruleSet.isBuilder(layer), !judgedElsewhere.contains(layer), !hasNowhereToMove(layer, call.location, fileIndex),
                      let use = queries.apiUse(of: call, inFile: fileIndex) ?? Self.wrapperUse(call, wrappers: wrappers, file: fileIndex, context: context),
                      !isEntityMapping(use, layer: layer, call: call, file: fileIndex, context: context),
                      reported.insert("\(fileIndex):\(call.location.position.line)").inserted else { continue }
                let key = "\(call.location.context ?? -1):\(call.location.member ?? "")"
                if let first = functionFindings[key] {
                    violations[first].related.append(RelatedLocation(file: file.path, position: call.location.position,
                                                                     message: "another \(use.category) call: '\(use.call)'"))
                    continue
                }
                guard let violation = context.violation("service-call", file: fileIndex, at: call.location, where: { layer in
                          !allowedLayers.contains(layer) && !context.ruleSet.isBuilder(layer) && !judgedElsewhere.contains(layer)
                      }, message: { subject, layer in
                          "\(subject) calls \(use.category) API '\(use.call)'; only \(allowedNames) may do I/O. "
                              + "Move the call into the Interactor (or a Service it uses) and pass the result to the \(layer.name)."
                      }) else { continue }
                functionFindings[key] = violations.count
                violations.append(violation)
            }
            // `UserDefaultsConfig.accountID`, `Defaults.isTouchIDAllowed = isOn`: a read or write of
            // a static member of the project's own wrapper over a storage API. One finding per
            // function, with its calls above (one fix moves them all), the other uses as its related sites.
            for reference in file.facts.references where reference.kind == .staticAccess {
                guard let member = reference.accessedMember, member != "self", member != "shared",
                      let target = context.index.resolvedID(reference.name, from: reference.context, inFile: fileIndex),
                      let wrapped = wrappers[target, member],
                      let layer = queries.layer(of: reference, inFile: fileIndex), !allowedLayers.contains(layer),
                      !context.ruleSet.isBuilder(layer), !judgedElsewhere.contains(layer), layer != .entity,
                      !hasNowhereToMove(layer, CodeLocation(position: reference.position, context: reference.context, member: reference.member, inViewBuilder: false), fileIndex),
                      // One finding a line: a call the first pass reported is not reported again as a use.
                      reported.insert("\(fileIndex):\(reference.position.line)").inserted else { continue }
                let name = context.index.symbols[target].name
                let key = "\(reference.context ?? -1):\(reference.member ?? "")"
                if let first = functionFindings[key] {
                    violations[first].related.append(RelatedLocation(file: file.path, position: reference.position,
                                                                     message: "another \(wrapped.category) use: '\(name).\(member)'"))
                    continue
                }
                let location = CodeLocation(position: reference.position, context: reference.context, member: reference.member, inViewBuilder: false)
                if let violation = context.violation("service-call", file: fileIndex, at: location, where: { !allowedLayers.contains($0) }, message: { subject, layer in
                    "\(subject) uses \(wrapped.category) through '\(name).\(member)' ('\(name)' calls '\(wrapped.api)'); only \(allowedNames) may do I/O. "
                        + "Move the call into the Interactor (or a Service it uses) and pass the result to the \(layer.name)."
                }) {
                    functionFindings[key] = violations.count
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
    /// A wrapper is judged member by member: only the members whose code reaches the API,
    /// directly or through the type's other members, are I/O (a `Functions` helper whose
    /// `reachability()` reads `UserDefaults` does no I/O in its `scale()`).
    /// Worked out per type when a checked file uses it, from the files that declare or extend
    /// it: a run that reports a few files does not read every call of the project.
    final class IOWrappers {
        typealias Wrapped = (category: String, api: String)
        private let context: RuleContext
        /// The API categories that make a member I/O.
        private let categories: Set<String>
        /// Whether a member that calls another project type's I/O member through its name or
        /// singleton (`CoreDataHelper.shared.save()`) is I/O too.
        private let throughOtherTypes: Bool
        /// Whether a call through a project type named like a data layer (`repository.save()`
        /// on a `UserRepository` protocol) is I/O; without, only a framework's API or a concrete
        /// project type with I/O members of its own is.
        private let namesAreEvidence: Bool
        private var known: [Int: [String: Wrapped]] = [:]
        private var callWrappers: [Int: [String: Wrapped]] = [:]
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

        init(_ context: RuleContext, categories: Set<String> = MisplacedServiceCallRule.wrappedCategories, throughOtherTypes: Bool = false,
             namesAreEvidence: Bool = true) {
            self.context = context
            self.categories = categories
            self.throughOtherTypes = throughOtherTypes
            self.namesAreEvidence = namesAreEvidence
        }

        /// The category and API the type's member wraps, if that member is I/O.
        subscript(symbol: Int, member: String) -> Wrapped? {
            members(of: symbol)[Self.memberName(member)]
        }

        /// What the type's I/O members wrap, by member name.
        func members(of symbol: Int) -> [String: Wrapped] {
            if let members = known[symbol] { return members }
            let members = wrappedByCalls(symbol).merging(wrappedByProperties(symbol)) { first, _ in first }
            known[symbol] = members
            return members
        }

        /// A member's name without its parameters (`save(_:)`, Objective-C's `image:isEqualTo:`).
        static func memberName(_ name: String) -> String {
            String(name.prefix { $0 != "(" && $0 != ":" })
        }

        /// The members whose code makes a storage or keychain call, and those that call such a
        /// member of the same type (or, `throughOtherTypes`, of another type through its name or
        /// singleton), worked out for every type the asked one reaches at once: the answer is
        /// the same whichever type is asked first, and a chain of any length costs its length.
        private func wrappedByCalls(_ symbol: Int) -> [String: Wrapped] {
            if let cached = callWrappers[symbol] { return cached }
            var direct: [Node: Wrapped] = [:]
            var callers: [Node: [Node]] = [:]
            var members: [Int: Set<String>] = [:]
            var closure: [Int] = [symbol]
            var seen: Set<Int> = [symbol]
            func reach(_ type: Int) {
                if seen.insert(type).inserted { closure.append(type) }
            }
            var next = 0
            while next < closure.count {
                let type = closure[next]
                next += 1
                let ownNames: Set<String> = ["self", "Self", context.index.symbols[type].name]
                for fileIndex in filesByTypeName[context.index.symbols[type].name] ?? [] {
                    for (call, owner) in zip(context.index.files[fileIndex].facts.calls, callOwners(inFile: fileIndex)) where owner == type {
                        let member = Self.memberName(call.location.member ?? "")
                        let node = Node(type: type, member: member)
                        members[type, default: []].insert(member)
                        // Inside a wrapper, creating the API object (`let realm = try Realm()`) begins its use.
                        if let use = context.queries.apiUse(of: call, inFile: fileIndex).map({ ($0.category, $0.api) })
                            ?? (call.chain.count == 1 ? context.queries.apiCategory(of: call.chain[0]) : nil),
                           categories.contains(use.0) {
                            // Without names as evidence: a framework's API, or a concrete project
                            // type whose own code is I/O (an injected protocol is neither).
                            if namesAreEvidence || context.index.resolve(use.1, from: call.location.context, inFile: fileIndex) == nil {
                                if direct[node] == nil { direct[node] = (use.0, use.1) }
                            } else if let used = context.index.resolve(use.1, from: call.location.context, inFile: fileIndex), used.kind != .protocol {
                                reach(used.id)
                                callers[Node(type: used.id, member: Node.anyMember), default: []].append(node)
                            }
                            continue
                        }
                        if call.chain.count == 1 || ownNames.contains(call.chain[0]) {
                            callers[Node(type: type, member: Self.memberName(call.name)), default: []].append(node)
                        } else if throughOtherTypes, let root = call.chain.first, root.first?.isUppercase == true, call.chain.count >= 2,
                                  let other = context.index.resolvedID(root, from: call.location.context, inFile: fileIndex), other != type {
                            let called = MisplacedServiceCallRule.singletonAccessors.contains(call.chain[1]) && call.chain.count >= 3 ? call.chain[2] : call.chain[1]
                            reach(other)
                            callers[Node(type: other, member: Self.memberName(called)), default: []].append(node)
                        }
                    }
                }
            }
            // From the members that call an API up through their callers, nearest first.
            var found: [Node: Wrapped] = [:]
            var queue: [Node] = []
            for (node, wrapped) in direct.sorted(by: { $0.key < $1.key }) {
                found[node] = wrapped
                queue.append(node)
            }
            var head = 0
            while head < queue.count {
                let node = queue[head]
                head += 1
                let wrapped = found[node]!
                let anyMember = Node(type: node.type, member: Node.anyMember)
                if node.member != Node.anyMember, found[anyMember] == nil {
                    found[anyMember] = wrapped
                    queue.append(anyMember)
                }
                for caller in callers[node] ?? [] where found[caller] == nil {
                    found[caller] = wrapped
                    queue.append(caller)
                }
            }
            for type in closure where callWrappers[type] == nil {
                var byMember: [String: Wrapped] = [:]
                for member in members[type] ?? [] {
                    if let wrapped = found[Node(type: type, member: member)] { byMember[member] = wrapped }
                }
                callWrappers[type] = byMember
            }
            return callWrappers[symbol] ?? [:]
        }

        /// A type's member, or any member of the type (`*`: a property typed with the type calls
        /// something of it).
        private struct Node: Hashable, Comparable {
            static let anyMember = "*"
            let type: Int
            let member: String
            static func < (lhs: Node, rhs: Node) -> Bool { (lhs.type, lhs.member) < (rhs.type, rhs.member) }
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

        /// Property wrappers: `@UserDefault` on a stored property makes that property I/O, when
        /// the wrapper type's code reaches the API.
        private func wrappedByProperties(_ symbol: Int) -> [String: Wrapped] {
            var found: [String: Wrapped] = [:]
            for (_, property) in context.index.storedProperties(of: context.index.symbols[symbol]) {
                for attribute in property.attributes {
                    for id in context.index.symbolsByName[attribute] ?? [] where id != symbol {
                        if found[property.name] == nil, let wrapped = wrappedByCalls(id).sorted(by: { $0.key < $1.key }).first?.value {
                            found[property.name] = wrapped
                        }
                    }
                }
            }
            return found
        }
    }

    /// Names of a type's own instance (`SettingsStore.shared`): the member after them is the type's.
    static let singletonAccessors: Set<String> = ["shared", "default", "standard", "instance", "sharedInstance", "current"]

    /// A call through a project wrapper's I/O member (`SettingsStore.shared.save()`,
    /// `Config.shared.savedAddresses.contains(id)`).
    static func wrapperUse(_ call: CallFact, wrappers: IOWrappers, file: Int, context: RuleContext) -> CodeQueries.APIUse? {
        guard let root = call.chain.first, root.first?.isUppercase == true, call.chain.count >= 2,
              let id = context.index.resolvedID(root, from: call.location.context, inFile: file) else { return nil }
        let member = singletonAccessors.contains(call.chain[1]) && call.chain.count >= 3 ? call.chain[2] : call.chain[1]
        guard let wrapped = wrappers[id, member] else { return nil }
        // One finding per function and wrapper: the wrapper, not which API its member reaches, is what moves.
        return CodeQueries.APIUse(category: wrapped.category, api: "\(context.index.symbols[id].name) (\(wrapped.category))", call: call.text)
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
            RuleExample("A Presenter saves through a store's member that writes through its private helper", files: [
                ("Settings/SettingsInteractor.swift", "final class SettingsInteractor {}\n"),
                ("Core/SettingsStore.swift", """
                    import Foundation

                    final class SettingsStore {
                        static let shared = SettingsStore()

                        func save(name: String) {
                            write(name, key: "name")
                        }

                        private func write(_ value: String, key: String) {
                            UserDefaults.standard.set(value, forKey: key)
                        }
                    }
                    """),
                ("Settings/SettingsPresenter.swift", """
                    final class SettingsPresenter {
                        func didRename(to name: String) {
                            ↓SettingsStore.shared.save(name: name)
                        }
                    }
                    """),
            ]),
            RuleExample("A View reads Firebase itself: one finding per function, its other I/O calls are that finding's other sites", files: [
                ("Orders/OrdersInteractor.swift", "final class OrdersInteractor {}\n"),
                ("Orders/OrdersPresenter.swift", "final class OrdersPresenter {}\n"),
                ("Orders/OrdersViewController.swift", """
                    import FirebaseAuth
                    import FirebaseDatabase
                    import UIKit

                    final class OrdersViewController: UIViewController {
                        func loadProfile() {
                            guard let id = ↓Auth.auth().currentUser?.uid else { return }
                            Database.database().reference(withPath: "users/\\(id)").observeSingleEvent(of: .value) { _ in }
                        }

                        func signOut() {
                            try? ↓Auth.auth().signOut()
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
            RuleExample("A ViewModel reads the keychain; decoding JSON in memory is no I/O", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewModel.swift", """
                    import Foundation

                    final class HomeViewModel {
                        func load(_ data: Data) -> [String] {
                            ↓SecItemCopyMatching([:] as CFDictionary, nil)
                            return (try? JSONDecoder().decode([String].self, from: data)) ?? []
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
            RuleExample("A module without an Interactor: its Presenter reads the app's settings itself, there is no Interactor to move it to", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Wallet/WalletWireframe.swift", "final class WalletWireframe {\n    func close() {}\n}\n"),
                ("Wallet/WalletPresenter.swift", """
                    import Foundation

                    final class WalletPresenter {
                        let wireframe = WalletWireframe()

                        func sections() -> [String] {
                            UserDefaults.standard.stringArray(forKey: "sections") ?? []
                        }
                    }
                    """),
            ]),
            RuleExample("A View calls a helper's layout member; only another member of the helper reads UserDefaults", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Common/Functions.swift", """
                    import Foundation

                    enum Functions {
                        static func scale() -> Double { 1.5 }

                        static func isReachable() -> Bool {
                            UserDefaults.standard.bool(forKey: "reachable")
                        }
                    }
                    """),
                ("Home/HomeViewController.swift", """
                    import UIKit

                    final class HomeViewController: UIViewController {
                        override func viewDidLoad() {
                            super.viewDidLoad()
                            view.layer.cornerRadius = 4 * Functions.scale()
                        }
                    }
                    """),
            ]),
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
