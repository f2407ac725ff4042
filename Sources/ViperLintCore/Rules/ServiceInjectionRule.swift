/// `service-injection`: an Interactor reaches a data or network service it was not handed.
public struct ServiceInjectionRule: Rule, Equatable {
    public static let id = "service-injection"
    public static let summary = "An Interactor reaches a storage, keychain or network service through its singleton, creates it or holds its class, instead of being handed it through a protocol"
    public static let defaultSeverity = Severity.warning
    public static let measured = "V2 first look, 5ab45ae: no findings; recall 0.00 (6 labels). Tuned: corpus 1.00 (36 right, 3 debatable of 39), V1 1.00 (5 right, 1 debatable of 6)"
    public static let rationale = """
        The Interactor is where a module's use cases are tested, and its data comes from services \
        the builder hands it through protocols, so that a test hands it fakes. An Interactor that \
        calls `RealmManager.shared.save(item)`, creates `let api = APIClient()` itself or holds \
        the concrete class (`var keychain: Keychain!`) cannot run without the database, the \
        keychain or the network. A service is told by what its code does: a \
        project type whose member calls a storage, keychain or networking API (the shared `apis` \
        lists), directly, through its other members or through another such type's name or \
        singleton (`CoreDataHelper.shared.save()`); the reported call reaches such a member. A \
        singleton counts also what it does through the protocols it holds, told by their names \
        as `misplaced-service-call` tells them (an `AuthManager.shared` whose client is a \
        `NetworkServiceProtocol`): the Interactor cannot replace it either way. A class the \
        Interactor holds or creates is judged by its own code only: one whose data access is \
        injected through protocols can be built with fakes. \
        Singletons that are not data (loggers, analytics, feature flags: `singletonAllowList`), a \
        service held through a protocol (even one the Interactor fills with a default), and a \
        helper of the module's own (a Clean Swift worker in the scene's folder, which the \
        template has the Interactor create) are left alone. One finding per Interactor and \
        service; its other uses are related sites.
        Fix: declare a protocol with what the Interactor uses, hold the service through it \
        (`let store: FolderStoring`), take it in the initializer and let the builder pass \
        `RealmManager.shared` or `APIClient()`.
        """

    /// Layers that must be handed their services.
    public var layers: [Layer] = [.interactor]
    /// Types whose singletons are infrastructure, not data (globs on the type's name).
    public var singletonAllowList = ["*Logger", "Logger", "*Log", "*Analytics", "Analytics*", "*Tracker", "FeatureFlags",
                                     "*FeatureFlags", "*Features"]

    public static let options: [RuleOption<ServiceInjectionRule>] = [
        .layers("layers", \.layers),
        .strings("singletonAllowList", \.singletonAllowList),
    ]

    public init() {}

    /// Categories of API that make a type a service.
    static let serviceCategories: Set<String> = ["persistence", "keychain", "networking"]

    /// How an Interactor reaches a service: its singleton or static member, an instance it
    /// creates, or a property typed with its class.
    private struct Reach {
        var file: Int
        var location: CodeLocation
        var service: Int
        var text: String
        /// The service's member that does the I/O and the API it reaches (`save`, `UserDefaults`).
        var member: String
        var api: String
        var how: How
        /// Reached through a static member, not an instance (`Keychain.read(key)`).
        var isStatic = false
    }

    private enum How: String { case reaches = "service-singleton", creates = "service-created", holds = "service-held" }

    public func check(_ context: RuleContext) -> [Violation] {
        // A singleton is judged by all it does, through whatever it holds: the Interactor cannot
        // replace it. A class the Interactor holds or creates is judged by its own code: one
        // whose data access is injected through protocols can be built with fakes.
        let singletons = MisplacedServiceCallRule.IOWrappers(context, categories: Self.serviceCategories, throughOtherTypes: true)
        let wrappers = MisplacedServiceCallRule.IOWrappers(context, categories: Self.serviceCategories, throughOtherTypes: true,
                                                           namesAreEvidence: false)
        let allowed = singletonAllowList.map(Glob.init)
        let queries = context.queries
        var reaches: [Reach] = []
        for (fileIndex, file) in context.index.files.enumerated() where context.checks(file: fileIndex) {
            /// The service a name in the Interactor's code resolves to, if it is one of another module's.
            func service(_ name: String, at location: CodeLocation) -> TypeSymbol? {
                guard let layer = queries.layer(at: location, inFile: fileIndex), layers.contains(layer),
                      let id = context.index.resolvedID(name, from: location.context, inFile: fileIndex) else { return nil }
                let symbol = context.index.symbols[id]
                guard isService(symbol, allowed: allowed), isShared(symbol, from: location, inFile: fileIndex, context: context) else { return nil }
                return symbol
            }
            // `Store.shared.save(x)`, `Keychain.read(key)`: a call that reaches a service's I/O member.
            // `APIClient().fetch()` begins with creating the service: that creation is the finding.
            let creations = Set(file.facts.references.filter { $0.kind == .instantiation }.map(\.position))
            for call in file.facts.calls where !creations.contains(call.location.position) {
                guard let root = call.chain.first, root.first?.isUppercase == true, call.chain.count >= 2,
                      let symbol = service(root, at: call.location) else { continue }
                let member = MisplacedServiceCallRule.singletonAccessors.contains(call.chain[1]) && call.chain.count >= 3 ? call.chain[2] : call.chain[1]
                guard let wrapped = singletons[symbol.id, member] else { continue }
                reaches.append(Reach(file: fileIndex, location: call.location, service: symbol.id, text: call.text,
                                     member: member, api: wrapped.api, how: .reaches,
                                     isStatic: !MisplacedServiceCallRule.singletonAccessors.contains(call.chain[1])))
            }
            for reference in file.facts.references {
                let location = CodeLocation(position: reference.position, context: reference.context, member: reference.member, inViewBuilder: false)
                switch reference.kind {
                case .staticAccess:
                    // `UserDefaultsConfig.address`: a static member of a service that is I/O.
                    guard let member = reference.accessedMember, !MisplacedServiceCallRule.singletonAccessors.contains(member),
                          let symbol = service(reference.name, at: location), let wrapped = singletons[symbol.id, member] else { continue }
                    reaches.append(Reach(file: fileIndex, location: location, service: symbol.id, text: "\(reference.name).\(member)",
                                         member: member, api: wrapped.api, how: .reaches, isStatic: true))
                case .instantiation:
                    // `let api = APIClient()`: a service created here, not held through a protocol.
                    guard let symbol = service(reference.name, at: location), symbol.kind == .class || symbol.kind == .actor,
                          !holdsThroughProtocol(symbol, reference: reference, inFile: fileIndex, context: context),
                          // A static factory (`static func make() -> Self { Self(store: Store()) }`) is builder code.
                          !file.facts.functions.contains(where: { $0.isStatic && $0.name == reference.member && $0.location.context == reference.context }),
                          let (member, wrapped) = ioMemberCalled(on: symbol, through: reference, inFile: fileIndex, wrappers: wrappers, context: context)
                    else { continue }
                    reaches.append(Reach(file: fileIndex, location: location, service: symbol.id, text: "\(reference.name)()",
                                         member: member, api: wrapped.api, how: .creates))
                case .annotation:
                    // `var keychain: Keychain!`: a stored property typed with the service's class.
                    guard let symbol = service(reference.name, at: location), symbol.kind == .class || symbol.kind == .actor,
                          let owner = context.index.ownerID(ofDeclaration: reference.context, inFile: fileIndex),
                          context.index.storedProperties(of: context.index.symbols[owner]).contains(where: { _, property in
                              !property.isStatic && property.name == reference.member && property.typeNames.contains(Self.lastName(reference.name))
                          }),
                          let (member, wrapped) = ioMemberCalled(on: symbol, through: reference, inFile: fileIndex, wrappers: wrappers, context: context)
                    else { continue }
                    reaches.append(Reach(file: fileIndex, location: location, service: symbol.id, text: reference.member ?? reference.name,
                                         member: member, api: wrapped.api, how: .holds))
                default:
                    continue
                }
            }
        }
        // One finding per Interactor and service, at its first use in file and source order.
        var groups: [String: [Reach]] = [:]
        var order: [String] = []
        for reach in reaches.sorted(by: { ($0.file, $0.location.position) < ($1.file, $1.location.position) }) {
            let owner = context.index.ownerID(ofDeclaration: reach.location.context, inFile: reach.file).map { "type \($0)" } ?? "file \(reach.file)"
            let key = "\(owner) -> \(reach.service)"
            if groups[key] == nil { order.append(key) }
            // One site a line: a call and the static access inside it are one use.
            if groups[key]?.contains(where: { $0.file == reach.file && $0.location.position.line == reach.location.position.line }) == true { continue }
            groups[key, default: []].append(reach)
        }
        return order.compactMap { key in
            let group = groups[key]!
            let first = group[0]
            let service = context.index.symbols[first.service]
            guard var violation = context.violation(first.how.rawValue, file: first.file, at: first.location,
                                                    where: layers.contains, message: { subject, layer in
                let kinds = Self.kinds(of: (first.how == .reaches ? singletons : wrappers).members(of: service.id))
                let how = switch first.how {
                case .creates: "creates the \(kinds) service '\(service.name)' itself ('\(first.text)')"
                case .reaches: "reaches the \(kinds) service '\(service.name)' through '\(first.text)'"
                case .holds: "holds the concrete \(kinds) service '\(service.name)' ('\(first.text)')"
                }
                return "\(subject) \(how) ('\(service.name).\(first.member)' reaches '\(first.api)'); a test of the \(layer.name) "
                    + "cannot replace it. " + Self.fix(for: service, reach: first, layer: layer, context: context)
            }) else { return nil }
            violation.related = group.dropFirst().map { reach in
                RelatedLocation(file: context.index.files[reach.file].path, position: reach.location.position,
                                message: "another use of '\(service.name)': '\(reach.text)'")
            }
            context.setTarget(service, of: &violation)
            return violation
        }
    }

    /// The first I/O member of the service the Interactor uses through the stored property
    /// the reference types or fills (`keychain.remove(...)` for `var keychain: Keychain!`), in
    /// the file's calls: a service of which it uses only what does no I/O (local notifications
    /// of a class that also fetches from Core Data) is no data dependency of this code. An
    /// instance created in a function is judged by the member called on it in the same
    /// expression (`APIClient().fetch(url)`), else by every I/O member its type has (facts do
    /// not say which local a created instance is bound to).
    private func ioMemberCalled(on service: TypeSymbol, through reference: TypeReferenceFact, inFile file: Int,
                                wrappers: MisplacedServiceCallRule.IOWrappers, context: RuleContext) -> (String, MisplacedServiceCallRule.IOWrappers.Wrapped)? {
        let members = wrappers.members(of: service.id)
        let facts = context.index.files[file].facts
        guard let property = reference.member, let owner = context.index.ownerID(ofDeclaration: reference.context, inFile: file),
              context.index.storedProperties(of: context.index.symbols[owner]).contains(where: { $0.property.name == property }) else {
            // `APIClient().fetch(url)`: the member called on the new instance, if it is I/O.
            if let call = facts.calls.first(where: { $0.location.position == reference.position && $0.chain.count == 2 }) {
                let member = MisplacedServiceCallRule.IOWrappers.memberName(call.chain[1])
                return members[member].map { (member, $0) }
            }
            return members.min { $0.key < $1.key }
        }
        // Calls, reads and writes (`keychain.isBackedUp = true` sets a computed property that writes the keychain).
        let uses = facts.calls.map { ($0.chain, $0.location) } + facts.memberReads.map { ($0.chain, $0.location) }
            + facts.assignments.map { ($0.target, $0.location) }
        for (written, location) in uses.sorted(by: { $0.1.position < $1.1.position }) {
            let chain = written.first == "self" ? Array(written.dropFirst()) : written
            guard chain.count >= 2, chain[0] == property,
                  context.index.ownerID(ofDeclaration: location.context, inFile: file) == owner,
                  let wrapped = members[MisplacedServiceCallRule.IOWrappers.memberName(chain[1])] else { continue }
            return (MisplacedServiceCallRule.IOWrappers.memberName(chain[1]), wrapped)
        }
        return nil
    }

    /// What the service's I/O members reach, as a reader says it (`network and storage`).
    static func kinds(of members: [String: MisplacedServiceCallRule.IOWrappers.Wrapped]) -> String {
        let names = ["networking": "network", "persistence": "storage", "keychain": "keychain"]
        let kinds = Set(members.values.compactMap { names[$0.category] }).sorted()
        return kinds.count > 1 ? kinds.dropLast().joined(separator: ", ") + " and " + kinds[kinds.count - 1] : kinds.first ?? "data"
    }

    /// The fix that fits the service: its existing protocol (one that declares what the
    /// Interactor uses and can type a property), a protocol to declare, or, for static members (`enum Defaults`,
    /// `Keychain.read(key)`), a type to wrap them in.
    private static func fix(for service: TypeSymbol, reach: Reach, layer: Layer, context: RuleContext) -> String {
        // A protocol with associated types cannot type a property: it is no protocol to hold.
        let protocols = Self.protocols(of: service, context: context)
            .filter { !context.index.declaration(of: $0).hasAssociatedTypes && declares($0, reach.member, context: context) }
            .map { "'\($0.name)'" }
        let hold = protocols.isEmpty
            ? "Declare a protocol with what the \(layer.name) uses, make '\(service.name)' conform and hold it through the protocol"
            : "Hold it through \(protocols.joined(separator: " or ")), which '\(service.name)' conforms to"
        switch reach.how {
        case .holds:
            return hold + ", so that whoever builds the \(layer.name) can hand it another."
        case .creates:
            return hold + ", take it in the initializer and let the builder pass '\(service.name)()'."
        case .reaches where reach.isStatic:
            return "Declare a protocol with what the \(layer.name) uses, implement it with a type that calls '\(service.name)', "
                + "take it in the initializer and let the builder pass that type."
        case .reaches:
            return hold + ", take it in the initializer and let the builder pass the instance."
        }
    }

    /// Whether a protocol declares a member of that name (`save` in `func save(_:)`).
    static func declares(_ proto: TypeSymbol, _ member: String, context: RuleContext) -> Bool {
        context.index.files[proto.file].facts.functions.contains { function in
            MisplacedServiceCallRule.IOWrappers.memberName(function.name) == member
                && context.index.ownerID(ofDeclaration: function.location.context, inFile: proto.file) == proto.id
        } || context.index.storedProperties(of: proto).contains { $0.property.name == member }
    }

    /// `lazy var store: StoreProtocol = Store()`, `init(store: StoreProtocol = Store())`: the
    /// Interactor creates a default but holds it through a protocol (or a protocol that one
    /// inherits, or an alias of one), so a builder or a test can hand it another: what the fix
    /// asks for is there. A default of an initializer counts for code in an initializer only.
    private func holdsThroughProtocol(_ service: TypeSymbol, reference: TypeReferenceFact, inFile file: Int, context: RuleContext) -> Bool {
        let protocols = Self.protocolNames(of: service, context: context)
        guard !protocols.isEmpty, let owner = context.index.ownerID(ofDeclaration: reference.context, inFile: file) else { return false }
        let held = context.index.storedProperties(of: context.index.symbols[owner]).contains { _, property in
            property.name == reference.member && property.typeNames.contains(where: protocols.contains)
        }
        let taken = reference.member == "init" && context.index.files[file].facts.functions.contains { function in
            function.kind == .initializer && function.location.context == reference.context
                && function.parameters.contains { $0.typeNames.contains(where: protocols.contains) }
        }
        return held || taken
    }

    /// The project protocols a type conforms to and those they inherit, by name.
    static func protocols(of service: TypeSymbol, context: RuleContext) -> [TypeSymbol] {
        var found: [String: TypeSymbol] = [:]
        var pending = context.index.protocols(conformedToBy: service)
        while let next = pending.popLast() {
            guard found.updateValue(next, forKey: next.name) == nil else { continue }
            pending += context.index.protocols(conformedToBy: next)
        }
        return found.keys.sorted().map { found[$0]! }
    }

    /// The project protocols a type conforms to, those they inherit, and the aliases of any.
    static func protocolNames(of service: TypeSymbol, context: RuleContext) -> Set<String> {
        var names = Set(protocols(of: service, context: context).map(\.name))
        for file in context.index.files {
            for alias in file.facts.typeAliases where alias.typeNames.contains(where: names.contains) { names.insert(alias.name) }
        }
        return names
    }

    /// A service of no module, or of another module than the code's: a helper of the module's
    /// own (a Clean Swift worker in the scene's folder) is the Interactor's to create.
    private func isShared(_ service: TypeSymbol, from location: CodeLocation, inFile file: Int, context: RuleContext) -> Bool {
        let own = context.queries.classification(of: location, inFile: file).module
        return own == nil || service.module.module != own
    }

    /// The last component of a dotted type name (`Services.Keychain` -> `Keychain`).
    static func lastName(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }

    /// A concrete type of the project that is no layer of a screen and not infrastructure.
    private func isService(_ symbol: TypeSymbol, allowed: [Glob]) -> Bool {
        guard symbol.kind != .protocol, !allowed.contains(where: { $0.matches(symbol.name) }) else { return false }
        if let layer = symbol.layer.layer, layer != .service { return false }
        return true
    }

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("An Interactor saves through the storage manager's singleton", files: [
                ("Services/FolderStore.swift", """
                    import Foundation

                    final class FolderStore {
                        static let shared = FolderStore()

                        func save(_ names: [String]) {
                            UserDefaults.standard.set(names, forKey: "folders")
                        }
                    }
                    """),
                ("Folders/FoldersPresenter.swift", "final class FoldersPresenter {}\n"),
                ("Folders/FoldersInteractor.swift", """
                    final class FoldersInteractor {
                        func rename(_ names: [String]) {
                            ↓FolderStore.shared.save(names)
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor creates the shared API client itself", files: [
                ("Services/APIClient.swift", """
                    import Foundation

                    final class APIClient {
                        func fetch(_ url: URL) {
                            URLSession.shared.dataTask(with: url).resume()
                        }
                    }
                    """),
                ("Feed/FeedPresenter.swift", "final class FeedPresenter {}\n"),
                ("Feed/FeedInteractor.swift", """
                    import Foundation

                    final class FeedInteractor {
                        private let client = ↓APIClient()

                        func load(_ url: URL) {
                            client.fetch(url)
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor holds the keychain store's class, set by its builder", files: [
                ("Services/Keychain.swift", """
                    import Security

                    final class Keychain {
                        func remove(_ key: String) {
                            SecItemDelete([:] as CFDictionary)
                        }
                    }
                    """),
                ("Backup/BackupPresenter.swift", "final class BackupPresenter {}\n"),
                ("Backup/BackupInteractor.swift", """
                    final class BackupInteractor {
                        var keychain: ↓Keychain!

                        func reset() {
                            keychain.remove("seed")
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor calls an updater's singleton that saves through the storage helper's", files: [
                ("Services/StorageHelper.swift", """
                    import Foundation

                    final class StorageHelper {
                        static let shared = StorageHelper()

                        func save(_ value: Int, key: String) {
                            UserDefaults.standard.set(value, forKey: key)
                        }
                    }
                    """),
                ("Services/ProgressUpdater.swift", """
                    final class ProgressUpdater {
                        static let shared = ProgressUpdater()

                        func update(step: Int) {
                            StorageHelper.shared.save(step, key: "lastStep")
                        }
                    }
                    """),
                ("Step/StepPresenter.swift", "final class StepPresenter {}\n"),
                ("Step/StepInteractor.swift", """
                    final class StepInteractor {
                        func didOpen(step: Int) {
                            ↓ProgressUpdater.shared.update(step: step)
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor signs in through an auth manager's singleton that holds its network client through a protocol", files: [
                ("Network/NetworkClient.swift", """
                    import Foundation

                    protocol NetworkClientProtocol {
                        func send(_ request: URLRequest)
                    }

                    final class NetworkClient: NetworkClientProtocol {
                        func send(_ request: URLRequest) {
                            URLSession.shared.dataTask(with: request).resume()
                        }
                    }
                    """),
                ("Auth/AuthManager.swift", """
                    import Foundation

                    final class AuthManager {
                        static let shared = AuthManager(client: NetworkClient())
                        private let client: NetworkClientProtocol

                        init(client: NetworkClientProtocol) {
                            self.client = client
                        }

                        func login(_ request: URLRequest) {
                            client.send(request)
                        }
                    }
                    """),
                ("SignIn/SignInPresenter.swift", "final class SignInPresenter {}\n"),
                ("SignIn/SignInInteractor.swift", """
                    import Foundation

                    final class SignInInteractor {
                        func signIn(_ request: URLRequest) {
                            ↓AuthManager.shared.login(request)
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor reads the keychain through a wrapper's static member", files: [
                ("Services/Secrets.swift", """
                    import Security

                    enum Secrets {
                        static var token: String? {
                            var item: CFTypeRef?
                            SecItemCopyMatching([:] as CFDictionary, &item)
                            return item as? String
                        }
                    }
                    """),
                ("Login/LoginPresenter.swift", "final class LoginPresenter {}\n"),
                ("Login/LoginInteractor.swift", """
                    final class LoginInteractor {
                        func isSignedIn() -> Bool {
                            ↓Secrets.token != nil
                        }
                    }
                    """),
            ]),
        ],
        nonTriggering: [
            RuleExample("The builder hands the Interactor its store through a protocol", files: [
                ("Services/FolderStore.swift", """
                    import Foundation

                    protocol FolderStoring {
                        func save(_ names: [String])
                    }

                    final class FolderStore: FolderStoring {
                        static let shared = FolderStore()

                        func save(_ names: [String]) {
                            UserDefaults.standard.set(names, forKey: "folders")
                        }
                    }
                    """),
                ("Folders/FoldersPresenter.swift", "final class FoldersPresenter {}\n"),
                ("Folders/FoldersInteractor.swift", """
                    final class FoldersInteractor {
                        private let store: FolderStoring

                        init(store: FolderStoring) {
                            self.store = store
                        }

                        func rename(_ names: [String]) {
                            store.save(names)
                        }
                    }
                    """),
                ("Folders/FoldersRouter.swift", """
                    final class FoldersRouter {
                        static func build() -> FoldersInteractor {
                            FoldersInteractor(store: FolderStore.shared)
                        }
                    }
                    """),
            ]),
            RuleExample("A Clean Swift Interactor creates its scene's worker, and reaches a logger's singleton", files: [
                ("Scenes/Orders/OrdersWorker.swift", """
                    import Foundation

                    final class OrdersWorker {
                        func fetch(_ url: URL) {
                            URLSession.shared.dataTask(with: url).resume()
                        }
                    }
                    """),
                ("Services/AppLogger.swift", """
                    import Foundation

                    final class AppLogger {
                        static let shared = AppLogger()

                        func log(_ text: String) {
                            try? text.write(toFile: "/tmp/app.log", atomically: true, encoding: .utf8)
                        }
                    }
                    """),
                ("Scenes/Orders/OrdersPresenter.swift", "final class OrdersPresenter {}\n"),
                ("Scenes/Orders/OrdersInteractor.swift", """
                    import Foundation

                    final class OrdersInteractor {
                        var worker = OrdersWorker()

                        func load(_ url: URL) {
                            AppLogger.shared.log("loading")
                            worker.fetch(url)
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor takes its store through a protocol and creates a default one", files: [
                ("Services/FolderStore.swift", """
                    import Foundation

                    protocol FolderStoring {
                        func save(_ names: [String])
                    }

                    final class FolderStore: FolderStoring {
                        func save(_ names: [String]) {
                            UserDefaults.standard.set(names, forKey: "folders")
                        }
                    }
                    """),
                ("Folders/FoldersPresenter.swift", "final class FoldersPresenter {}\n"),
                ("Folders/FoldersInteractor.swift", """
                    final class FoldersInteractor {
                        private let store: FolderStoring
                        private lazy var backup: FolderStoring = FolderStore()

                        init(store: FolderStoring = FolderStore()) {
                            self.store = store
                        }

                        func rename(_ names: [String]) {
                            store.save(names)
                            backup.save(names)
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor holds a service class but calls only what does no I/O", files: [
                ("Services/Reminders.swift", """
                    import Foundation
                    import UserNotifications

                    final class Reminders {
                        func schedule(_ text: String) {
                            UNUserNotificationCenter.current().removeAllPendingNotificationRequests()
                        }

                        func lastOpened() -> Double {
                            UserDefaults.standard.double(forKey: "lastOpened")
                        }
                    }
                    """),
                ("Habits/HabitsPresenter.swift", "final class HabitsPresenter {}\n"),
                ("Habits/HabitsInteractor.swift", """
                    final class HabitsInteractor {
                        var reminders: Reminders!

                        func remind(_ text: String) {
                            reminders.schedule(text)
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor holds a store class whose data access is injected through protocols", files: [
                ("Persistence/RouteRepository.swift", "protocol RouteRepositoryInterface {\n    func saveRoutes(_ names: [String])\n}\n"),
                ("Persistence/RouteStore.swift", """
                    final class RouteStore {
                        private let repository: RouteRepositoryInterface

                        init(repository: RouteRepositoryInterface) {
                            self.repository = repository
                        }

                        func save(_ names: [String]) {
                            repository.saveRoutes(names)
                        }
                    }
                    """),
                ("Routes/RoutesPresenter.swift", "final class RoutesPresenter {}\n"),
                ("Routes/RoutesInteractor.swift", """
                    final class RoutesInteractor {
                        private let store: RouteStore

                        init(store: RouteStore) {
                            self.store = store
                        }

                        func save(_ names: [String]) {
                            store.save(names)
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor reads app settings that do no I/O through their singleton", files: [
                ("Services/AppConfig.swift", """
                    final class AppConfig {
                        static let shared = AppConfig()
                        let pageSize = 20
                    }
                    """),
                ("Feed/FeedPresenter.swift", "final class FeedPresenter {}\n"),
                ("Feed/FeedInteractor.swift", """
                    final class FeedInteractor {
                        func pageSize() -> Int {
                            AppConfig.shared.pageSize
                        }
                    }
                    """),
            ]),
        ])
}
