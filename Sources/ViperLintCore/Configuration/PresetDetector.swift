/// Looks at a project and decides which preset fits it, and which folder names the preset
/// does not know yet: what `viperlint init` reports and writes.
public struct PresetDetector {
    /// One preset's evidence.
    public struct Score: Sendable {
        public var preset: Preset
        public var points: Int
        /// Human-readable counts: "12 DisplayLogic/BusinessLogic/PresentationLogic protocols".
        public var reasons: [String]
    }

    /// A folder name that holds one layer's types in several modules but is not a known
    /// folder of that layer: `Logic/` holding `*Interactor` types.
    public struct CustomFolder: Sendable, Hashable, Codable {
        public var name: String
        public var layer: Layer
        public var occurrences: Int
    }

    public struct Result: Sendable {
        public var scores: [Score]
        public var preset: Preset
        public var customFolders: [CustomFolder]
        /// Name suffixes of roles that are not layers (`Formatter`, `Provider`), with counts.
        public var extraRoles: [(suffix: String, count: Int)]
        /// What the scan wants said (Objective-C files left out for want of libclang).
        public var notes: [String] = []
        /// Arrows the app's modules use as a rule (`TeamConventions`): allowed in the
        /// configuration `init` writes, listed with their counts under `conventions`.
        public var conventions: [TeamConvention] = []

        /// Whether a convention allows a layer arrow (framework arrows are never allowed).
        private var allowsArrows: Bool {
            conventions.contains { convention in if case .layer = convention.to { true } else { false } }
        }

        /// The rules of the configuration `init` writes: the preset, with the folders it did
        /// not know and the team's conventions allowed.
        public var ruleSet: RuleSet {
            var ruleSet = preset.ruleSet
            for folder in customFolders { ruleSet.layers[folder.layer, default: LayerSignals()].folders.append(folder.name) }
            for convention in conventions { ruleSet.allow(convention) }
            return ruleSet
        }

        /// The configuration `init` writes: the preset, plus the folders it does not know and
        /// the team's conventions (`conventions`, with a `$comment` on how to undo one).
        public func configuration() -> JSONOutput {
            var members: [(String, JSONOutput)] = [("version", .integer(ConfigurationLoader.currentVersion)),
                                                   ("extends", .string(preset.rawValue))]
            if allowsArrows {
                members.append(("$comment", .string("conventions: arrows most modules take, measured by viperlint init and allowed; "
                                                    + "delete an entry to report its findings again ('viperlint lint --explain' lists what each spares)")))
            }
            let base = preset.ruleSet
            let layers = Layer.allCases.compactMap { layer -> (String, JSONOutput)? in
                let added = customFolders.filter { $0.layer == layer }.map(\.name)
                guard !added.isEmpty else { return nil }
                return (layer.name, .object([("folders", .strings(base.signals(layer).folders + added))]))
            }
            if !layers.isEmpty { members.append(("layers", .object(layers))) }
            if allowsArrows {
                members.append(("conventions", RuleSetEncoder.conventions(conventions)))
            }
            return .object(members)
        }
    }

    static let extraRoleSuffixes = ["Formatter", "Provider", "Manager", "Helper", "Factory", "Store", "Composer", "Mapper",
                                    "Validator", "Cache"]

    /// Scores every preset on the project's facts and picks the best, or `preset` when given
    /// (its folders are then the ones that preset does not know).
    public static func inspect(facts: [FileFacts], targets: [BuildTarget], preset: Preset? = nil) -> Result {
        let types = facts.flatMap { file in
            file.types.filter { $0.kind != .extension }.map { DeclaredType(path: file.path, name: $0.name, kind: $0.kind, isNested: $0.parent != nil,
                                                                           isObservable: $0.attributes.contains("Observable")) }
        }
        func count(_ suffixes: [String], kinds: Set<TypeKind>? = nil) -> Int {
            types.filter { type in (kinds?.contains(type.kind) ?? true) && suffixes.contains { type.name.hasSuffix($0) } }.count
        }
        func folders(named names: Set<String>) -> Int {
            Set(facts.flatMap { $0.path.split(separator: "/").dropLast().map { String($0).lowercased() } }).intersection(names).count
        }
        var scores: [Score] = []

        // SwuiPWER: layers are build targets.
        let layerTargets = Set(targets.map(\.name)).intersection(["View", "Presenter", "UseCase", "Gateway", "Entity", "Wireframe"])
        let destinationFactories = count(["DestinationCreatable"], kinds: [.protocol])
        scores.append(Score(preset: .swuipwer, points: layerTargets.count >= 3 ? 10 * layerTargets.count + destinationFactories : 0,
                            reasons: [counted(layerTargets.count, "layer target") + " in Package.swift"
                                        + (layerTargets.isEmpty ? "" : " (\(layerTargets.sorted().joined(separator: ", ")))"),
                                      counted(destinationFactories, "*DestinationCreatable protocol")]))

        // Clean Swift: the VIP protocol families and per-scene Models.
        let vip = count(["DisplayLogic", "BusinessLogic", "PresentationLogic", "RoutingLogic", "DataStore", "DataPassing"], kinds: [.protocol])
        let models = count(["Models"], kinds: [.enum])
        let vipScenes = vipMethodFamilies(facts)
        let vipOwnership = vipOwnershipChains(facts)
        scores.append(Score(preset: .cleanSwift, points: vip + 2 * models + 2 * vipScenes + 2 * vipOwnership,
                            reasons: [counted(vip, "DisplayLogic/BusinessLogic/PresentationLogic/RoutingLogic/DataStore protocol"),
                                      counted(models, "*Models enum"),
                                      counted(vipScenes, "scene") + " with the VIP method families (present* in presenters, display* in views)",
                                      counted(vipOwnership, "scene") + " wired as a VIP cycle (views hold interactors, interactors own presenters)"]))

        // SwiftUI template: view states, assemblies, a navigation service.
        let viewStates = count(["ViewState"], kinds: [.class])
        let assemblies = count(["Assembly"])
        let navigationServices = count(["NavigationService"], kinds: [.class])
        let templateFolders = folders(named: ["viewstate", "assembly", "contracts"])
        scores.append(Score(preset: .viperSwiftUI,
                            points: viewStates > 0 ? 2 * viewStates + assemblies + 3 * navigationServices + 2 * templateFolders : 0,
                            reasons: [counted(viewStates, "*ViewState class", plural: "*ViewState classes"), counted(assemblies, "*Assembly type"),
                                      counted(navigationServices, "NavigationService class", plural: "NavigationService classes"),
                                      "\(templateFolders) of the folders ViewState/Assembly/Contracts"]))

        // Layer-first: folders named after layers hold several screens' types; @Observable
        // presenters and interactors count wherever they sit: they are the SwiftUI-era VIPER
        // this preset describes, and no evidence for classic UIKit VIPER (issue 29: a SwiftUI
        // app with 14 of each got the classic preset on two points).
        let layerFirstFolders = layerFirstFolderCount(types)
        let observable = types.filter { type in type.isObservable
            && (type.name.hasSuffix("Presenter") || type.name.hasSuffix("Interactor")) }.count
        scores.append(Score(preset: .viperLayerFirst, points: (layerFirstFolders >= 2 ? 3 * layerFirstFolders : 0) + observable,
                            reasons: [counted(layerFirstFolders, "layer folder") + " holding several screens (Presenters/, Views/, ...)",
                                      counted(observable, "@Observable presenter or interactor", plural: "@Observable presenters and interactors")]))

        // Classic VIPER: routers and wireframes that build modules, UIKit view controllers.
        let routers = count(["Router", "Wireframe"], kinds: [.class, .struct, .enum])
        let controllers = count(["ViewController"], kinds: [.class])
        scores.append(Score(preset: .viper, points: 1 + routers + controllers / 2,
                            reasons: [counted(routers, "*Router/*Wireframe type"), counted(controllers, "view controller")]))

        // Most points wins; ties go to the preset listed first (classic VIPER, the default).
        let order = { (preset: Preset) in Preset.allCases.firstIndex(of: preset) ?? 0 }
        let chosen = preset ?? scores.sorted { ($0.points, order($1.preset)) > ($1.points, order($0.preset)) }[0].preset
        let ruleSet = chosen.ruleSet
        return Result(scores: scores, preset: chosen,
                      customFolders: customFolders(types, ruleSet: ruleSet),
                      extraRoles: extraRoleSuffixes.map { suffix in (suffix, count([suffix])) }.filter { $0.1 >= 2 })
    }

    /// What the detector reads of a declared type (not an extension): copying whole
    /// declarations, with their members, for every type was a tenth of its time.
    struct DeclaredType {
        var path: String
        var name: String
        var kind: TypeKind
        var isNested: Bool
        var isObservable: Bool
    }

    /// How many scenes speak the VIP cycle's method families, whatever their protocols are
    /// called (`IHomePresenter`, `HomePresenterProtocol`): presenters (types named
    /// `*Presenter*`) declaring `present…` methods and views (`*ViewController*`, `*View*`,
    /// `*DisplayLogic`) declaring `display…` methods; the smaller count of the two.
    static func vipMethodFamilies(_ facts: [FileFacts]) -> Int {
        func family(_ name: String, prefix: String) -> Bool {
            guard name.hasPrefix(prefix), let next = name.dropFirst(prefix.count).first else { return false }
            return next.isUppercase
        }
        var presenters = Set<String>()
        var views = Set<String>()
        for file in facts {
            for function in file.functions {
                guard let context = function.location.context else { continue }
                let type = file.types[context]
                // The method's name first: most are neither, and a name search is slower.
                if family(function.name, prefix: "present"), type.name.contains("Presenter") {
                    presenters.insert(type.name)
                } else if family(function.name, prefix: "display"), type.name.contains("View") || type.name.hasSuffix("DisplayLogic") {
                    views.insert(type.name)
                }
            }
        }
        return min(presenters.count, views.count)
    }

    /// How many scenes are wired as the VIP cycle, whatever their methods are called: a view
    /// holds its Interactor and an Interactor holds its Presenter strongly (it owns it; in
    /// VIPER the view holds the presenter and the interactor's output is weak). The smaller
    /// count of the two, so that a few strong outputs of a VIPER app do not make it VIP.
    static func vipOwnershipChains(_ facts: [FileFacts]) -> Int {
        var viewsHoldingInteractors = Set<String>()
        var interactorsOwningPresenters = Set<String>()
        for file in facts {
            for type in file.types where type.kind == .class {
                for property in type.properties where !property.isStatic {
                    let names = property.typeNames
                    if type.name.hasSuffix("ViewController") || type.name.hasSuffix("View"),
                       names.contains(where: { $0.contains("Interactor") || $0.hasSuffix("BusinessLogic") }) {
                        viewsHoldingInteractors.insert(type.name)
                    }
                    if type.name.hasSuffix("Interactor"), property.ownership == .strong,
                       names.contains(where: { $0.contains("Presenter") || $0.hasSuffix("PresentationLogic") }) {
                        interactorsOwningPresenters.insert(type.name)
                    }
                }
            }
        }
        return min(viewsHoldingInteractors.count, interactorsOwningPresenters.count)
    }

    /// Folders named like a layer (`Presenters`) that hold types of two or more screens.
    /// `Views/` does not count: modules keep their subviews there.
    private static func layerFirstFolderCount(_ types: [DeclaredType]) -> Int {
        let layerFolders: [String: String] = ["presenters": "Presenter", "interactors": "Interactor",
                                              "routers": "Router", "router": "Router"]
        var prefixes: [String: Set<String>] = [:]
        for type in types where !type.isNested {
            let path = type.path
            guard let folder = path.split(separator: "/").dropLast().last.map({ String($0).lowercased() }),
                  let suffix = layerFolders[folder], type.name.hasSuffix(suffix) else { continue }
            prefixes[path.split(separator: "/").dropLast().joined(separator: "/"), default: []].insert(String(type.name.dropLast(suffix.count)))
        }
        return prefixes.values.filter { $0.count >= 2 }.count
    }

    /// Folder names that hold only one layer's types (by type-name suffix; every top-level
    /// type of the folder, wherever it occurs, so an `Entities/Section/` folder of a Core Data
    /// class keeps `Section` from becoming a View folder), under two or more different parents,
    /// and that the preset does not know as a layer or grouping folder.
    private static func customFolders(_ types: [DeclaredType], ruleSet: RuleSet) -> [CustomFolder] {
        let known = Set(Layer.allCases.flatMap { ruleSet.signals($0).folders.map { $0.lowercased() } }
            + ruleSet.modules.groupingFolders.map { $0.lowercased() })
        let suffixes = Layer.allCases.flatMap { layer in ruleSet.signals(layer).typeSuffixes.map { ($0, layer) } }
            .sorted { $0.0.count > $1.0.count }
        var layersByFolder: [String: (layers: Set<Layer>, parents: Set<String>, name: String)] = [:]
        var foldersWithOtherTypes = Set<String>()
        for type in types where !type.isNested && type.kind != .protocol && type.kind != .extension {
            let parts = type.path.split(separator: "/").dropLast().map(String.init)
            guard let folder = parts.last, !known.contains(folder.lowercased()) else { continue }
            guard let layer = suffixes.first(where: { type.name.hasSuffix($0.0) })?.1 else {
                foldersWithOtherTypes.insert(folder.lowercased())
                continue
            }
            // A folder named like the type's screen is a module folder, not a layer folder.
            if type.name.hasPrefix(folder) { continue }
            var entry = layersByFolder[folder.lowercased()] ?? ([], [], folder)
            entry.layers.insert(layer)
            entry.parents.insert(parts.dropLast().joined(separator: "/"))
            layersByFolder[folder.lowercased()] = entry
        }
        return layersByFolder.values.filter { $0.layers.count == 1 && $0.parents.count >= 2 && !foldersWithOtherTypes.contains($0.name.lowercased()) }
            .map { CustomFolder(name: $0.name, layer: $0.layers.first!, occurrences: $0.parents.count) }
            .sorted { $0.name < $1.name }
    }
}
