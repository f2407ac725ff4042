/// The second look at every layer a name, a file or a folder gave: a layer is a conclusion
/// from agreeing evidence (DESIGN.md, "Classification is a judgment from evidence"). What a
/// type does must agree with what its name or place says:
/// - an Assembly builds a module (it names a Presenter, Interactor or Router; a factory of
///   views alone is a view helper);
/// - a Router serves a screen: its module has a Presenter or a View, or a Presenter or
///   Interactor uses it (a lone `HydraRouter` or transition helper is no module's router);
/// - an Interactor serves a screen: its module has a Presenter, a Presenter, View, Router or
///   builder uses it, or it adopts an Interactor protocol;
/// - a View that is a struct or an enum is a SwiftUI view (it adopts `View` and the like);
/// - an Entity is domain data: not a protocol, holding no services, not something only the
///   Presenter or View builds (that is a view model), and, when only its folder or file says
///   Entity, produced or consumed by the Interactor side (or data by its declaration:
///   `Codable`, `NSManagedObject`) and holding or giving no fonts, colours or images (display
///   data);
/// - a view controller that a VIPER screen shows is a screen of its own, not a component of
///   that screen, unless it implements that module's protocol.
/// A layer that fails its check is dropped with a note that says why: the type stays a
/// *candidate*, shown by `classify`, and no finding is ever about it or points at it.
/// Layers a user stated (a config glob, a build target) are never second-guessed.
extension Classifier {
    /// Who uses each type: the project types each type's own code names (not counting the
    /// protocols it adopts), and who creates it.
    struct TypeUses {
        var named: [Int: Set<Int>] = [:]
        var usedBy: [Int: Set<Int>] = [:]
        var builtBy: [Int: Set<Int>] = [:]
        /// Types some code uses as a value's type (a property, parameter or result, a generic
        /// argument, a cast), not only by their members (`NotificationNames.updateTables`).
        var typed: Set<Int> = []

        /// Names are resolved on worker threads, then joined in file order.
        init(_ index: ProjectIndex, threads: Int) {
            let usesByFile = ParallelMap.map(Array(index.files.indices), threads: threads) { fileIndex in
                index.files[fileIndex].facts.references.compactMap { reference -> (owner: Int, target: Int, kind: ReferenceKind)? in
                    guard reference.kind != .conformance,
                          let owner = index.ownerID(ofDeclaration: reference.context, inFile: fileIndex),
                          let target = index.resolvedID(reference.name, from: reference.context, inFile: fileIndex),
                          target != owner else { return nil }
                    return (owner, target, reference.kind)
                }
            }
            for (owner, target, kind) in usesByFile.joined() {
                named[owner, default: []].insert(target)
                usedBy[target, default: []].insert(owner)
                if kind == .instantiation { builtBy[target, default: []].insert(owner) }
                if kind == .annotation || kind == .genericArgument || kind == .cast { typed.insert(target) }
            }
        }
    }

    /// Layers whose types make a module: what an Assembly builds.
    private static let moduleParts: Set<Layer> = [.view, .viewModel, .presenter, .interactor, .router]
    /// Protocols whose adopters are SwiftUI (or UIKit bridge) views.
    private static let viewProtocols: Set<String> = ["View", "ViewModifier", "UIViewRepresentable", "UIViewControllerRepresentable",
                                                     "NSViewRepresentable", "Scene", "Shape", "PreviewProvider"]
    /// Conformances and base types that make a type data by declaration.
    private static let declaredDataMarkers: Set<String> = [
        "NSManagedObject", "Object", "EmbeddedObject", "Codable", "Decodable", "Encodable", "NSCoding", "NSSecureCoding",
        "Mappable", "ImmutableMappable",
    ]
    /// Layers whose use of a type says it is domain data.
    private static let domainUsers: Set<Layer> = [.interactor, .service]

    /// The views and view models outside VIPER modules that a VIPER screen's View, View Model
    /// or Presenter uses, directly or through other such components, and the presenter helpers
    /// its Presenter holds (a shared filter or search sub-presenter): parts of that screen.
    func screenComponents(_ index: ProjectIndex, uses: TypeUses, evidence: Set<String>) -> Set<Int> {
        let screenLayers: Set<Layer> = [.view, .viewModel, .presenter]
        var frontier = index.symbols.indices.filter { id in
            guard let layer = index.symbols[id].layer.layer, let module = index.symbols[id].module.module else { return false }
            return screenLayers.contains(layer) && evidence.contains(module)
        }
        var components = Set<Int>()
        while let id = frontier.popLast() {
            for target in (uses.named[id] ?? []).sorted() where !components.contains(target) {
                let symbol = index.symbols[target]
                let usedByPresenter = index.symbols[id].layer.layer == .presenter
                guard symbol.kind != .protocol,
                      symbol.layer.layer == .view || symbol.layer.layer == .viewModel || (usedByPresenter && symbol.layer.layer == .presenter),
                      !(symbol.module.module.map(evidence.contains) ?? false),
                      !isViewController(symbol, in: index) || adoptsContract(of: evidence, symbol, in: index) else { continue }
                components.insert(target)
                frontier.append(target)
            }
        }
        return components
    }

    /// Base classes that VIPER screens' types of the same layer subclass (a `LoadableEntityPresenter`
    /// in a shared folder under the screens' presenters): that layer's code, wherever they sit.
    func sharedBases(_ index: ProjectIndex, evidence: Set<String>) -> Set<Int> {
        var bases = Set<Int>()
        for symbol in index.symbols where symbol.kind == .class {
            guard let layer = symbol.layer.layer, let module = symbol.module.module, evidence.contains(module) else { continue }
            var current = symbol
            var seen: Set<Int> = [symbol.id]
            while let base = index.declaration(of: current).inherited.first,
                  let next = index.resolve(base, from: nil, inFile: current.file), next.kind == .class, seen.insert(next.id).inserted,
                  next.layer.layer == layer {
                if !(next.module.module.map(evidence.contains) ?? false) { bases.insert(next.id) }
                current = next
            }
        }
        return bases
    }

    /// A view controller is a screen of its own: one that a VIPER screen shows (a legacy MVC
    /// player pushed from a VIPER view) is not a component of that screen.
    private func isViewController(_ symbol: TypeSymbol, in index: ProjectIndex) -> Bool {
        guard symbol.kind == .class else { return false }
        var current = symbol
        var seen: Set<Int> = []
        while seen.insert(current.id).inserted {
            if current.name.hasSuffix("Controller") { return true }
            guard let base = index.declaration(of: current).inherited.first.map({ String($0.split(separator: ".").last ?? "") }) else { return false }
            if base.hasSuffix("Controller") { return true }
            guard let next = index.resolve(base, from: nil, inFile: current.file), next.kind == .class else { return false }
            current = next
        }
        return false
    }

    /// A view controller that implements a VIPER module's protocol (a submodule's input) fills
    /// a slot of that module's wiring.
    private func adoptsContract(of modules: Set<String>, _ symbol: TypeSymbol, in index: ProjectIndex) -> Bool {
        index.protocols(conformedToBy: symbol).contains { $0.module.module.map(modules.contains) ?? false }
    }

    /// Drops the layers that the code does not bear out; see the type's documentation.
    func corroborate(_ index: inout ProjectIndex, uses: TypeUses) {
        let presentersByModule = modulesHaving([.presenter, .view], in: index)
        let presenterModules = modulesHaving([.presenter], in: index)
        // Where most of a project's view controllers in modules with a Presenter are wired to
        // their module's parts, one that is not is MVC code filed there; where few are (a
        // storyboard wires them, a new module not written yet), nothing tells them apart.
        let viewControllers = index.symbols.filter { $0.layer.layer == .view && $0.module.module.map(presenterModules.contains) == true
            && isViewController($0, in: index) }
        let unwired = viewControllers.filter { isUnwiredViewController($0, uses: uses, modulesWithPresenters: presenterModules, in: index) }.count
        let teamWiresViewControllers = viewControllers.count - unwired >= 2 && unwired * 2 < viewControllers.count
        for id in index.symbols.indices where index.symbols[id].kind != .protocol {
            let decision = index.symbols[id].layer
            guard let layer = decision.layer, !decision.isExplicit, decision.signal != .conformance else { continue }
            let symbol = index.symbols[id]
            let reason: String?
            switch layer {
            case .assembly: reason = buildsNothing(symbol, uses: uses, in: index)
            case .router: reason = Self.representableCoordinator(symbol, in: index)
                ?? navigatesNowhere(symbol, uses: uses, modulesWithScreens: presentersByModule, in: index)
            case .interactor: reason = Self.contractName(symbol) ?? servesNoScreen(symbol, uses: uses, modulesWithScreens: presentersByModule, in: index)
            case .presenter: reason = Self.libraryBaseClass(symbol, in: index)
            case .service: reason = Self.holdsViews(symbol, in: index)
            case .view: reason = isNoViewValue(symbol, in: index)
                ?? (teamWiresViewControllers && isUnwiredViewController(symbol, uses: uses, modulesWithPresenters: presenterModules, in: index)
                    ? "a view controller that names no Presenter, Interactor, View Model or Router, adopts no project protocol "
                        + "and no screen part uses, where the project's others do: a plain MVC screen filed in module '\(symbol.module.module ?? "")'"
                    : nil)
            case .contracts: reason = Self.placementSignals.contains(decision.signal ?? .baseType)
                ? "contracts are protocols: \(withArticle(symbol.kind.rawValue)) filed there is a helper" : nil
            default: reason = nil
            }
            guard let reason else { continue }
            // A struct named or placed as a view that is no SwiftUI view carries display data.
            let dataLayer: Layer? = layer == .view && symbol.kind == .struct && activeLayers.contains(.viewModel) ? .viewModel : nil
            index.symbols[id].layer = LayerDecision(
                layer: dataLayer, signal: dataLayer == nil ? nil : decision.signal,
                evidence: dataLayer == nil ? "no layer signal" : decision.evidence + "; \(reason)",
                note: dataLayer == nil ? "candidate \(layer.name) by \(decision.signal?.rawValue ?? "signal") (\(decision.evidence)), but \(reason)" : nil)
        }
        // A struct or enum that sits in a view (so was taken for display data) but holds the
        // view's subviews (`enum ViewType { case seed(view: SeedView) }`) is view code.
        for id in index.symbols.indices where index.symbols[id].layer.layer == .viewModel {
            let symbol = index.symbols[id]
            guard symbol.kind == .struct || symbol.kind == .enum, let signal = symbol.layer.signal, Self.placementSignals.contains(signal),
                  let view = uses.named[id]?.sorted().first(where: { index.symbols[$0].layer.layer == .view && index.symbols[$0].kind == .class })
            else { continue }
            index.symbols[id].layer = LayerDecision(layer: .view, signal: signal,
                                                    evidence: symbol.layer.evidence + "; it holds '\(index.symbols[view].name)', a view: view code")
        }
        presentersByRole(&index, uses: uses)
        entitiesInSceneModels(&index, uses: uses)
        corroborateEntities(&index, uses: uses)
        inferEntitiesFromUse(&index, uses: uses)
        inferServicesFromUse(&index, uses: uses)
    }

    /// A Presenter is the project's own object (a plain object, or a subclass of the project's
    /// presenter base). An Objective-C class named one whose superclass is another library's
    /// class (`@interface PlaceCellPresenter : RETableViewItem`, a table library's row item) is
    /// that library's kind of object. Objective-C only: there the first name after the colon is
    /// the superclass; in Swift it may as well be a protocol.
    static func libraryBaseClass(_ symbol: TypeSymbol, in index: ProjectIndex) -> String? {
        guard symbol.kind == .class, SourceLanguage(path: index.files[symbol.file].path) == .objectiveC,
              let base = index.declaration(of: symbol).inherited.first, index.resolve(base, from: nil, inFile: symbol.file) == nil,
              !["NSObject", "NSProxy"].contains(base), !base.hasSuffix("Presenter") else { return nil }
        return "it subclasses '\(base)', a class of another library, not the project's own presenter"
    }

    /// A view model is display state: it knows neither the view that shows it nor the router.
    /// A class named or placed as one that holds its view through the view's protocol or a
    /// router (`weak var view: ActivityViewProtocol?`, `let wireframe: ActivityWireframeProtocol`)
    /// is the screen's Presenter, whatever its name: that is what it does, and it is judged as
    /// one. (A cell's item that keeps its concrete cell is still display data, and so is a
    /// view model a view or another screen part creates for itself: builders create Presenters.)
    private func presentersByRole(_ index: inout ProjectIndex, uses: TypeUses) {
        guard activeLayers.contains(.presenter) else { return }
        let screenParts: Set<Layer> = [.view, .viewModel, .presenter]
        for id in index.symbols.indices where index.symbols[id].layer.layer == .viewModel && index.symbols[id].kind == .class {
            let decision = index.symbols[id].layer
            guard !decision.isExplicit,
                  !(uses.builtBy[id] ?? []).contains(where: { screenParts.contains(index.symbols[$0].layer.layer ?? .entity) }),
                  let held = heldCollaborator(of: index.symbols[id], layers: [.router], in: index)
                    ?? heldCollaborator(of: index.symbols[id], layers: [.view], kinds: [.protocol], in: index) else { continue }
            index.symbols[id].layer = LayerDecision(
                layer: .presenter, signal: .role,
                evidence: "\(decision.evidence), but it holds the \(held.layer) '\(held.name)' in '\(held.property)': a Presenter's role")
        }
    }

    /// Clean Swift's Models file holds the scene's Request, Response and ViewModel, nested in
    /// its `...Models` enum. A top-level type declared there that declares itself data
    /// (`struct UniversityModel: Codable`) and that an Interactor or Service (a Worker) uses
    /// is none of those: it is the domain data the scene fetches, an Entity, wherever it is filed.
    private func entitiesInSceneModels(_ index: inout ProjectIndex, uses: TypeUses) {
        guard activeLayers.contains(.models), activeLayers.contains(.entity) else { return }
        for id in index.symbols.indices where index.symbols[id].layer.layer == .models {
            let symbol = index.symbols[id]
            let decision = symbol.layer
            guard !decision.isExplicit, decision.signal.map(Self.placementSignals.contains) == true, symbol.kind == .struct || symbol.kind == .class,
                  index.declaration(of: symbol).parent == nil,
                  let marker = symbol.conformances.lazy.map({ String($0.split(separator: ".").last ?? "") }).first(where: Self.declaredDataMarkers.contains),
                  let user = (uses.usedBy[id] ?? []).sorted().first(where: { Self.domainUsers.contains(index.symbols[$0].layer.layer ?? .view) })
            else { continue }
            index.symbols[id].layer = LayerDecision(
                layer: .entity, signal: .role,
                evidence: "\(decision.evidence), but it declares '\(marker)' outside the scene's Models enum and "
                    + "'\(index.symbols[user].name)' (\(index.symbols[user].layer.layer?.name ?? "")) uses it: domain data")
        }
    }

    /// The first stored property of `symbol` that holds a type of one of `layers` and `kinds`
    /// (a class of it, or a protocol its classes adopt), by name.
    private func heldCollaborator(of symbol: TypeSymbol, layers: Set<Layer>, kinds: Set<TypeKind> = [.class, .protocol],
                                  in index: ProjectIndex) -> (property: String, name: String, layer: String)? {
        for (_, property) in index.storedProperties(of: symbol) where !property.isStatic {
            for name in property.typeNames {
                guard let held = index.resolve(name, from: symbol.declaration, inFile: symbol.file), held.id != symbol.id,
                      kinds.contains(held.kind), let layer = held.layer.layer, layers.contains(layer) else { continue }
                return (property.name, held.name, layer.name)
            }
        }
        return nil
    }

    /// Domain data that no name or place announces (`struct ShortWine: Decodable` in a
    /// `ServiceModels/` folder of a framework): a top-level type that declares itself data
    /// (Codable, a Core Data or Realm object) and that an Interactor or Service produces or
    /// consumes is an Entity. One that holds or gives a screen's values (a colour, an image) is
    /// display data, and is left alone.
    /// Domain data is also what such an entity is made of (`Compilation.collectionList:
    /// [Collection]`), until nothing changes.
    private func inferEntitiesFromUse(_ index: inout ProjectIndex, uses: TypeUses) {
        guard activeLayers.contains(.entity) else { return }
        var candidates: [(id: Int, marker: String)] = []
        for id in index.symbols.indices {
            let symbol = index.symbols[id]
            guard symbol.layer.layer == nil, symbol.layer.note == nil, symbol.kind != .protocol,
                  index.declaration(of: symbol).parent == nil,
                  let marker = symbol.conformances.lazy.map({ String($0.split(separator: ".").last ?? "") }).first(where: Self.declaredDataMarkers.contains),
                  displayValue(of: symbol, in: index) == nil else { continue }
            candidates.append((id, marker))
        }
        var grew = true
        while grew {
            grew = false
            for (id, marker) in candidates where index.symbols[id].layer.layer == nil {
                let users = (uses.usedBy[id] ?? []).sorted()
                let reason: String
                if let user = users.first(where: { Self.domainUsers.contains(index.symbols[$0].layer.layer ?? .view) }) {
                    reason = "'\(index.symbols[user].name)' (\(index.symbols[user].layer.layer?.name ?? "")) uses it"
                } else if let holder = users.first(where: { index.symbols[$0].layer.layer == .entity && holds(index.symbols[$0], id, in: index) }) {
                    reason = "the entity '\(index.symbols[holder].name)' is made of it"
                } else { continue }
                index.symbols[id].layer = LayerDecision(layer: .entity, signal: .baseType, evidence: "it declares '\(marker)' and \(reason): domain data")
                grew = true
            }
        }
        // Plain data no conformance announces (`class SMGoal: NSObject` of stored properties
        // and an init, in a `PlainModels/` folder): domain data when a Service its name or role
        // tells (not only its folder) creates it, mapping what it stores or fetches.
        let ioTypes = ruleSet.apis.values.flatMap { $0 }.map(Glob.init)
        for id in index.symbols.indices {
            let symbol = index.symbols[id]
            guard symbol.layer.layer == nil, symbol.layer.note == nil, symbol.kind == .class || symbol.kind == .struct,
                  index.declaration(of: symbol).parent == nil,
                  let service = (uses.builtBy[id] ?? []).sorted().first(where: { user in
                      let decision = index.symbols[user].layer
                      return decision.layer == .service && index.symbols[user].kind != .protocol
                          && (decision.isExplicit || decision.signal == .typeNameSuffix || decision.signal == .role)
                  }),
                  isPlainData(symbol, in: index), heldBehaviour(symbol, ioTypes: ioTypes, in: index) == nil,
                  displayValue(of: symbol, in: index) == nil else { continue }
            index.symbols[id].layer = LayerDecision(
                layer: .entity, signal: .role,
                evidence: "it is plain data (stored properties and initializers) and the Service '\(index.symbols[service].name)' creates it: domain data")
        }
    }

    /// Stored instance properties and initializers only: no methods, no computed members (in its
    /// declaration or any extension of it) and no closures (an alert's action handler is behaviour).
    private func isPlainData(_ symbol: TypeSymbol, in index: ProjectIndex) -> Bool {
        let stored = index.storedProperties(of: symbol).filter { !$0.property.isStatic }
        guard !stored.isEmpty, !stored.contains(where: { $0.property.typeNames.contains(FactVisitor.functionTypeMarker) }) else { return false }
        for (fileIndex, file) in index.files.enumerated() where file.facts.types.contains(where: { $0.name == symbol.name }) {
            if file.facts.functions.contains(where: { function in
                function.kind != .initializer
                    && index.ownerID(ofDeclaration: function.location.context, inFile: fileIndex) == symbol.id
            }) { return false }
        }
        return true
    }

    /// A service that no name or place announces (`FavoritesManager`, `AuthManager`): a
    /// top-level class that an Interactor or Service uses and whose code reaches a Service
    /// (`NetworkService`), itself or through helper classes of no layer (`FavoritesBatcher`
    /// building the `FavoriteBatch` that calls the `NetworkService`). It is the data side's
    /// object, so a View calling it goes around the Interactor as a View calling the
    /// `NetworkService` does. A class only screens use (an image loader a cell calls) stays
    /// a helper; so do analytics and logging, data types and types a name or place already judged.
    private func inferServicesFromUse(_ index: inout ProjectIndex, uses: TypeUses) {
        guard activeLayers.contains(.service) else { return }
        func isHelper(_ symbol: TypeSymbol) -> Bool {
            symbol.layer.layer == nil && symbol.layer.note == nil && (symbol.kind == .class || symbol.kind == .actor)
                && index.declaration(of: symbol).parent == nil
        }
        // What each helper reaches: a Service it names, or a helper that reaches one, until nothing changes.
        var reached: [Int: (service: Int, through: Int?)] = [:]
        var grew = true
        while grew {
            grew = false
            for id in index.symbols.indices where reached[id] == nil && isHelper(index.symbols[id]) {
                for target in (uses.named[id] ?? []).sorted() {
                    if index.symbols[target].layer.layer == .service {
                        reached[id] = (target, nil)
                    } else if let via = reached[target] {
                        reached[id] = (via.service, target)
                    } else { continue }
                    grew = true
                    break
                }
            }
        }
        grew = true
        while grew {
            grew = false
            for (id, via) in reached.sorted(by: { $0.key < $1.key }) where index.symbols[id].layer.layer == nil {
                let symbol = index.symbols[id]
                // A user whose layer only its folder gives (an `AppDelegate` in `Services/`) shows nothing.
                guard !isDeclaredData(symbol, in: index), displayValue(of: symbol, in: index) == nil, !Self.isInfrastructure(symbol.name),
                      let user = (uses.usedBy[id] ?? []).sorted().first(where: {
                          Self.domainUsers.contains(index.symbols[$0].layer.layer ?? .view) && index.symbols[$0].layer.signal != .folderName
                      })
                else { continue }
                let through = via.through.map { " through '\(index.symbols[$0].name)'" } ?? ""
                index.symbols[id].layer = LayerDecision(
                    layer: .service, signal: .role,
                    evidence: "it reaches the Service '\(index.symbols[via.service].name)'\(through) and "
                        + "'\(index.symbols[user].name)' (\(index.symbols[user].layer.layer?.name ?? "")) uses it: the data side's service")
                grew = true
            }
        }
    }

    /// Cross-cutting infrastructure every layer may call (analytics, logging, metrics): it
    /// reaches a service to send what it is told, it is not the data side a screen goes around.
    static func isInfrastructure(_ name: String) -> Bool {
        ["Analytics", "Logger", "Tracker", "Metrics", "Telemetry"].contains { name.contains($0) } || name.hasSuffix("Log")
    }

    /// Whether a stored property of `holder` holds the type `id`.
    private func holds(_ holder: TypeSymbol, _ id: Int, in index: ProjectIndex) -> Bool {
        index.storedProperties(of: holder).contains { file, property in
            property.typeNames.contains { index.resolvedID($0, from: file == holder.file ? holder.declaration : nil, inFile: file) == id }
        }
    }

    /// The modules that have a type of one of `layers` (after the first classification).
    private func modulesHaving(_ layers: Set<Layer>, in index: ProjectIndex) -> Set<String> {
        var modules = Set<String>()
        for symbol in index.symbols where symbol.kind != .protocol {
            if let layer = symbol.layer.layer, layers.contains(layer), let module = symbol.module.module { modules.insert(module) }
        }
        return modules
    }

    private func layers(of ids: Set<Int>?, in index: ProjectIndex) -> Set<Layer> {
        Set((ids ?? []).compactMap { index.symbols[$0].layer.layer })
    }

    private func buildsNothing(_ symbol: TypeSymbol, uses: TypeUses, in index: ProjectIndex) -> String? {
        let named = layers(of: uses.named[symbol.id], in: index)
        if !named.isDisjoint(with: Self.moduleParts.subtracting([.view, .viewModel])) { return nil }
        // Views alone: a factory of views (a cell or placeholder factory) is a view helper, unless
        // it also names its module's other parts through their protocols.
        let namedProtocols = Set((uses.named[symbol.id] ?? []).compactMap { id -> Layer? in
            let target = index.symbols[id]
            return target.kind == .protocol ? protocolNameMatch(target.name)?.layer : nil
        })
        if !namedProtocols.isDisjoint(with: [.presenter, .interactor, .router]) { return nil }
        return "it builds no Presenter, Interactor or Router: a helper (a factory of views at most), not a module's builder"
    }

    /// A Service does work behind the Interactor. A type named one that keeps a window, a view
    /// or a view controller in its stored properties (a toast or alert helper that puts a
    /// controller in its own `UIWindow`) is a helper of the screens it shows itself on.
    static func holdsViews(_ symbol: TypeSymbol, in index: ProjectIndex) -> String? {
        guard symbol.kind == .class || symbol.kind == .actor else { return nil }
        for (_, property) in index.storedProperties(of: symbol) where !property.isStatic {
            for name in property.typeNames {
                let simple = String(name.split(separator: ".").last ?? "")
                let isView: Bool
                if let type = index.resolve(name, from: symbol.declaration, inFile: symbol.file) {
                    isView = type.kind == .class && (WiringGraph.isView(type, in: index) || WiringGraph.isViewPart(type, in: index))
                } else {
                    isView = WiringGraph.viewControllerBases.contains(simple) || WiringGraph.viewPartBases.contains(simple)
                        || ["UINavigationController", "UITabBarController", "UIAlertController", "NSWindow"].contains(simple)
                }
                if isView {
                    return "it keeps '\(simple)' in '\(property.name)': a view helper that shows itself, not a service behind the Interactor"
                }
            }
        }
        return nil
    }

    /// SwiftUI's `Coordinator` of a `UIViewRepresentable` (the UIKit view's delegate) shares
    /// only its name with a navigation coordinator.
    private static func representableCoordinator(_ symbol: TypeSymbol, in index: ProjectIndex) -> String? {
        guard let parent = index.declaration(of: symbol).parent else { return nil }
        let host = index.files[symbol.file].facts.types[parent]
        let adopted = host.inherited.map { String($0.split(separator: ".").last ?? "") }
        guard adopted.contains(where: { $0.hasSuffix("Representable") }) else { return nil }
        return "it is the coordinator a SwiftUI representable view ('\(host.name)') makes for its UIKit delegate"
    }

    private func navigatesNowhere(_ symbol: TypeSymbol, uses: TypeUses, modulesWithScreens: Set<String>, in index: ProjectIndex) -> String? {
        if let module = symbol.module.module, modulesWithScreens.contains(module) { return nil }
        // A screen's Presenter or Interactor that holds it (layer-first VIPER: an app-wide router).
        let users = layers(of: uses.usedBy[symbol.id], in: index)
        if users.contains(.presenter) { return nil }
        // One only Interactors use must still show screens: a `ServiceCoordinator` starting
        // subscriptions is the data side's, whatever its name.
        if users.contains(.interactor) { return showsScreens(symbol, uses: uses, in: index) ? nil
            : "only Interactors use it and it names no screen's part or view controller: a coordinator of services, not a module's router" }
        return "no Presenter or Interactor uses it and its module has no Presenter or View: a navigation helper, not a module's router"
    }

    /// Whether a type's code names a screen: a project View, View Model, Presenter, Router or
    /// Assembly, or a UIKit or SwiftUI container it would show one in.
    private func showsScreens(_ symbol: TypeSymbol, uses: TypeUses, in index: ProjectIndex) -> Bool {
        let screenLayers: Set<Layer> = [.view, .viewModel, .presenter, .router, .assembly]
        if (uses.named[symbol.id] ?? []).contains(where: { index.symbols[$0].kind != .protocol && screenLayers.contains(index.symbols[$0].layer.layer ?? .entity) }) {
            return true
        }
        let containers = ["ViewController", "NavigationController", "Window", "NavigationStack", "NavigationPath"]
        return index.files[symbol.file].facts.references.contains { reference in
            index.ownerID(ofDeclaration: reference.context, inFile: symbol.file) == symbol.id
                && containers.contains { reference.name.hasSuffix($0) }
        }
    }

    private func servesNoScreen(_ symbol: TypeSymbol, uses: TypeUses, modulesWithScreens: Set<String>, in index: ProjectIndex) -> String? {
        if let module = symbol.module.module, modulesWithScreens.contains(module) { return nil }
        let screenParts: Set<Layer> = [.presenter, .view, .viewModel, .router, .assembly, .contracts]
        let users = layers(of: uses.usedBy[symbol.id], in: index)
        if !users.isDisjoint(with: screenParts) { return nil }
        // Its Interactor protocol counts when a screen's part holds it; one only the app's entry
        // point uses (`AppInteractorProtocol` in the scene delegate) is bootstrap code's.
        if index.protocols(conformedToBy: symbol).contains(where: { contract in
            protocolNameMatch(contract.name)?.layer == .interactor
                && !layers(of: uses.usedBy[contract.id], in: index).isDisjoint(with: screenParts)
        }) { return nil }
        // Named with the layer's own word and used by nothing else: the name is the team's
        // word (a screen may not be written yet). A helper that services use is no Interactor.
        if symbol.layer.signal == .typeNameSuffix, symbol.name.hasSuffix(Layer.interactor.name), (uses.usedBy[symbol.id] ?? []).isEmpty {
            return nil
        }
        return "no Presenter, View, Router or builder uses it, no screen holds its Interactor protocol and its module has no screen"
    }

    /// Clean Swift's protocol families (`HomeDataStore`, `HomeBusinessLogic`): a concrete
    /// type with such a name (`CoreDataStore`) is no Interactor.
    private static let contractOnlySuffixes = ["DataStore", "BusinessLogic", "PresentationLogic", "DisplayLogic", "RoutingLogic", "DataPassing"]

    private static func contractName(_ symbol: TypeSymbol) -> String? {
        guard symbol.layer.signal == .typeNameSuffix, let suffix = contractOnlySuffixes.first(where: symbol.name.hasSuffix) else { return nil }
        return "'\(suffix)' names a protocol family of Clean Swift; a concrete \(symbol.kind.rawValue) of that name is a store or a helper"
    }

    /// UIKit and AppKit classes a view class descends from.
    private static let viewClassRoots: Set<String> = ["UIView", "UIViewController", "UIResponder", "NSView", "NSViewController",
                                                      "UITableViewCell", "UICollectionViewCell", "UICollectionReusableView",
                                                      "UITableViewController", "UICollectionViewController", "UINavigationController",
                                                      "UITabBarController", "UIPageViewController", "UIHostingController",
                                                      "UIControl", "UIButton", "UILabel", "UIImageView", "UIScrollView",
                                                      "UITableView", "UICollectionView", "UIStackView", "UITextField", "UITextView"]

    private func isNoViewValue(_ symbol: TypeSymbol, in index: ProjectIndex) -> String? {
        if symbol.kind == .class, let signal = symbol.layer.signal, Self.placementSignals.contains(signal) {
            return isViewClass(symbol, in: index) ? nil
                : "a class there that is no UIKit view or view controller and adopts no View protocol is a helper"
        }
        guard symbol.kind == .struct || symbol.kind == .enum else { return nil }
        if index.adopts(anyOf: Self.viewProtocols, symbol) { return nil }
        return "\(withArticle(symbol.kind.rawValue)) that adopts no SwiftUI view protocol is no view"
    }

    /// A view controller of a module with a Presenter that is no part of that VIPER screen: it
    /// names no Presenter, Interactor, View Model or Router (nor their protocols), adopts no
    /// project protocol and no screen part names it (`AddAddressViewController`, a form the
    /// module's Router builds and pushes, talking to services itself). Where the project wires
    /// its other view controllers, it is MVC code filed in the module: "move it to the
    /// Interactor" has nowhere to go.
    private func isUnwiredViewController(_ symbol: TypeSymbol, uses: TypeUses, modulesWithPresenters: Set<String>, in index: ProjectIndex) -> Bool {
        guard symbol.kind == .class, let module = symbol.module.module, modulesWithPresenters.contains(module),
              isViewController(symbol, in: index) else { return false }
        let screenParts: Set<Layer> = [.presenter, .interactor, .viewModel, .router]
        let isPart = { (id: Int) in
            let layer = index.symbols[id].layer.layer ?? (index.symbols[id].kind == .protocol ? self.protocolNameMatch(index.symbols[id].name)?.layer : nil)
            return layer.map(screenParts.contains) ?? false
        }
        return !(uses.named[symbol.id] ?? []).contains(where: isPart)
            && !(uses.usedBy[symbol.id] ?? []).contains(where: { [.presenter, .interactor, .viewModel].contains(index.symbols[$0].layer.layer ?? .entity) })
            && !symbol.conformances.contains(where: { index.resolve($0, from: nil, inFile: symbol.file)?.kind == .protocol })
    }

    /// A view class: one that descends from a UIKit view class (through project classes, or an
    /// unknown base named like a view), or adopts a View-layer or View-named protocol.
    private func isViewClass(_ symbol: TypeSymbol, in index: ProjectIndex) -> Bool {
        var current = symbol
        var seen: Set<Int> = []
        while seen.insert(current.id).inserted {
            let inherited = index.declaration(of: current).inherited.map { String($0.split(separator: ".").last ?? "") }
            if inherited.contains(where: Self.viewClassRoots.contains) { return true }
            for protocolSymbol in index.protocols(conformedToBy: current) where protocolSymbol.layer.layer == .view
                || protocolNameMatch(protocolSymbol.name)?.layer == .view { return true }
            guard let base = inherited.first else { return false }
            guard let next = index.resolve(base, from: nil, inFile: current.file), next.kind == .class else {
                // An external base class (a UI library's): its name says whether it is a view.
                return base.hasSuffix("View") || base.hasSuffix("Controller") || base.hasSuffix("Cell")
            }
            current = next
        }
        return false
    }

    // MARK: Entities

    private func corroborateEntities(_ index: inout ProjectIndex, uses: TypeUses) {
        let ioTypes = ruleSet.apis.values.flatMap { $0 }.map(Glob.init)
        var candidates: [Int] = []
        for id in index.symbols.indices {
            let decision = index.symbols[id].layer
            guard decision.layer == .entity, !decision.isExplicit, decision.signal != .conformance else { continue }
            candidates.append(id)
        }
        // Domain evidence first, then spread to the types a domain entity is made of
        // (`Article.Author`), until nothing changes.
        var domain = Set(candidates.filter { hasDomainEvidence(index.symbols[$0], uses: uses, in: index) })
        var grew = true
        while grew {
            grew = false
            for id in candidates where !domain.contains(id) {
                if !(uses.usedBy[id] ?? []).isDisjoint(with: domain) || isNested(index.symbols[id], inOneOf: domain, index: index) {
                    domain.insert(id)
                    grew = true
                }
            }
        }
        for id in candidates {
            let symbol = index.symbols[id]
            let decision = symbol.layer
            var reason: String?
            var becomes: Layer?
            if let held = heldBehaviour(symbol, ioTypes: ioTypes, in: index) {
                reason = "it holds '\(held)', a service or a screen's part: state or a helper, not plain data"
            } else if symbol.kind == .enum, !uses.typed.contains(id) {
                reason = "no code holds, takes or returns it, only its members are read (`\(symbol.name).someCase`): a set of constants, not data"
            } else if let signal = decision.signal, Self.placementSignals.contains(signal), !isDeclaredData(symbol, in: index),
                      let shown = displayValue(of: symbol, in: index) {
                reason = "it holds or gives '\(shown)', a value for the screen: display data, not an entity"
                becomes = activeLayers.contains(.viewModel) ? .viewModel : nil
            } else if let builder = builtOnlyForDisplay(symbol, uses: uses, in: index) {
                if isBehaviour(symbol, in: index) {
                    reason = "it is behaviour (methods over private state), not data: a helper the \(builder) builds"
                } else {
                    reason = "only the \(builder) builds it and no Interactor or Service uses it: display data for the View"
                    becomes = activeLayers.contains(.viewModel) ? .viewModel : nil
                }
            } else if !domain.contains(id), let signal = decision.signal, Self.placementSignals.contains(signal) {
                reason = "no Interactor or Service produces or consumes it and it declares no data conformance (Codable, NSManagedObject)"
            }
            guard let reason else { continue }
            index.symbols[id].layer = becomes.map {
                LayerDecision(layer: $0, signal: decision.signal, evidence: decision.evidence + "; \(reason)")
            } ?? LayerDecision(layer: nil, signal: nil, evidence: "no layer signal",
                               note: "candidate Entity by \(decision.signal?.rawValue ?? "signal") (\(decision.evidence)), but \(reason)")
        }
    }

    private func isNested(_ symbol: TypeSymbol, inOneOf owners: Set<Int>, index: ProjectIndex) -> Bool {
        guard let parent = index.declaration(of: symbol).parent,
              let owner = index.ownerID(ofDeclaration: parent, inFile: symbol.file) else { return false }
        return owners.contains(owner)
    }

    private func hasDomainEvidence(_ symbol: TypeSymbol, uses: TypeUses, in index: ProjectIndex) -> Bool {
        if symbol.layer.signal == .baseType || symbol.layer.signal == .typeNameSuffix || isDeclaredData(symbol, in: index) { return true }
        return !layers(of: uses.usedBy[symbol.id], in: index).isDisjoint(with: Self.domainUsers)
    }

    /// Data by the team's word or by declaration: in an `Entities/` folder (a generic `Model/`
    /// folder also holds display items, mappers and stores), or `Codable`, `NSManagedObject`.
    private func isDeclaredData(_ symbol: TypeSymbol, in index: ProjectIndex) -> Bool {
        if index.files[symbol.file].folders.contains(where: { $0.lowercased().hasPrefix("entit") }) { return true }
        let adopted = symbol.conformances.map { String($0.split(separator: ".").last ?? "") }
        return adopted.contains(where: Self.declaredDataMarkers.contains)
    }

    /// A stored property holding a service, an I/O object (`UserDefaults`, a context) or a
    /// screen's part (by its layer or its name).
    private func heldBehaviour(_ symbol: TypeSymbol, ioTypes: [Glob], in index: ProjectIndex) -> String? {
        let behaviour: Set<Layer> = [.service, .interactor, .presenter, .router, .view, .assembly]
        for (file, property) in index.storedProperties(of: symbol) where !property.isStatic {
            for name in property.typeNames {
                // Properties an Objective-C class extension adds sit in another file: resolve from its top level.
                if let target = index.resolve(name, from: file == symbol.file ? symbol.declaration : nil, inFile: file),
                   let layer = target.layer.layer ?? (target.kind == .protocol ? protocolNameMatch(target.name)?.layer : nil),
                   behaviour.contains(layer) {
                    return name
                }
                let simple = String(name.split(separator: ".").last ?? "")
                if ioTypes.contains(where: { $0.matches(simple) }) { return name }
                if Self.behaviourHolderSuffixes.contains(where: { simple.hasSuffix($0) || simple.hasSuffix($0 + "Protocol") }) { return name }
            }
        }
        return nil
    }

    /// UIKit and SwiftUI values that only a screen shows: fonts, colours, images.
    static let displayValueTypes: Set<String> = ["UIFont", "UIColor", "UIImage", "NSAttributedString", "CGColor",
                                                 "Font", "Color", "Image", "NSFont", "NSColor", "NSImage"]

    /// A display value the type's own declaration (or an extension in its file) stores or
    /// returns: `var icon: UIImage?` on a variant enum, a theme's `font: UIFont`.
    private func displayValue(of symbol: TypeSymbol, in index: ProjectIndex) -> String? {
        let facts = index.files[symbol.file].facts
        let own = Set(facts.types.indices.filter { facts.types[$0].name == symbol.name || $0 == symbol.declaration })
        let names = index.declaration(of: symbol).properties.filter { !$0.isStatic }.flatMap(\.typeNames)
            + facts.functions.filter { !$0.isStatic && $0.location.context.map(own.contains) == true }.flatMap(\.resultTypeNames)
        return names.first { Self.displayValueTypes.contains(String($0.split(separator: ".").last ?? "")) }
    }

    /// A class whose state is all private and that offers methods (a filter, a policy, a
    /// calculator): what it gives is answers, not data a screen shows.
    private func isBehaviour(_ symbol: TypeSymbol, in index: ProjectIndex) -> Bool {
        guard symbol.kind == .class else { return false }
        let exposesState = index.storedProperties(of: symbol).contains { _, property in
            !property.isStatic && property.access != "private" && property.access != "fileprivate"
        }
        let facts = index.files[symbol.file].facts
        let hasMethods = facts.functions.contains { $0.kind == .function && !$0.isStatic && $0.location.context == symbol.declaration }
        return hasMethods && !exposesState
    }

    /// The presentation layer that creates a type no Interactor or Service uses.
    private func builtOnlyForDisplay(_ symbol: TypeSymbol, uses: TypeUses, in index: ProjectIndex) -> String? {
        let builders = layers(of: uses.builtBy[symbol.id], in: index)
        let display = builders.intersection([.presenter, .view, .viewModel])
        guard let first = Layer.allCases.first(where: display.contains) else { return nil }
        if !layers(of: uses.usedBy[symbol.id], in: index).isDisjoint(with: Self.domainUsers) { return nil }
        return first.name
    }
}
