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

        /// Names are resolved on worker threads, then joined in file order.
        init(_ index: ProjectIndex, threads: Int) {
            let usesByFile = ParallelMap.map(Array(index.files.indices), threads: threads) { fileIndex in
                index.files[fileIndex].facts.references.compactMap { reference -> (owner: Int, target: Int, builds: Bool)? in
                    guard reference.kind != .conformance,
                          let owner = index.ownerID(ofDeclaration: reference.context, inFile: fileIndex),
                          let target = index.resolvedID(reference.name, from: reference.context, inFile: fileIndex),
                          target != owner else { return nil }
                    return (owner, target, reference.kind == .instantiation)
                }
            }
            for (owner, target, builds) in usesByFile.joined() {
                named[owner, default: []].insert(target)
                usedBy[target, default: []].insert(owner)
                if builds { builtBy[target, default: []].insert(owner) }
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
            case .view: reason = isNoViewValue(symbol, in: index)
            case .contracts: reason = Self.placementSignals.contains(decision.signal ?? .baseType)
                ? "contracts are protocols: a \(symbol.kind.rawValue) filed there is a helper" : nil
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
        corroborateEntities(&index, uses: uses)
        inferEntitiesFromUse(&index, uses: uses)
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
        if !layers(of: uses.usedBy[symbol.id], in: index).isDisjoint(with: [.presenter, .interactor]) { return nil }
        return "no Presenter or Interactor uses it and its module has no Presenter or View: a navigation helper, not a module's router"
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
        return "a \(symbol.kind.rawValue) that adopts no SwiftUI view protocol is no view"
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
