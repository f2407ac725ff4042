/// `concrete-dependency`: a layer references a concrete type of a layer it may reach only
/// through a protocol.
public struct ConcreteDependencyRule: Rule, Equatable {
    public static let id = "concrete-dependency"
    public static let summary = "A layer uses a concrete type where only a protocol of that layer is allowed"
    public static let defaultSeverity = Severity.warning
    public static let measured = "V2 first look, 5ab45ae: 0.22, 18 of 18 findings reviewed; recall 0.40 (5 labels)"
    public static let rationale = """
        Layers listed under `viaProtocol` in the dependencies matrix are reached through \
        protocols: an Interactor talks to its output protocol, not to `HomePresenter`; a \
        Presenter holds a `HomeViewInput`, not `HomeViewController`. A concrete reference ties \
        the layers together, blocks test doubles, and usually hides a strong reference cycle. \
        A Presenter or Interactor downcasting what it was given through a protocol to the class \
        behind it (`userState as? UserState`) depends on that class as much as if it held it, \
        and one holding or building the project's SwiftUI views (`[SettingsRow]`) does the \
        View's work. A protocol's property requirement typed with the concrete class is one \
        finding there, its adopters' properties its other sites.
        Fix: depend on a protocol the concrete type conforms to (the message lists them), or \
        declare one and let the Router or Assembly inject the concrete instance; for views, \
        hold the display items the View renders.
        """

    /// Classes an Interactor must hold through a protocol whatever their layer: data access
    /// (`CartDataManager`, `UserRepository`) is what tests replace. Clean Swift's workers,
    /// which interactors own by design, are not in the default list.
    public var dataAccessSuffixes: [String] = ["DataManager", "Repository"]

    public static let options: [RuleOption<ConcreteDependencyRule>] = [.strings("dataAccessSuffixes", \.dataAccessSuffixes)]

    public init() {}

    /// Property wrappers whose type must be concrete (SwiftUI observes the object itself).
    static let concreteWrappers: Set<String> = ["EnvironmentObject", "ObservedObject", "StateObject", "Bindable",
                                                "Environment", "State"]

    public func check(_ context: RuleContext) -> [Violation] {
        let census = HoldingCensus(context.index)
        var requirementMet: [CrossLayerReference] = []
        let concrete = context.crossLayerReferences().filter { crossing in
            let allowed = context.ruleSet.dependencies(of: crossing.from, fromModule: crossing.resolved.fromModule, toModule: crossing.target.module.module)
            // Behavioural reference types only: a struct or enum is data, whatever layer it sits
            // in, except a SwiftUI view held or built by a Presenter or Interactor.
            guard crossing.target.kind == .class || crossing.target.kind == .actor || Self.isSwiftUIViewOfScreen(crossing, context: context),
                  !Self.isWrappedForSwiftUI(crossing.resolved, context: context),
                  !Self.specializesSwiftUIView(crossing, context: context),
                  // `container.resolve(HomePresenter.self)`: the class is a DI key, nothing is held.
                  crossing.resolved.reference.accessedMember != "self",
                  // Shared layers told by names and places (a view's own delegate protocol taken
                  // for a contract) are judged only where the configuration states them.
                  !LayerDependencyRule.sharedLayers.contains(crossing.from) || LayerDependencyRule.hasEvidentEnds(crossing, context: context)
            else { return false }
            guard allowed.viaProtocol.contains(crossing.to) && !allowed.allow.contains(crossing.to) || isHeldDataAccess(crossing, context: context)
            else { return false }
            if Self.meetsProtocolRequirement(crossing.resolved, context: context) {
                requirementMet.append(crossing)
                return false
            }
            return true
        }
        // One finding per (declaring type, concrete type): one protocol fixes every use.
        return context.foldedViolations(context.groupedByDeclaringType(concrete + Self.downcastsAroundProtocols(context, known: concrete))) { group in
            let (resolved, from, target, to) = (group[0].resolved, group[0].from, group[0].target, group[0].to)
            let position = resolved.reference.position
            let declaration = context.declaration(for: resolved.reference, inFile: resolved.file)
            let symbol = declaration?.name
            let isSwiftUIView = target.kind != .class && target.kind != .actor
            let message = "\(context.describe(layer: from, symbol: symbol, module: resolved.fromModule)) "
                + "\(Self.verb(resolved.reference, file: resolved.file, context: context)) the concrete "
                + "\(isSwiftUIView ? "SwiftUI view" : target.layer.layer == nil ? "class" : to.name) '\(target.qualifiedName)'"
                + "\(RuleContext.moreUses(group)); "
                + "\(reach(from: from, to: to, target: target, context: context)) "
                + (Self.verb(resolved.reference, file: resolved.file, context: context) == "holds"
                    ? census.deviation(from: from, to: to, module: resolved.fromModule).map { $0 + " " } ?? "" : "")
                + (isSwiftUIView ? "A view is its View's to build: hold the values it shows (display items the View renders) "
                    + "and let the View make '\(target.name)' from them."
                    // A cast undoes a protocol the value already came through: no builder injects
                    // anything new there, the protocol has to offer what the cast is for.
                    : target.layer.layer == nil || resolved.reference.kind == .cast ? Self.castFix(for: target, context: context)
                    : Self.fix(for: target, from: from, using: Self.membersUsed(through: resolved, context: context), context: context))
            var violation = context.violation("concrete-type", file: resolved.file, at: position, module: resolved.fromModule,
                                              layer: from, declaration: declaration, message: message)
            violation.related = context.relatedUses(group) + Self.requirementSites(of: group, among: requirementMet, context: context)
            context.setTarget(target, of: &violation)
            return violation
        }
    }

    /// A protocol's property requirement typed with the concrete class (`var interactor:
    /// GuideEarningsInteractor! { get set }`) makes every adopter hold that class: one problem,
    /// whose fix is the requirement's type. The adopters' properties are its other sites.
    static func requirementSites(of group: [CrossLayerReference], among met: [CrossLayerReference], context: RuleContext) -> [RelatedLocation] {
        let first = group[0].resolved
        guard let requirer = context.index.owner(ofDeclaration: first.reference.context, inFile: first.file), requirer.kind == .protocol,
              let member = first.reference.member else { return [] }
        return met.filter { crossing in
            guard crossing.target.id == group[0].target.id, crossing.resolved.reference.member == member,
                  let owner = context.index.owner(ofDeclaration: crossing.resolved.reference.context, inFile: crossing.resolved.file) else { return false }
            return context.protocolsRequiring(property: member, of: owner).contains { $0.protocol.id == requirer.id }
        }.map { crossing in
            RelatedLocation(file: context.index.files[crossing.resolved.file].path, position: crossing.resolved.reference.position,
                            message: "held to meet the requirement: '\(crossing.target.qualifiedName)'")
        }
    }

    /// A Presenter or Interactor downcasting a value it holds through a protocol to a project
    /// class behind it (`userState as? UserState`): whatever layer the class has, the cast undoes
    /// the protocol the builder injected.
    static func downcastsAroundProtocols(_ context: RuleContext, known: [CrossLayerReference]) -> [CrossLayerReference] {
        let seen = Set(known.map { "\($0.resolved.file):\($0.resolved.reference.position)" })
        let casts = context.index.resolvedReferences.filter { resolved in
            guard resolved.reference.kind == .cast, let from = resolved.fromLayer else { return false }
            return from == .presenter || from == .interactor
        }
        guard !casts.isEmpty else { return [] }
        // The objects a type builds itself (`items.append(AssetsItem(...))`), or has a helper of
        // no layer build for it (an item factory it holds): casting its own items back to their
        // classes undoes no protocol a builder handed it.
        let owner = { (resolved: ResolvedReference) in
            context.index.ownerID(ofDeclaration: resolved.reference.context, inFile: resolved.file)
        }
        var builders: [Int: Set<Int>] = [:]
        var helpers: [Int: Set<Int>] = [:]
        let castOwners = Set(casts.compactMap(owner))
        for resolved in context.index.resolvedReferences {
            guard let source = owner(resolved) else { continue }
            if resolved.reference.kind == .instantiation { builders[resolved.target, default: []].insert(source) }
            // A helper held through its protocol (`itemFactory: WalletItemFactoryProtocol`) is its classes.
            let target = context.index.symbols[resolved.target]
            if castOwners.contains(source), target.layer.layer == nil {
                helpers[source, default: []].formUnion(WeakBackReferenceRule.implementations(of: target, context: context).map(\.id))
            }
        }
        func buildsItself(_ owner: Int?, _ target: Int) -> Bool {
            guard let owner, let builtBy = builders[target] else { return false }
            return builtBy.contains(owner) || !builtBy.isDisjoint(with: helpers[owner] ?? [])
        }
        return casts.compactMap { resolved in
            guard !seen.contains("\(resolved.file):\(resolved.reference.position)"), let from = resolved.fromLayer else { return nil }
            let target = context.index.symbols[resolved.target]
            guard target.kind == .class, target.layer.layer == nil || target.layer.layer == .service, !buildsItself(owner(resolved), target.id),
                  context.index.protocols(conformedToBy: target).contains(where: { !context.index.declaration(of: $0).hasAssociatedTypes })
            else { return nil }
            return CrossLayerReference(resolved: resolved, from: from, to: .service, in: context.index)
        }
    }

    /// A Presenter or Interactor holding or building one of the project's SwiftUI views
    /// (`[SettingsRow<AnyView>]`, `GoogleMapsView(...)`): the screen's View is made outside it.
    /// A view the module's Router builds (`func makeHomeView() -> HomeView`) is one the Presenter
    /// may hand on as a destination (`NavigationLink(destination: presenter.showHome())`).
    static func isSwiftUIViewOfScreen(_ crossing: CrossLayerReference, context: RuleContext) -> Bool {
        guard crossing.from == .presenter || crossing.from == .interactor, crossing.to == .view,
              crossing.target.kind == .struct,
              context.index.adopts(anyOf: ["View", "UIViewRepresentable", "UIViewControllerRepresentable"], crossing.target) else { return false }
        return !(crossing.from == .presenter && isBuiltByRouter(crossing.target, context: context))
    }

    /// Whether a Router's function returns the view (the Router builds it).
    static func isBuiltByRouter(_ view: TypeSymbol, context: RuleContext) -> Bool {
        context.index.files.indices.contains { fileIndex in
            let facts = context.index.files[fileIndex].facts
            return facts.functions.contains { function in
                function.resultTypeNames.contains(view.name)
                    && context.index.owner(ofDeclaration: function.location.context, inFile: fileIndex)?.layer.layer == .router
            }
        }
    }

    /// What replaces a downcast: the protocol offers what the cast was for.
    static func castFix(for target: TypeSymbol, context: RuleContext) -> String {
        let protocols = context.index.protocols(conformedToBy: target).filter { !context.index.declaration(of: $0).hasAssociatedTypes }.map(\.qualifiedName)
        guard !protocols.isEmpty else {
            return "'\(target.name)' conforms to no protocol of the project: declare one with what the cast is for, "
                + "make '\(target.name)' conform and cast to the protocol instead."
        }
        let list = protocols.map { "'\($0)'" }.joined(separator: " or ")
        return "Declare what the cast is for in \(list) (which '\(target.name)' conforms to) and use it through the protocol, without the cast."
    }

    private func reach(from: Layer, to: Layer, target: TypeSymbol, context: RuleContext) -> String {
        if target.layer.layer == nil { return "\(from.name) must reach what a builder injects through its protocol." }
        let allowed = context.ruleSet.dependencies(of: from)
        if allowed.viaProtocol.contains(to) && !allowed.allow.contains(to) { return "\(from.name) may reach \(to.name) only through a protocol." }
        return "\(from.name) must reach data access through a protocol, so tests can replace it."
    }

    /// An Interactor's stored property of a concrete data-access class (`let dataManager:
    /// CartDataManager`): a concrete dependency even where the matrix allows the layer.
    private func isHeldDataAccess(_ crossing: CrossLayerReference, context: RuleContext) -> Bool {
        guard crossing.from == .interactor, crossing.to != .interactor, crossing.resolved.reference.kind == .annotation,
              dataAccessSuffixes.contains(where: { crossing.target.name.hasSuffix($0) }),
              !Self.isBaseClass(crossing.target, context: context) else { return false }
        return Self.verb(crossing.resolved.reference, file: crossing.resolved.file, context: context) == "holds"
    }

    /// A class other project types inherit from (`Repository<Key, Value>` under
    /// `GuideRepositoryProtocol: Repository<UUID, Guide>`) is already the abstraction.
    private static func isBaseClass(_ target: TypeSymbol, context: RuleContext) -> Bool {
        context.index.symbols.contains { symbol in
            symbol.id != target.id && context.index.declaration(of: symbol).inherited.contains {
                $0 == target.name || $0 == target.qualifiedName
            }
        }
    }

    /// `@EnvironmentObject var presenter: HomePresenter`: SwiftUI needs the concrete class there.
    static func isWrappedForSwiftUI(_ resolved: ResolvedReference, context: RuleContext) -> Bool {
        guard let owner = context.index.owner(ofDeclaration: resolved.reference.context, inFile: resolved.file) else { return false }
        return context.index.storedProperties(of: owner).contains {
            $0.file == resolved.file && $0.property.position.line == resolved.reference.position.line
                && $0.property.attributes.contains(where: concreteWrappers.contains)
        }
    }

    /// A SwiftUI view naming its presenter's class other than in a stored property: the type
    /// argument of a generic subview or an environment lookup (`Row<HomePresenter>()`,
    /// `.environmentObject(...)`), where SwiftUI needs the observable class itself.
    static func specializesSwiftUIView(_ crossing: CrossLayerReference, context: RuleContext) -> Bool {
        let resolved = crossing.resolved
        guard crossing.from == .view, let owner = context.index.owner(ofDeclaration: resolved.reference.context, inFile: resolved.file),
              owner.kind == .struct, owner.conformances.contains(where: { $0 == "View" || $0 == "SwiftUI.View" }) else { return false }
        return verb(resolved.reference, file: resolved.file, context: context) != "holds"
    }

    /// `var interactor: HomeInteractor!` meeting `var interactor: Interactor! { get set }` of a
    /// protocol the type adopts (an associated type): a protocol type there would not compile,
    /// since a property requirement is met only by its exact type.
    static func meetsProtocolRequirement(_ resolved: ResolvedReference, context: RuleContext) -> Bool {
        guard let member = resolved.reference.member,
              let owner = context.index.owner(ofDeclaration: resolved.reference.context, inFile: resolved.file),
              verb(resolved.reference, file: resolved.file, context: context) == "holds" else { return false }
        return context.protocolRequirement(named: member, of: owner) != nil
    }

    static func verb(_ reference: TypeReferenceFact, file: Int, context: RuleContext) -> String {
        switch reference.kind {
        case .annotation, .genericArgument:
            let owner = context.index.owner(ofDeclaration: reference.context, inFile: file)
            let isStoredProperty = owner.map { context.index.storedProperties(of: $0) }?.contains {
                $0.file == file && $0.property.name == reference.member && $0.property.position.line == reference.position.line
            } ?? false
            return isStoredProperty ? "holds" : "uses the type of"
        case .conformance: return "inherits from"
        case .instantiation: return "creates"
        case .staticAccess: return "calls a static member of"
        case .cast: return "casts to"
        case .expression: return "names"
        }
    }

    /// Names the protocols to depend on instead: those the concrete type conforms to, the
    /// ones named for the depending layer first (`HomeInteractorOutput` for an Interactor).
    /// The members the holder reaches through a stored property of the concrete type
    /// (`interactor.loginWithFacebook()`, `presenter.isOpen = true`), in source order.
    static func membersUsed(through resolved: ResolvedReference, context: RuleContext) -> [String] {
        guard verb(resolved.reference, file: resolved.file, context: context) == "holds", let property = resolved.reference.member,
              let owner = context.index.ownerID(ofDeclaration: resolved.reference.context, inFile: resolved.file) else { return [] }
        var used: [String] = []
        for (fileIndex, file) in context.index.files.enumerated() {
            let chains = file.facts.calls.map { ($0.chain, $0.location) } + file.facts.memberReads.map { ($0.chain, $0.location) }
                + file.facts.assignments.map { ($0.target, $0.location) }
            for (chain, location) in chains where chain.count >= 2 && chain[0] == property && !used.contains(chain[1]) {
                guard context.index.ownerID(ofDeclaration: location.context, inFile: fileIndex) == owner else { continue }
                used.append(chain[1])
            }
        }
        return used
    }

    /// The members a protocol declares, with those of the protocols it refines and of its
    /// extensions (what a value of the protocol's type can be asked for).
    static func members(of protocolSymbol: TypeSymbol, context: RuleContext) -> Set<String> {
        var names = Set<String>()
        var pending = [protocolSymbol]
        var seen = Set<Int>()
        while let symbol = pending.popLast(), seen.insert(symbol.id).inserted {
            for (fileIndex, file) in context.index.files.enumerated() {
                let scopes = Set(file.facts.types.indices.filter { index in
                    fileIndex == symbol.file && index == symbol.declaration
                        || (file.facts.types[index].kind == .extension && file.facts.types[index].name == symbol.name)
                })
                guard !scopes.isEmpty else { continue }
                names.formUnion(file.facts.functions.filter { $0.location.context.map(scopes.contains) == true }.map(\.name))
                for scope in scopes { names.formUnion(file.facts.types[scope].properties.map(\.name)) }
            }
            let declaration = context.index.declaration(of: symbol)
            names.formUnion(declaration.properties.map(\.name))
            pending += declaration.inherited.compactMap { context.index.resolve($0, from: nil, inFile: symbol.file) }.filter { $0.kind == .protocol }
        }
        return names
    }

    /// The fewest of `protocols` that together offer every member in `used` (`AlertPresentable &
    /// EmailPresentable` for a router whose alert and mail methods two protocols declare), in
    /// the order given; nil when they do not, or when one alone would.
    static func composition(of protocols: [String], offering used: [String], from target: TypeSymbol, context: RuleContext) -> [String]? {
        guard !used.isEmpty else { return nil }
        let offered = protocols.map { name in
            (name, Set(context.index.resolve(name, from: nil, inFile: target.file).map { members(of: $0, context: context) } ?? []))
        }
        var chosen: [String] = []
        var lacking = Set(used)
        while !lacking.isEmpty {
            guard let best = offered.filter({ !chosen.contains($0.0) }).max(by: { $0.1.intersection(lacking).count < $1.1.intersection(lacking).count }),
                  !best.1.isDisjoint(with: lacking) else { return nil }
            chosen.append(best.0)
            lacking.subtract(best.1)
        }
        return chosen.count > 1 ? protocols.filter(chosen.contains) : nil
    }

    static func fix(for target: TypeSymbol, from: Layer, using used: [String] = [], context: RuleContext) -> String {
        var protocols: [String] = []
        // Its own protocols, then those it inherits from its project superclasses.
        var current: TypeSymbol? = target
        var seen: Set<Int> = []
        while let type = current, seen.insert(type.id).inserted {
            // A protocol with associated types cannot be what a property holds.
            for symbol in context.index.protocols(conformedToBy: type)
            where !protocols.contains(symbol.qualifiedName) && !context.index.declaration(of: symbol).hasAssociatedTypes {
                protocols.append(symbol.qualifiedName)
            }
            current = context.index.declaration(of: type).inherited.first
                .flatMap { context.index.resolve($0, from: nil, inFile: type.file) }.flatMap { $0.kind == .class ? $0 : nil }
        }
        let shownUsed = used.isEmpty ? "" : " (" + used.prefix(4).map { "'\($0)'" }.joined(separator: ", ") + (used.count > 4 ? " and \(used.count - 4) more" : "") + ")"
        if protocols.isEmpty {
            let generic = context.index.protocols(conformedToBy: target).filter { context.index.declaration(of: $0).hasAssociatedTypes }.map(\.name)
            let conforms = generic.isEmpty ? "conforms to no protocol of the project"
                : "conforms to no protocol a property can hold (\(generic.map { "'\($0)'" }.joined(separator: ", ")) \(generic.count == 1 ? "has" : "have") associated types)"
            return "'\(target.name)' \(conforms): declare one for what \(from.name) needs\(shownUsed), "
                + "make '\(target.name)' conform, depend on the protocol and let a builder inject the instance."
        }
        let fromSuffixes = context.ruleSet.signals(from).typeSuffixes + [from.name]
        let named = protocols.filter { name in fromSuffixes.contains { name.contains($0) } }
        let preferred = named.isEmpty ? protocols : named
        // The fix compiles only with a protocol that offers every member the holder uses.
        let missing = preferred.map { name -> (String, [String]) in
            let declared = context.index.resolve(name, from: nil, inFile: target.file).map { members(of: $0, context: context) } ?? []
            return (name, used.filter { !declared.contains($0) })
        }
        let complete = missing.filter { $0.1.isEmpty }.map(\.0)
        if complete.isEmpty, let composition = composition(of: protocols, offering: used, from: target, context: context) {
            return "Depend on '\(composition.joined(separator: " & "))' (which '\(target.name)' conforms to) and let a builder inject the instance."
        }
        guard !complete.isEmpty else {
            // `preferred` is never empty here: a type with no protocol was answered above.
            let (closest, lacking) = missing.min { $0.1.count < $1.1.count }!
            let shown = lacking.prefix(4).map { "'\($0)'" }.joined(separator: ", ") + (lacking.count > 4 ? " and \(lacking.count - 4) more" : "")
            // None of what is used is offered: its protocols serve someone else (its delegate's).
            if lacking.count == used.count {
                return "Its protocols (\(preferred.map { "'\($0)'" }.joined(separator: ", "))) offer none of what \(from.name) uses: declare a protocol "
                    + "with \(shown), make '\(target.name)' conform, depend on the protocol and let a builder inject the instance."
            }
            return "Declare \(shown) in '\(closest)' (which '\(target.name)' conforms to), depend on it and let a builder inject the instance."
        }
        let list = complete.map { "'\($0)'" }.joined(separator: " or ")
        return "Depend on \(list) (which '\(target.name)' conforms to) and let a builder inject the instance."
    }

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("A Presenter keeps the screen's rows as SwiftUI views (a view through the app's own protocol)", files: [
                ("Settings/SettingsInteractor.swift", "final class SettingsInteractor {}\n"),
                ("Common/ContainerView.swift", "import SwiftUI\n\nprotocol ContainerView: View {}\n"),
                ("Settings/Views/SettingsRow.swift", """
                    import SwiftUI

                    struct SettingsRow: ContainerView {
                        let title: String

                        var body: some View { Text(title) }
                    }
                    """),
                ("Settings/SettingsPresenter.swift", """
                    import Combine

                    final class SettingsPresenter: ObservableObject {
                        @Published private(set) var rows: [↓SettingsRow] = []

                        func load() {
                            rows = [SettingsRow(title: "Log out")]
                        }
                    }
                    """),
            ]),
            RuleExample("A Presenter downcasts the state object it was injected through a protocol", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Common/UserState.swift", """
                    import Combine

                    protocol UserStateProtocol: AnyObject {
                        var isLoggedIn: Bool { get }
                    }

                    final class UserState: UserStateProtocol, ObservableObject {
                        @Published var isLoggedIn = false
                    }
                    """),
                ("Home/HomePresenter.swift", """
                    final class HomePresenter {
                        let userState: UserStateProtocol

                        init(userState: UserStateProtocol) {
                            self.userState = userState
                        }

                        func subscribe() {
                            guard let state = userState as? ↓UserState else { return }
                            _ = state.$isLoggedIn
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor holds its Presenter's class instead of its output protocol", files: [
                ("Home/HomePresenter.swift", """
                    protocol HomeInteractorOutput: AnyObject {
                        func didLoad()
                    }

                    final class HomePresenter: HomeInteractorOutput {
                        func didLoad() {}
                    }
                    """),
                ("Home/HomeInteractor.swift", """
                    final class HomeInteractor {
                        weak var presenter: ↓HomePresenter?
                    }
                    """),
            ]),
            RuleExample("A View takes its Presenter's class as a parameter", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewController.swift", """
                    final class HomeViewController {
                        func attach(to presenter: ↓HomePresenter) {}
                    }
                    """),
            ]),
            RuleExample("A Presenter casts its view to the view controller class", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomeViewController.swift", """
                    protocol HomeViewInput: AnyObject {}

                    final class HomeViewController: HomeViewInput {}
                    """),
                ("Home/HomePresenter.swift", """
                    final class HomePresenter {
                        weak var view: HomeViewInput?

                        func refresh() {
                            let controller = view as? ↓HomeViewController
                            _ = controller
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor holds a concrete data manager that has a protocol", files: [
                ("Cart/CartPresenter.swift", "final class CartPresenter {}\n"),
                ("Services/CartDataManager.swift", """
                    protocol CartDataManaging: AnyObject {
                        func productIDs() -> [Int]
                    }

                    final class CartDataManager: CartDataManaging {
                        func productIDs() -> [Int] { [] }
                    }
                    """),
                ("Cart/CartInteractor.swift", """
                    final class CartInteractor {
                        private let dataManager: ↓CartDataManager

                        init(dataManager: CartDataManager) {
                            self.dataManager = dataManager
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor holds a concrete repository", files: [
                ("Profile/ProfilePresenter.swift", "final class ProfilePresenter {}\n"),
                ("Data/UserRepository.swift", "final class UserRepository {\n    func currentUser() -> String { \"\" }\n}\n"),
                ("Profile/ProfileInteractor.swift", """
                    final class ProfileInteractor {
                        var repository: ↓UserRepository?
                    }
                    """),
            ]),
        ],
        nonTriggering: [
            RuleExample("A SwiftUI Presenter hands on the destination view its Router builds", files: [
                ("Root/RootInteractor.swift", "final class RootInteractor {}\n"),
                ("Home/HomeView.swift", "import SwiftUI\n\nstruct HomeView: View {\n    var body: some View { Text(\"Home\") }\n}\n"),
                ("Root/RootRouter.swift", """
                    protocol RootRouting {
                        func makeHomeView() -> HomeView
                    }

                    final class RootRouter: RootRouting {
                        func makeHomeView() -> HomeView { HomeView() }
                    }
                    """),
                ("Root/RootPresenter.swift", """
                    import Combine

                    final class RootPresenter: ObservableObject {
                        private let router: RootRouting

                        init(router: RootRouting) {
                            self.router = router
                        }

                        func showHomeView() -> HomeView {
                            router.makeHomeView()
                        }
                    }
                    """),
            ]),
            RuleExample("A Presenter keeps display items that its SwiftUI View turns into rows", files: [
                ("Settings/SettingsInteractor.swift", "final class SettingsInteractor {}\n"),
                ("Settings/Views/SettingsItem.swift", "struct SettingsItem: Identifiable {\n    let id: Int\n    let title: String\n}\n"),
                ("Settings/Views/SettingsPage.swift", """
                    import SwiftUI

                    struct SettingsPage: View {
                        let items: [SettingsItem]

                        var body: some View { List(items) { Text($0.title) } }
                    }
                    """),
                ("Settings/SettingsPresenter.swift", """
                    import Combine

                    final class SettingsPresenter: ObservableObject {
                        @Published private(set) var items: [SettingsItem] = []
                    }
                    """),
            ]),
            RuleExample("A Presenter picks its own table items, which it builds itself, out of its list by class", files: [
                ("Wallet/WalletInteractor.swift", "final class WalletInteractor {}\n"),
                ("Wallet/WalletItems.swift", """
                    protocol WalletItem: AnyObject {}

                    final class AssetsItem: WalletItem {
                        var isHidden = false
                    }

                    final class PoolsItem: WalletItem {}
                    """),
                ("Wallet/WalletPresenter.swift", """
                    final class WalletPresenter {
                        private var items: [WalletItem] = []

                        func reload() {
                            items = [AssetsItem(), PoolsItem()]
                        }

                        func hideAssets() {
                            items.compactMap { $0 as? AssetsItem }.forEach { $0.isHidden = true }
                        }
                    }
                    """),
            ]),
            RuleExample("A Presenter picks the table items its own item factory (held through its protocol) built out of its list by class", files: [
                ("Wallet/WalletInteractor.swift", "final class WalletInteractor {}\n"),
                ("Wallet/WalletItems.swift", """
                    protocol WalletItem: AnyObject {}

                    final class AssetsItem: WalletItem {
                        var isHidden = false
                    }
                    """),
                ("Wallet/WalletItemFactory.swift", """
                    protocol WalletItemFactoryProtocol {
                        func makeItems() -> [WalletItem]
                    }

                    final class WalletItemFactory: WalletItemFactoryProtocol {
                        func makeItems() -> [WalletItem] { [AssetsItem()] }
                    }
                    """),
                ("Wallet/WalletPresenter.swift", """
                    final class WalletPresenter {
                        private let itemFactory: WalletItemFactoryProtocol
                        private var items: [WalletItem] = []

                        init(itemFactory: WalletItemFactoryProtocol) {
                            self.itemFactory = itemFactory
                        }

                        func reload() {
                            items = itemFactory.makeItems()
                        }

                        func hideAssets() {
                            items.compactMap { $0 as? AssetsItem }.forEach { $0.isHidden = true }
                        }
                    }
                    """),
            ]),
            RuleExample("A View casts a dequeued cell to its own cell class", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Common/Reusable.swift", "protocol Reusable {}\n"),
                ("Home/ArticleCell.swift", "import UIKit\nfinal class ArticleCell: UITableViewCell, Reusable {}\n"),
                ("Home/HomeViewController.swift", """
                    import UIKit

                    final class HomeViewController: UIViewController {
                        let tableView = UITableView()

                        func cell(at indexPath: IndexPath) -> UITableViewCell {
                            let cell = tableView.dequeueReusableCell(withIdentifier: "Article", for: indexPath)
                            return (cell as? ArticleCell) ?? cell
                        }
                    }
                    """),
            ]),
            RuleExample("A reusable view's delegate protocol names the view it reports for (UIKit's convention)", files: [
                ("Common/View/ErrorStateView.swift", """
                    import UIKit

                    protocol ErrorStateViewDelegate: AnyObject {
                        func didRetry(errorView: ErrorStateView)
                    }

                    final class ErrorStateView: UIView {
                        weak var delegate: ErrorStateViewDelegate?
                    }
                    """),
                ("Modules/Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Modules/Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Modules/Home/HomeViewController.swift", """
                    import UIKit

                    final class HomeViewController: UIViewController, ErrorStateViewDelegate {
                        func didRetry(errorView: ErrorStateView) {}
                    }
                    """),
            ]),
            RuleExample("A view controller's factory resolves its presenter from a DI container by its class", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewController.swift", """
                    final class HomeViewController {
                        static func instantiate(container: Container) -> HomeViewController {
                            let controller = HomeViewController()
                            _ = container.resolve(HomePresenter.self)
                            return controller
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor holds its data manager through a protocol", files: [
                ("Cart/CartPresenter.swift", "final class CartPresenter {}\n"),
                ("Services/CartDataManager.swift", """
                    protocol CartDataManaging: AnyObject {}

                    final class CartDataManager: CartDataManaging {}
                    """),
                ("Cart/CartInteractor.swift", """
                    final class CartInteractor {
                        private let dataManager: CartDataManaging

                        init(dataManager: CartDataManager) {
                            self.dataManager = dataManager
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor holds a base repository class that protocols refine (the abstraction)", files: [
                ("Guides/GuidesPresenter.swift", "final class GuidesPresenter {}\n"),
                ("Data/Repository.swift", """
                    class Repository<Key: Hashable, Value> {
                        func get(_ key: Key) -> Value? { nil }
                    }

                    protocol GuideRepositoryProtocol: Repository<String, Int> {}
                    """),
                ("Guides/GuidesInteractor.swift", """
                    final class GuidesInteractor {
                        var repository: Repository<String, Int>

                        init(repository: GuideRepositoryProtocol) {
                            self.repository = repository
                        }
                    }
                    """),
            ]),
            RuleExample("A Clean Swift interactor owns its concrete worker", files: [
                ("ListOrders/ListOrdersPresenter.swift", "final class ListOrdersPresenter {}\n"),
                ("ListOrders/ListOrdersWorker.swift", "final class ListOrdersWorker {}\n"),
                ("ListOrders/ListOrdersInteractor.swift", """
                    final class ListOrdersInteractor {
                        var worker: ListOrdersWorker? = ListOrdersWorker()
                    }
                    """),
            ]),
            RuleExample("A SwiftUI view observes its concrete presenter (SwiftUI needs the class), and a presenter keeps an interactor's result struct", files: [
                ("Home/HomeInteractor.swift", """
                    final class HomeInteractor {
                        struct Result {
                            let count: Int
                        }
                    }
                    """),
                ("Home/HomePresenter.swift", """
                    import Combine

                    final class HomePresenter: ObservableObject {
                        @Published private(set) var title = ""
                        var last: HomeInteractor.Result?
                    }
                    """),
                ("Home/HomeView.swift", """
                    import SwiftUI

                    struct HomeView: View {
                        @EnvironmentObject var presenter: HomePresenter
                        var body: some View { Text(presenter.title) }
                    }
                    """),
            ]),
            RuleExample("An Interactor holds its output protocol", files: [
                ("Home/HomePresenter.swift", """
                    protocol HomeInteractorOutput: AnyObject {}

                    final class HomePresenter: HomeInteractorOutput {}
                    """),
                ("Home/HomeInteractor.swift", """
                    final class HomeInteractor {
                        weak var output: HomeInteractorOutput?
                    }
                    """),
            ]),
            RuleExample("A Presenter holds protocols of its View, Interactor and Router", files: [
                ("Home/HomeContracts.swift", """
                    protocol HomeViewInput: AnyObject {}
                    protocol HomeInteractorInput: AnyObject {}
                    protocol HomeRouterInput: AnyObject {}
                    """),
                ("Home/HomeViewController.swift", "final class HomeViewController: HomeViewInput {}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor: HomeInteractorInput {}\n"),
                ("Home/HomeRouter.swift", "final class HomeRouter: HomeRouterInput {}\n"),
                ("Home/HomePresenter.swift", """
                    final class HomePresenter {
                        weak var view: HomeViewInput?
                        var interactor: HomeInteractorInput?
                        var router: HomeRouterInput?
                    }
                    """),
            ]),
            RuleExample("The Router builds the module from concrete types", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomeRouter.swift", """
                    final class HomeRouter {
                        static func createModule() -> HomePresenter {
                            let presenter = HomePresenter()
                            let interactor = HomeInteractor()
                            _ = interactor
                            return presenter
                        }
                    }
                    """),
            ]),
            RuleExample("A Presenter builds the display model nested in a cell (a value type nested in a View is a view model)", files: [
                ("Orders/View/OrderCell.swift", """
                    final class OrderCell {
                        struct Model {
                            let title: String
                        }
                    }
                    """),
                ("Orders/Presenter/OrdersPresenter.swift", """
                    final class OrdersPresenter {
                        func rows(_ titles: [String]) -> [OrderCell.Model] {
                            titles.map { OrderCell.Model(title: $0) }
                        }
                    }
                    """),
            ]),
            RuleExample("A configuration that allows concrete Presenter -> Interactor references (layer-first VIPER)", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", """
                    final class HomePresenter {
                        let interactor: HomeInteractor

                        init(interactor: HomeInteractor) {
                            self.interactor = interactor
                        }
                    }
                    """),
            ], configuration: """
                {
                  "version": 1,
                  "dependencies": {
                    "Presenter": { "allow": ["Interactor", "ViewModel", "Entity", "Contracts"], "viaProtocol": ["View", "Router"] }
                  }
                }
                """),
        ]
    )
}

/// How the project's modules hold their own collaborators: for each pair of layers, the modules
/// whose `from` types keep a `to` type of their own module in a stored property only through
/// protocols, and those that keep a concrete class. Read from the whole index, so a pre-commit
/// run of one file says what a full run says. A concrete holding where most modules use the
/// protocol is a deviation from the team's own design, and the finding says so (issue 55).
struct HoldingCensus {
    struct Pair: Hashable {
        var from: Layer
        var to: Layer
    }

    private var throughProtocol: [Pair: Set<String>] = [:]
    private var concrete: [Pair: Set<String>] = [:]

    init(_ index: ProjectIndex) {
        for symbol in index.symbols where symbol.kind == .class || symbol.kind == .struct || symbol.kind == .actor {
            guard let from = symbol.layer.layer, let module = symbol.module.module else { continue }
            for (_, property) in index.storedProperties(of: symbol) where !property.isStatic {
                for name in property.typeNames {
                    guard let held = index.resolve(name, from: symbol.declaration, inFile: symbol.file), let to = held.layer.layer,
                          to != from, held.module.module == module else { continue }
                    if held.kind == .protocol {
                        throughProtocol[Pair(from: from, to: to), default: []].insert(module)
                    } else if held.kind == .class || held.kind == .actor {
                        concrete[Pair(from: from, to: to), default: []].insert(module)
                    }
                }
            }
        }
    }

    /// "In 9 other modules the Presenter holds its Router only through a protocol.", when at
    /// least two other modules do and they are at least twice as many as those holding a
    /// concrete class; nil otherwise (no team design to point to).
    func deviation(from: Layer, to: Layer, module: String?) -> String? {
        let pair = Pair(from: from, to: to)
        let concreteModules = concrete[pair] ?? []
        var others = (throughProtocol[pair] ?? []).subtracting(concreteModules)
        if let module { others.remove(module) }
        let concreteOthers = concreteModules.subtracting(module.map { [$0] } ?? [])
        guard others.count >= 2, others.count >= 2 * concreteOthers.count else { return nil }
        return "In \(others.count) other modules the \(from.name) holds its \(to.name) only through a protocol."
    }
}
