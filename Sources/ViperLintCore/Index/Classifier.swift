/// Tells each file and each declared type its module and layer, and builds the
/// `ProjectIndex`. Layer precedence: config glob, type-name suffix, build target (a type's
/// own name beats the target it sits in; for protocols: conforming types, then the name
/// without `protocolSuffixes`), file-name suffix, folder name, base type (`UIViewController`
/// and `NSManagedObject` subclasses). Nested types and extensions follow their enclosing type.
public struct Classifier: Sendable {
    let ruleSet: RuleSet
    private let layerGlobs: [(glob: Glob, layer: Layer)]
    private let moduleGlobs: [Glob]
    /// Target-name globs (case-insensitive, `*ModuleInterface`), in layer order.
    private let targetLayers: [(glob: Glob, layer: Layer)]
    private let typeSuffixes: [(suffix: String, layer: Layer)]
    private let fileSuffixes: [(suffix: String, layer: Layer)]
    private let folderLayers: [String: Layer]
    private let groupingFolders: Set<String>
    private let protocolSuffixes: [String]
    let activeLayers: Set<Layer>

    public init(ruleSet: RuleSet) {
        self.ruleSet = ruleSet
        var layerGlobs: [(Glob, Layer)] = []
        var targetLayers: [(Glob, Layer)] = []
        var typeSuffixes: [(String, Layer)] = []
        var fileSuffixes: [(String, Layer)] = []
        var folderLayers: [String: Layer] = [:]
        for layer in Layer.allCases {
            let signals = ruleSet.signals(layer)
            layerGlobs += signals.paths.map { (Glob($0), layer) }
            targetLayers += signals.targets.map { (Glob($0.lowercased()), layer) }
            typeSuffixes += signals.typeSuffixes.map { ($0, layer) }
            fileSuffixes += signals.fileSuffixes.map { ($0, layer) }
            for folder in signals.folders where folderLayers[folder.lowercased()] == nil { folderLayers[folder.lowercased()] = layer }
        }
        // Longest suffix first, so `ViewModel` wins over `View`; stable for equal lengths.
        let byLength: ((String, Layer), (String, Layer)) -> Bool = { $0.0.count > $1.0.count }
        self.layerGlobs = layerGlobs
        self.moduleGlobs = ruleSet.modules.paths.map(Glob.init)
        self.targetLayers = targetLayers
        self.typeSuffixes = typeSuffixes.enumerated().sorted {
            $0.element.0.count != $1.element.0.count ? byLength($0.element, $1.element) : $0.offset < $1.offset
        }.map(\.element)
        self.fileSuffixes = fileSuffixes.enumerated().sorted {
            $0.element.0.count != $1.element.0.count ? byLength($0.element, $1.element) : $0.offset < $1.offset
        }.map(\.element)
        self.folderLayers = folderLayers
        self.groupingFolders = Set(ruleSet.modules.groupingFolders.map { $0.lowercased() })
        self.protocolSuffixes = ruleSet.protocolSuffixes.sorted { $0.count > $1.count }
        self.activeLayers = Set(ruleSet.activeLayers)
    }

    /// The layer a Swift module name stands for when imported (`import Entity`), if any.
    public func layer(ofImportedModule name: String) -> Layer? { layer(ofTarget: name) }

    /// The layer a build target (or Swift module) name stands for.
    func layer(ofTarget name: String) -> Layer? {
        let lowered = name.lowercased()
        return targetLayers.first { $0.glob.matches(lowered) }?.layer
    }

    // MARK: Building the index

    public func index(files facts: [FileFacts], targets: [BuildTarget]) -> ProjectIndex {
        index(files: facts, targets: targets, reusing: nil)
    }

    /// The index, with the decisions of an earlier run of the same classification inputs
    /// (see `ClassificationMemo`) instead of classifying again, when they are given and fit.
    func index(files facts: [FileFacts], targets: [BuildTarget], reusing decisions: ClassifierDecisions?, threads: Int = 1) -> ProjectIndex {
        let sortedTargets = targets.sorted { $0.folder.count > $1.folder.count }
        let files: [IndexedFile] = ParallelMap.map(facts, threads: threads) { fileFacts in
            let target = sortedTargets.first { fileFacts.path.hasPrefix($0.folder + "/") || $0.folder.isEmpty }
            return IndexedFile(facts: fileFacts, target: target?.name)
        }
        var index = ProjectIndex(files: files, symbols: [], symbolsByName: [:], conformersByProtocol: [:], targets: targets)
        addSymbols(&index)
        addExtensionConformances(&index)
        let aliases = Self.typeAliases(index)
        if !aliases.isEmpty {
            for id in index.symbols.indices {
                index.symbols[id].conformances = Self.expandingAliases(index.symbols[id].conformances, aliases, index)
            }
        }
        if let decisions, decisions.files.count == index.files.count, decisions.symbols.count == index.symbols.count {
            for (fileIndex, decision) in decisions.files.enumerated() {
                index.files[fileIndex].layer = decision.layer
                index.files[fileIndex].module = decision.module
                index.files[fileIndex].explicitLayer = decision.explicitLayer
            }
            for (id, decision) in decisions.symbols.enumerated() {
                index.symbols[id].layer = decision.layer
                index.symbols[id].module = decision.module
                index.symbols[id].isClassBound = decision.isClassBound
            }
            index.conformersByProtocol = decisions.conformersByProtocol
            index.moduleEvidence = decisions.moduleEvidence
        } else {
            classify(&index, threads: threads)
        }
        index.resolvedReferencesByFile = resolveReferences(in: index, threads: threads)
        return index
    }

    /// A conformance list with each project type alias replaced by what it names (`class
    /// HomePresenter: HomeOutput` where `typealias HomeOutput = HomeOutputProtocol & AnyObject`
    /// adopts `HomeOutputProtocol`), through aliases of aliases; a name some type declares is
    /// that type, not an alias.
    private static func expandingAliases(_ names: [String], _ aliases: [String: [String]], _ index: ProjectIndex) -> [String] {
        guard !aliases.isEmpty else { return names }
        var result: [String] = []
        var seen: Set<String> = []
        var pending = Array(names.reversed())
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            if let named = aliases[name], index.symbolsByName[name] == nil {
                pending += named.reversed()
            } else {
                result.append(name)
            }
        }
        return result
    }

    /// Every project type alias by name, with the names it stands for (every declaration's,
    /// where several declare one name).
    private static func typeAliases(_ index: ProjectIndex) -> [String: [String]] {
        var aliases: [String: [String]] = [:]
        for file in index.files {
            for alias in file.facts.typeAliases { aliases[alias.name, default: []] += alias.typeNames }
        }
        return aliases
    }

    /// Every declared type (not extensions) gets a symbol, in file and source order.
    private func addSymbols(_ index: inout ProjectIndex) {
        for fileIndex in index.files.indices {
            let fileFacts = index.files[fileIndex].facts
            index.files[fileIndex].symbolIDs = fileFacts.types.enumerated().map { declarationIndex, declaration in
                guard declaration.kind != .extension else { return nil }
                let id = index.symbols.count
                index.symbols.append(TypeSymbol(
                    id: id, file: fileIndex, declaration: declarationIndex, kind: declaration.kind,
                    name: declaration.name, qualifiedName: declaration.qualifiedName, layer: .none, module: .none,
                    conformances: declaration.inherited, isClassBound: declaration.kind == .class || declaration.kind == .actor))
                index.symbolsByName[declaration.qualifiedName, default: []].append(id)
                return id
            }
        }
        index.nestedNameSuffixes = ProjectIndex.nestedNameSuffixes(of: index.symbolsByName.keys)
    }

    /// Layers and modules of every file and type.
    private func classify(_ index: inout ProjectIndex, threads: Int) {
        // 1. Layers of files and of concrete types (protocols wait for their conformers). A
        // file's own layer depends on nothing else: worked out on the worker threads.
        let fileLayers = ParallelMap.map(index.files, threads: threads) { file in
            var file = file
            file.explicitLayer = explicitLayer(path: file.path, target: file.target)
            return (explicit: file.explicitLayer, layer: fileLayer(file))
        }
        for (fileIndex, decided) in fileLayers.enumerated() {
            index.files[fileIndex].explicitLayer = decided.explicit
            index.files[fileIndex].layer = decided.layer
        }
        for id in index.symbols.indices where index.symbols[id].kind != .protocol {
            index.symbols[id].layer = typeLayer(index.symbols[id], in: index)
        }
        for fileIndex in index.files.indices {
            index.files[fileIndex].layer = placementChecked(fileIndex, in: index)
            if index.files[fileIndex].layer.layer == nil, let decision = baseTypeFileLayer(fileIndex, in: index) {
                index.files[fileIndex].layer = decision
            }
        }
        // 2. Modules, from globs, module folders or name prefixes.
        assignModules(&index)
        mergePluralNamedModules(&index)
        separateSameNamedModules(&index)
        joinWiredModules(&index)
        // 3. Module layers outside a VIPER module are a plain MVC or MVP screen, not VIPER;
        // views and view models that a VIPER screen is composed of (a shared component folder)
        // are that screen's, wherever they sit.
        let uses = TypeUses(index, threads: threads)
        let evidence = modulesWithEvidence(index, uses: uses)
        let components = screenComponents(index, uses: uses, evidence: evidence).union(sharedBases(index, evidence: evidence))
        for id in index.symbols.indices where index.symbols[id].kind != .protocol && !components.contains(id) {
            index.symbols[id].layer = gated(index.symbols[id].layer, module: index.symbols[id].module.module, evidence: evidence)
        }
        for fileIndex in index.files.indices where !index.files[fileIndex].symbolIDs.contains(where: { $0.map(components.contains) ?? false }) {
            index.files[fileIndex].layer = gated(index.files[fileIndex].layer, module: judgedModule(of: fileIndex, in: index, evidence: evidence), evidence: evidence)
        }
        // 4. Protocols: from their conformers, their names, their files.
        computeConformers(&index)
        classifyProtocols(&index, evidence: evidence)
        // 5. What the code does must agree with what names and places said (RoleEvidence):
        // then modules, protocols and files follow the layers that remain.
        corroborate(&index, uses: uses)
        let confirmed = modulesWithEvidence(index, uses: uses)
        // A module that lost its evidence leaves its views to the screens that use them.
        let kept = confirmed == evidence ? components
            : components.union(screenComponents(index, uses: uses, evidence: confirmed)).union(sharedBases(index, evidence: confirmed))
        for id in index.symbols.indices where index.symbols[id].kind != .protocol && !kept.contains(id) {
            index.symbols[id].layer = gated(index.symbols[id].layer, module: index.symbols[id].module.module, evidence: confirmed)
        }
        classifyProtocols(&index, evidence: confirmed)
        for fileIndex in index.files.indices {
            index.files[fileIndex].layer = typesChecked(fileIndex, in: index)
            guard !index.files[fileIndex].symbolIDs.contains(where: { $0.map(kept.contains) ?? false }) else { continue }
            index.files[fileIndex].layer = gated(index.files[fileIndex].layer, module: judgedModule(of: fileIndex, in: index, evidence: confirmed), evidence: confirmed)
        }
        computeClassBound(&index)
        index.moduleEvidence = moduleEvidence(index, uses: uses, confirmed: confirmed)
    }

    /// The roles whose wiring to each other makes a group of types a VIPER module.
    private static let wiringRoles: Set<Layer> = [.view, .viewModel, .presenter, .interactor, .router, .assembly]

    /// Which groups of types (module names) are VIPER modules, by what their code shows: the
    /// gate that lets the layer rules judge a group at all (`modulesWithEvidence`, after the
    /// roles were checked), and inside the group two distinct roles that meet in code (a
    /// builder that creates the View, a Presenter that holds its View's or Interactor's
    /// protocol). Names and folders decide nothing here: they only made the group. A folder
    /// of cells a screen uses, a `Network` folder with an API router, the folder of a lone
    /// `FooModuleInput` protocol: names, not modules.
    /// Where no group's roles meet in code at all (parts wired by storyboards or a runtime
    /// container, or a sketch of empty classes), the code tells no group from another: the
    /// gate's modules are the modules, as the layer rules judge them.
    func moduleEvidence(_ index: ProjectIndex, uses: TypeUses, confirmed: Set<String>) -> [String: ModuleEvidence] {
        var groups = Set<String>()
        var roles: [String: Set<Layer>] = [:]
        var named: [String: Set<Layer>] = [:]
        for symbol in index.symbols {
            guard let module = symbol.module.module else { continue }
            groups.insert(module)
            if let layer = symbol.layer.layer {
                roles[module, default: []].insert(layer)
            } else if let layer = symbol.kind == .protocol ? protocolNameMatch(symbol.name)?.layer : suffixMatch(symbol.name, in: typeSuffixes)?.layer {
                named[module, default: []].insert(layer)
            }
        }
        for file in index.files { if let module = file.module.module { groups.insert(module) } }
        func role(_ id: Int) -> Layer? {
            index.symbols[id].layer.layer.flatMap { Self.wiringRoles.contains($0) ? $0 : nil }
        }
        // The first wiring in id order (declaration order): the same evidence on every run.
        var wiring: [String: String] = [:]
        for owner in uses.named.keys.sorted() {
            guard let module = index.symbols[owner].module.module, confirmed.contains(module), wiring[module] == nil,
                  let ownerRole = role(owner) else { continue }
            for target in uses.named[owner]!.sorted() where index.symbols[target].module.module == module {
                guard let targetRole = role(target), targetRole != ownerRole else { continue }
                let verb = uses.builtBy[target]?.contains(owner) == true ? "creates" : "names"
                wiring[module] = "\(index.symbols[owner].qualifiedName) (\(ownerRole.name)) \(verb) "
                    + "\(index.symbols[target].qualifiedName) (\(targetRole.name))"
                break
            }
        }
        var evidence: [String: ModuleEvidence] = [:]
        let wiresNone = wiring.isEmpty
        for module in groups {
            if wiresNone, confirmed.contains(module), roles[module]?.contains(where: \.isModuleBound) == true {
                let seen = Layer.allCases.filter { roles[module]?.contains($0) == true }.map(\.name)
                evidence[module] = ModuleEvidence(isModule: true, reason: "no module of the project is wired in code; its roles: "
                                                  + (seen.isEmpty ? "none" : seen.joined(separator: ", ")))
                continue
            }
            if let wired = wiring[module] {
                evidence[module] = ModuleEvidence(isModule: true, reason: "wired in code: \(wired)")
                continue
            }
            let seen = Layer.allCases.filter { roles[module]?.contains($0) == true }.map(\.name)
            let byName = Layer.allCases.filter { named[module]?.contains($0) == true && roles[module]?.contains($0) != true }.map(\.name)
            var reason = "no builder wires it and no two of its VIPER roles reference each other"
            if !confirmed.contains(module) { reason += ", and no Interactor or Router of it is wired in code" }
            reason += "; roles seen: " + (seen.isEmpty ? "none" : seen.joined(separator: ", "))
            if !byName.isEmpty { reason += "; by name only: " + byName.joined(separator: ", ") }
            evidence[module] = ModuleEvidence(isModule: false, reason: reason)
        }
        return evidence
    }

    private func classifyProtocols(_ index: inout ProjectIndex, evidence: Set<String>) {
        for id in index.symbols.indices where index.symbols[id].kind == .protocol {
            let layer = protocolLayer(index.symbols[id], in: index)
            index.symbols[id].layer = gated(layer, module: index.symbols[id].module.module, evidence: evidence)
        }
    }

    /// A file that got its layer from its types' names or its place keeps it only while one of
    /// its types still has that layer (or it declares a protocol, or only extensions).
    private func typesChecked(_ fileIndex: Int, in index: ProjectIndex) -> LayerDecision {
        let file = index.files[fileIndex]
        let decision = file.layer
        guard let layer = decision.layer, !decision.isExplicit, decision.signal != .baseType else { return decision }
        let declared = file.symbolIDs.compactMap { $0.map { index.symbols[$0] } }
        // A protocol keeps its file's layer (a contract filed with its layer), except for
        // entities: entities are data, and a mapping or factory protocol in `Models/` is not.
        guard !declared.isEmpty,
              !declared.contains(where: { ($0.kind == .protocol && layer != .entity) || $0.layer.layer == layer }) else { return decision }
        let reasons = declared.compactMap(\.layer.note).first.map { ": \($0)" } ?? ""
        return LayerDecision(layer: nil, signal: nil, evidence: "no layer signal",
                             note: "\(layer.name) by \(decision.signal?.rawValue ?? "signal") (\(decision.evidence)), but none of its types is one\(reasons)")
    }

    /// Each file's references on a worker thread, joined in file order.
    private func resolveReferences(in index: ProjectIndex, threads: Int) -> [[ResolvedReference]] {
        ParallelMap.map(Array(index.files.indices), threads: threads) { fileIndex in
            index.files[fileIndex].facts.references.compactMap { reference -> ResolvedReference? in
                guard let target = index.resolvedID(reference.name, from: reference.context, inFile: fileIndex) else { return nil }
                let from = index.classification(ofDeclaration: reference.context, inFile: fileIndex)
                return ResolvedReference(file: fileIndex, reference: reference, fromLayer: from.layer,
                                         fromModule: from.module, target: target)
            }
        }
    }

    private func addExtensionConformances(_ index: inout ProjectIndex) {
        for fileIndex in index.files.indices {
            for declaration in index.files[fileIndex].facts.types where declaration.kind == .extension
                && !(declaration.inherited.isEmpty && declaration.properties.isEmpty) {
                if let symbol = index.resolve(declaration.name, from: declaration.parent, inFile: fileIndex) {
                    index.symbols[symbol.id].conformances += declaration.inherited
                    index.extensionProperties[symbol.id, default: []] += declaration.properties.map { (fileIndex, $0) }
                }
            }
        }
    }

    private func computeConformers(_ index: inout ProjectIndex) {
        var conformers: [Int: [Int]] = [:]
        for symbol in index.symbols where symbol.kind != .protocol {
            for conformed in index.protocols(conformedToBy: symbol) where !(conformers[conformed.id]?.contains(symbol.id) ?? false) {
                conformers[conformed.id, default: []].append(symbol.id)
            }
        }
        index.conformersByProtocol = conformers
    }

    /// A protocol is class-bound when it inherits `AnyObject`/`class`/`NSObjectProtocol`, is
    /// `@objc`, or inherits a class-bound project protocol or a project class.
    private func computeClassBound(_ index: inout ProjectIndex) {
        let roots: Set<String> = ["AnyObject", "class", "NSObjectProtocol"]
        var changed = true
        while changed {
            changed = false
            for id in index.symbols.indices where index.symbols[id].kind == .protocol && !index.symbols[id].isClassBound {
                let symbol = index.symbols[id]
                let declaration = index.declaration(of: symbol)
                let bound = declaration.attributes.contains("objc") || declaration.inherited.contains { name in
                    if roots.contains(name) { return true }
                    guard let parent = index.resolve(name, from: nil, inFile: symbol.file) else { return false }
                    return parent.isClassBound
                }
                if bound {
                    index.symbols[id].isClassBound = true
                    changed = true
                }
            }
        }
    }

    // MARK: Layers

    private func explicitLayer(path: String, target: String?) -> LayerDecision? {
        if let match = layerGlobs.first(where: { $0.glob.matches(path) }) {
            return LayerDecision(layer: match.layer, signal: .configGlob, evidence: "path matches '\(match.glob.pattern)'")
        }
        if let target, let layer = layer(ofTarget: target) {
            return LayerDecision(layer: layer, signal: .buildTarget, evidence: "in target '\(target)'")
        }
        return nil
    }

    private func suffixMatch(_ name: String, in suffixes: [(suffix: String, layer: Layer)]) -> (suffix: String, layer: Layer)? {
        suffixes.first { name.hasSuffix($0.suffix) }
    }

    private func implicitFileLayer(_ file: IndexedFile, typeName: String?) -> LayerDecision? {
        if let match = suffixMatch(file.fileName, in: fileSuffixes), !isExcluded(typeName, from: match.layer) {
            return LayerDecision(layer: match.layer, signal: .fileNameSuffix, evidence: "file name ends with '\(match.suffix)'")
        }
        for folder in file.folders.reversed() {
            if let layer = folderLayers[folder.lowercased()] {
                if isExcluded(typeName, from: layer) {
                    return LayerDecision(layer: nil, signal: nil, evidence: "no layer signal",
                                         note: "folder '\(folder)' says \(layer.name), but the name ends with a suffix excluded from \(layer.name)")
                }
                return LayerDecision(layer: layer, signal: .folderName, evidence: "in folder '\(folder)'")
            }
        }
        return nil
    }

    private func isExcluded(_ typeName: String?, from layer: Layer) -> Bool {
        guard let typeName else { return false }
        // `XViewModelFactoryProtocol` is the helper's protocol: judged by the helper's name.
        let base = protocolSuffixes.first { typeName.hasSuffix($0) && typeName.count > $0.count }
            .map { String(typeName.dropLast($0.count)) } ?? typeName
        return ruleSet.signals(layer).excludedTypeSuffixes.contains { typeName.hasSuffix($0) || base.hasSuffix($0) }
    }

    private func fileLayer(_ file: IndexedFile) -> LayerDecision {
        let topLevel = file.facts.types.filter { $0.parent == nil && $0.kind.isConcrete }
        let layers = Set(topLevel.compactMap { suffixMatch($0.name, in: typeSuffixes)?.layer })
        var byName: LayerDecision?
        if layers.count == 1, topLevel.allSatisfy({ suffixMatch($0.name, in: typeSuffixes) != nil }),
           let layer = layers.first, let first = topLevel.first {
            let suffix = suffixMatch(first.name, in: typeSuffixes)!.suffix
            byName = LayerDecision(layer: layer, signal: .typeNameSuffix, evidence: "its types' names end with '\(suffix)'")
        }
        if let explicit = file.explicitLayer {
            guard let byName else { return explicit }
            return Self.nameOverTarget(byName, explicit)
        }
        return byName ?? implicitFileLayer(file, typeName: nil) ?? .none
    }

    /// A type's own name is a stronger signal than the build target it sits in: an
    /// `XInteractor` in a target named for presenters is an Interactor (a user's config glob
    /// still wins). The target's word is kept as a note, so `classify` shows the disagreement.
    private static func nameOverTarget(_ byName: LayerDecision, _ explicit: LayerDecision) -> LayerDecision {
        guard explicit.signal == .buildTarget, let layer = byName.layer, let targetLayer = explicit.layer, layer != targetLayer else {
            return explicit
        }
        var decision = byName
        decision.note = "\(targetLayer.name) by build target (\(explicit.evidence)), but the name says \(layer.name)"
        return decision
    }

    private func typeLayer(_ symbol: TypeSymbol, in index: ProjectIndex) -> LayerDecision {
        let decision = roleChecked(declaredTypeLayer(symbol, in: index), symbol, in: index)
        // A struct or enum that sits in the View or Presenter layer only by its file, folder,
        // target or enclosing type carries display data (`OrderCell.Model`, a row struct, a
        // presenter's state enum). SwiftUI views (`: View`) stay views; value-type use cases
        // and wireframes are common, so Interactor and Router value types keep their layer.
        guard let layer = decision.layer, let dataLayer = Self.dataLayer[layer],
              symbol.kind == .struct || symbol.kind == .enum,
              decision.signal != .typeNameSuffix, decision.signal != .configGlob,
              !index.adopts(anyOf: ["View"], symbol) else { return decision }
        return LayerDecision(layer: dataLayer, signal: decision.signal,
                             evidence: decision.evidence + "; \(withArticle(symbol.kind.rawValue)) there carries data")
    }

    /// Signals that say where a type sits, not what it is.
    static let placementSignals: Set<ClassificationSignal> = [.folderName, .fileNameSuffix, .enclosingType]
    /// Behavioural layers: a struct or enum there only by its place is data, not behaviour.
    private static let behaviouralLayers: Set<Layer> = [.interactor, .router, .assembly, .service]
    /// Base types and conformances that make a class a data type (an entity).
    static let dataMarkers: Set<String> = [
        "NSManagedObject", "Object", "EmbeddedObject", "Codable", "Decodable", "Encodable", "NSCoding",
        "NSSecureCoding", "Equatable", "Hashable", "Identifiable", "Mappable", "ImmutableMappable", "Model",
    ]
    /// Stored property types that make a class a service holder, not data.
    static let behaviourHolderSuffixes = ["Service", "Manager", "Provider", "Factory", "Repository", "Client",
                                                  "Queue", "Facade", "Storage", "Operation", "Subscription", "Proxy"]

    /// A layer from a type's place alone must fit what the type is: a struct or enum in an
    /// Interactor, Router, Assembly or Service folder (or nested in such a type) carries data;
    /// a class in a model folder is an entity only when it is a data type (a data base class
    /// or conformance, or instance stored properties that hold no services).
    private func roleChecked(_ decision: LayerDecision, _ symbol: TypeSymbol, in index: ProjectIndex) -> LayerDecision {
        guard let layer = decision.layer, let signal = decision.signal, Self.placementSignals.contains(signal) else { return decision }
        let declaration = index.declaration(of: symbol)
        let isValue = symbol.kind == .struct || symbol.kind == .enum
        if isValue, Self.behaviouralLayers.contains(layer) {
            return LayerDecision(layer: nil, signal: nil, evidence: "no layer signal",
                                 note: "\(layer.name) by \(signal.rawValue) (\(decision.evidence)), but \(withArticle(symbol.kind.rawValue)) there carries data")
        }
        if layer == .entity, !declaration.properties.isEmpty, declaration.properties.allSatisfy(\.isStatic) {
            return LayerDecision(layer: nil, signal: nil, evidence: "no layer signal",
                                 note: "Entity by \(signal.rawValue) (\(decision.evidence)), but a namespace of static members is not an entity")
        }
        if layer == .entity, let reason = Self.displayRole(of: declaration) {
            return LayerDecision(layer: nil, signal: nil, evidence: "no layer signal",
                                 note: "Entity by \(signal.rawValue) (\(decision.evidence)), but \(reason) is display code, not an entity")
        }
        if layer == .entity, symbol.kind == .class || symbol.kind == .actor {
            let inherited = declaration.inherited.map { String($0.split(separator: ".").last ?? "") }
            let properties = declaration.properties
            let isData = inherited.contains(where: Self.dataMarkers.contains)
                || (properties.contains { !$0.isStatic }
                    && !properties.contains { property in property.typeNames.contains { name in
                        Self.behaviourHolderSuffixes.contains { name.hasSuffix($0) } } })
            if !isData {
                return LayerDecision(layer: nil, signal: nil, evidence: "no layer signal",
                                     note: "Entity by \(signal.rawValue) (\(decision.evidence)), but a class that holds services or no data is not an entity")
            }
        }
        return decision
    }

    /// UI types a model folder also holds: what makes a type display code rather than an entity.
    private static let uiValueTypes: Set<String> = ["Color", "Image", "Font", "NSAttributedString", "CGColor", "View", "AnyView"]

    private static func isUIName(_ name: String) -> Bool {
        let simple = String(name.split(separator: ".").last ?? "")
        if uiValueTypes.contains(simple) { return true }
        guard simple.hasPrefix("UI"), simple.count > 2 else { return false }
        return simple[simple.index(simple.startIndex, offsetBy: 2)].isUppercase
    }

    /// Why a type in a model folder is display code: it adopts a UIKit or SwiftUI type (a
    /// `UIActivityItemSource`, a SwiftUI view), its stored data is all UI values (a palette of
    /// `UIColor`s), or it is named as a view model (`YourWalletsViewSectionModel`).
    private static func displayRole(of declaration: TypeDeclFact) -> String? {
        if declaration.inherited.contains(where: isUIName) { return "a type adopting a UI framework type" }
        let stored = declaration.properties.filter { !$0.isStatic }
        if !stored.isEmpty, stored.allSatisfy({ $0.typeNames.first.map(isUIName) ?? false }) { return "a type holding only UI values" }
        let name = declaration.name
        if name.contains("ViewModel") || name.hasSuffix("SectionModel") || name.hasSuffix("CellModel") { return "a view model" }
        return nil
    }

    /// A file's layer from its folder or name must be the layer of what it declares: a
    /// `Model/` file whose only types are helpers (`AccountShareFactory`) or not data is no
    /// Entity file, so its imports are judged as no layer's.
    private func placementChecked(_ fileIndex: Int, in index: ProjectIndex) -> LayerDecision {
        let file = index.files[fileIndex]
        let decision = file.layer
        guard let layer = decision.layer, let signal = decision.signal, Self.placementSignals.contains(signal) else { return decision }
        // Protocols get their layers later, from their conformers: a file declaring one keeps its layer.
        let declared = file.symbolIDs.compactMap { $0.map { index.symbols[$0] } }
        if declared.contains(where: { $0.kind == .protocol }) { return decision }
        if !declared.isEmpty {
            // The type a file is named after is what the file is (`AuthAPI.swift` in `Model/`
            // is its API client, whatever small error enums sit beside it).
            let baseName = file.fileName
            if let primary = declared.first(where: { $0.name == baseName && $0.qualifiedName == $0.name }), primary.layer.layer != layer {
                return LayerDecision(layer: nil, signal: nil, evidence: "no layer signal",
                                     note: "\(layer.name) by \(signal.rawValue) (\(decision.evidence)), but its main type '\(primary.name)' is not one")
            }
            guard !declared.contains(where: { $0.layer.layer == layer }) else { return decision }
            return LayerDecision(layer: nil, signal: nil, evidence: "no layer signal",
                                 note: "\(layer.name) by \(signal.rawValue) (\(decision.evidence)), but none of its types is one")
        }
        // A file of extensions is the layer of the types it extends (`UIImageView+Loading` in a
        // Model folder extends no entity; an Objective-C `@implementation` is its class's).
        let extended = file.facts.types.filter { $0.kind == .extension && $0.parent == nil }
        guard !extended.isEmpty else { return decision }
        let targets = extended.compactMap { index.resolve($0.name, from: nil, inFile: fileIndex) }
        if targets.contains(where: { $0.kind == .protocol }) { return decision }
        let layers = Set(targets.compactMap(\.layer.layer))
        // Extensions whose every member gives entities icons or colours are display code filed
        // beside them (in an `Entities/` folder, the team's word, they are the entity's own code;
        // beside members of domain logic, a UI leak of the entity).
        let displayReferences = file.facts.references.filter { Self.displayValueTypes.contains(String($0.name.split(separator: ".").last ?? "")) }
        let displayMembers = Set(displayReferences.compactMap(\.member))
        // So are those of a category file whose name says it is the type's display side
        // (`SNAddressType+ViewModel.swift`) when they give display values.
        if layers.contains(.entity) || layer == .entity, !file.folders.contains(where: { $0.lowercased().hasPrefix("entit") }),
           let shown = displayReferences.first, !file.facts.functions.isEmpty,
           file.facts.functions.allSatisfy({ displayMembers.contains($0.name) }) || Self.isDisplayCategory(file.fileName) {
            return LayerDecision(layer: nil, signal: nil, evidence: "no layer signal",
                                 note: "\(layer.name) by \(signal.rawValue) (\(decision.evidence)), but its extensions give '\(shown.name)', display code")
        }
        if layers.contains(layer) { return decision }
        if layers.count == 1, let only = layers.first, let target = targets.first(where: { $0.layer.layer == only }) {
            return LayerDecision(layer: only, signal: .enclosingType, evidence: "it extends '\(target.qualifiedName)'")
        }
        return LayerDecision(layer: nil, signal: nil, evidence: "no layer signal",
                             note: "\(layer.name) by \(signal.rawValue) (\(decision.evidence)), but it extends no \(layer.name) type")
    }

    /// Words after the `+` of a category file's name (`Type+ViewModel`) that name a display side.
    static let displayCategories = ["ViewModel", "ViewModels", "View", "UI", "Presentation", "Display", "Appearance", "Style"]

    /// Whether a file name is a category of a type's display side (`SNAddressType+ViewModel`).
    static func isDisplayCategory(_ fileName: String) -> Bool {
        guard let plus = fileName.lastIndex(of: "+") else { return false }
        let category = fileName[fileName.index(after: plus)...]
        return displayCategories.contains { category.hasSuffix($0) }
    }

    /// Where value types found in a presentation layer belong.
    private static let dataLayer: [Layer: Layer] = [.view: .viewModel, .presenter: .viewModel]

    private func declaredTypeLayer(_ symbol: TypeSymbol, in index: ProjectIndex) -> LayerDecision {
        let file = index.files[symbol.file]
        let byName = suffixMatch(symbol.name, in: typeSuffixes).map {
            LayerDecision(layer: $0.layer, signal: .typeNameSuffix, evidence: "type name ends with '\($0.suffix)'")
        }
        if let explicit = file.explicitLayer {
            guard let byName else { return explicit }
            return Self.nameOverTarget(byName, explicit)
        }
        if let byName { return byName }
        if let parent = index.files[symbol.file].facts.types[symbol.declaration].parent,
           // Nested in a type, or in an extension of one (`extension HomeViewController { enum Section }`).
           let parentSymbol = index.owner(ofDeclaration: parent, inFile: symbol.file), parentSymbol.id != symbol.id {
            let parentLayer = parentSymbol.kind == .protocol ? LayerDecision.none : typeLayer(parentSymbol, in: index)
            return LayerDecision(layer: parentLayer.layer, signal: parentLayer.layer == nil ? nil : .enclosingType,
                                 evidence: parentLayer.layer == nil ? "no layer signal" : "nested in '\(parentSymbol.qualifiedName)'",
                                 note: parentLayer.note)
        }
        return implicitFileLayer(file, typeName: symbol.name) ?? baseTypeLayer(symbol, in: index)
            ?? domainDataLayer(symbol, in: index) ?? .none
    }

    /// UIKit and AppKit classes whose subclasses are views.
    private static let viewBaseClasses: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UIPageViewController",
        "UIHostingController", "UIView", "UITableViewCell", "UICollectionViewCell", "UICollectionReusableView",
        "UITableViewHeaderFooterView", "NSViewController", "NSView",
    ]

    /// When no name or place says anything, what the code declares a type to be: a subclass
    /// of a UIKit view or view controller is a View (`OrdersController` in a `Controller/`
    /// folder), a Core Data class (`NSManagedObject` subclass, `@NSManaged` properties) is an
    /// Entity. Module gating still applies: a View outside a VIPER module stays unlinted.
    private func baseTypeLayer(_ symbol: TypeSymbol, in index: ProjectIndex) -> LayerDecision? {
        let declaration = index.declaration(of: symbol)
        // A SwiftUI view (`struct BookingCard: View`), whatever its name.
        if symbol.kind == .struct, activeLayers.contains(.view), index.adopts(anyOf: ["View"], symbol) {
            return LayerDecision(layer: .view, signal: .baseType, evidence: "a SwiftUI view (adopts 'View')")
        }
        guard symbol.kind == .class else { return nil }
        let active = activeLayers
        let superclass = declaration.inherited.first.map { String($0.split(separator: ".").last ?? "") }
        // A UIKit view class, or a project base class named as a view controller (`BaseViewController`).
        if let superclass, active.contains(.view), Self.viewBaseClasses.contains(superclass)
            || (superclass.hasSuffix("ViewController") && index.resolve(superclass, from: nil, inFile: symbol.file)?.kind == .class) {
            return LayerDecision(layer: .view, signal: .baseType, evidence: "subclass of '\(superclass)'")
        }
        guard active.contains(.entity) else { return nil }
        if superclass == "NSManagedObject" {
            return LayerDecision(layer: .entity, signal: .baseType, evidence: "subclass of 'NSManagedObject'")
        }
        if declaration.properties.contains(where: { $0.attributes.contains("NSManaged") }) {
            return LayerDecision(layer: .entity, signal: .baseType, evidence: "it declares '@NSManaged' properties")
        }
        return nil
    }

    /// A file that nothing else classifies is what its top-level types' base types make them
    /// (`StoredOrder.swift` declaring an `NSManagedObject` subclass is an Entity file), when
    /// they all agree.
    private func baseTypeFileLayer(_ fileIndex: Int, in index: ProjectIndex) -> LayerDecision? {
        let file = index.files[fileIndex]
        let topLevel = file.symbolIDs.enumerated().compactMap { declaration, id in
            id.flatMap { file.facts.types[declaration].parent == nil ? index.symbols[$0] : nil }
        }.filter { $0.kind.isConcrete }
        guard let first = topLevel.first, first.layer.signal == .baseType,
              topLevel.allSatisfy({ $0.layer.signal == .baseType && $0.layer.layer == first.layer.layer }) else { return nil }
        return LayerDecision(layer: first.layer.layer, signal: .baseType, evidence: "its type '\(first.name)': \(first.layer.evidence)")
    }

    /// A struct or class in a `Domain` target or folder (Clean Architecture packages) that is
    /// only data, stored properties and initializers, is an Entity; its protocols, use cases
    /// and routes are not. Data types elsewhere get no layer from this: a plain struct in a
    /// feature folder may as well be display data.
    private func domainDataLayer(_ symbol: TypeSymbol, in index: ProjectIndex) -> LayerDecision? {
        guard symbol.kind == .struct || symbol.kind == .class, activeLayers.contains(.entity) else { return nil }
        let file = index.files[symbol.file]
        let place = file.target?.lowercased() == "domain" ? "target 'Domain'"
            : file.folders.contains { $0.lowercased() == "domain" } ? "folder 'Domain'" : nil
        guard let place else { return nil }
        let declaration = index.declaration(of: symbol)
        let hasBehaviour = file.facts.functions.contains { function in
            function.location.context == symbol.declaration && function.kind != .initializer
        }
        guard !hasBehaviour, declaration.properties.contains(where: { !$0.isStatic }) else { return nil }
        return LayerDecision(layer: .entity, signal: .baseType, evidence: "a type of stored data in \(place)")
    }

    func protocolLayer(_ symbol: TypeSymbol, in index: ProjectIndex) -> LayerDecision {
        let file = index.files[symbol.file]
        if let explicit = file.explicitLayer {
            guard let match = protocolNameMatch(symbol.name) else { return explicit }
            return Self.nameOverTarget(LayerDecision(layer: match.layer, signal: .typeNameSuffix,
                                                     evidence: "protocol name ends with '\(match.suffix)'"), explicit)
        }
        // A module's own input/output contracts (`HomeModuleInput`, `HomeModuleOutput`) are
        // what other modules and builders are meant to use: contracts whoever implements them.
        let contractName = ["Protocol", "Protocols"].first { symbol.name.hasSuffix($0) }.map { String(symbol.name.dropLast($0.count)) } ?? symbol.name
        if ["ModuleInput", "ModuleOutput", "ModuleDelegate", "ModuleInterface"].contains(where: { contractName.hasSuffix($0) }),
           ruleSet.activeLayers.contains(.contracts) {
            return LayerDecision(layer: .contracts, signal: .typeNameSuffix, evidence: "a module input/output protocol")
        }
        let conformers = index.conformers(of: symbol)
        let layers = Set(conformers.compactMap(\.layer.layer))
        // Implemented only in other modules (a child module's output protocol that its parent's
        // view adopts): the contract between modules, not a layer of either.
        if let module = symbol.module.module, !conformers.isEmpty,
           conformers.allSatisfy({ $0.module.module != nil && $0.module.module != module }),
           protocolNameMatch(symbol.name) == nil {
            let adopter = conformers.map(\.name).sorted()[0]
            return ruleSet.activeLayers.contains(.contracts)
                ? LayerDecision(layer: .contracts, signal: .conformance, evidence: "a contract of module '\(module)' implemented in other modules ('\(adopter)')")
                : LayerDecision(layer: nil, signal: nil, evidence: "no layer signal",
                                note: "a contract of module '\(module)' implemented in other modules ('\(adopter)')")
        }
        // Every adopter must agree: a marker adopted by an entity and by a screen's parts is shared.
        if layers.count == 1, let layer = layers.first, conformers.allSatisfy({ $0.layer.layer != nil }) {
            let names = conformers.filter { $0.layer.layer == layer }.map(\.name).sorted()
            let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", ..." : "")
            return LayerDecision(layer: layer, signal: .conformance, evidence: "conformed to by \(shown)")
        }
        // Named for a layer that its adopters were found not to be (a `ModelBuilderProtocol`
        // adopted by a helper that builds no module): the adopters decide.
        if let match = protocolNameMatch(symbol.name), !conformers.isEmpty,
           conformers.allSatisfy({ $0.layer.layer == nil && ($0.layer.note?.hasPrefix("candidate \(match.layer.name) ") ?? false) }) {
            return LayerDecision(layer: nil, signal: nil, evidence: "no layer signal",
                                 note: "candidate \(match.layer.name) by its name (ends with '\(match.suffix)'), but its adopters are not: \(conformers[0].layer.note ?? "")")
        }
        if let match = protocolNameMatch(symbol.name) {
            return LayerDecision(layer: match.layer, signal: .typeNameSuffix,
                                 evidence: "protocol name ends with '\(match.suffix)'")
        }
        // Where a protocol sits says nothing of its role beyond being a contract: a `View/` or
        // `Model/` folder also holds marker protocols and helpers' interfaces.
        if let placed = implicitFileLayer(file, typeName: symbol.name), let layer = placed.layer {
            if layer == .contracts { return placed }
            return LayerDecision(layer: nil, signal: nil, evidence: "no layer signal",
                                 note: "candidate \(layer.name) by \(placed.signal?.rawValue ?? "signal") (\(placed.evidence)), but no conformer or name says so")
        }
        return .none
    }

    /// `HomeViewToPresenterProtocol` -> Presenter, `HomeViewInput` -> View,
    /// `HomeBusinessLogic` -> Interactor; `HomeViewOutput` gives nothing (implemented elsewhere).
    func protocolNameMatch(_ name: String) -> (suffix: String, layer: Layer)? {
        var base = name
        var removed = ""
        if let suffix = protocolSuffixes.first(where: { name.hasSuffix($0) && name.count > $0.count }) {
            base = String(name.dropLast(suffix.count))
            removed = suffix
        }
        guard let match = suffixMatch(base, in: typeSuffixes) else { return nil }
        return (match.suffix + removed, match.layer)
    }

    /// Modules that show VIPER: an Interactor or a Router (concrete types, protocols named for
    /// the role such as `HomeInteractorProtocol`, files named for it), or code that names an
    /// Interactor. A View with only a Presenter is MVP (the legacy code of many VIPER apps),
    /// also when an Assembly builds it, and a View alone is MVC: neither is linted as VIPER,
    /// since "move it to the Interactor / Router" has nowhere to go there.
    func modulesWithEvidence(_ index: ProjectIndex, uses: TypeUses) -> Set<String> {
        // The screens a module's presenters name (`Story` for `StoryPresenter`): an Interactor or
        // Router of another name (a `URLNavigator` helper beside an MVP screen) is not its.
        var presenters: [String: Set<String>] = [:]
        for symbol in index.symbols where symbol.kind != .protocol && symbol.layer.layer == .presenter {
            if let module = symbol.module.module, let prefix = namePrefix(symbol.name, isProtocol: false) {
                presenters[module, default: []].insert(prefix)
            }
        }
        func isScreens(_ name: String, module: String, isProtocol: Bool) -> Bool {
            guard let screens = presenters[module], let prefix = namePrefix(name, isProtocol: isProtocol) else { return true }
            return screens.contains { screen in
                zip(screen, prefix).prefix { $0 == $1 }.count >= min(4, screen.count, prefix.count)
            }
        }
        // Asked of every reference of a module's files: names repeat, the answer is kept.
        var interactorNames: [String: Bool] = [:]
        func namesInteractor(_ reference: String) -> Bool {
            if let known = interactorNames[reference] { return known }
            let name = reference.split(separator: ".").last.map(String.init) ?? reference
            let answer = suffixMatch(name, in: typeSuffixes)?.layer == .interactor || protocolNameMatch(name)?.layer == .interactor
            interactorNames[reference] = answer
            return answer
        }
        var roles: [String: Set<Layer>] = [:]
        for symbol in index.symbols {
            guard let module = symbol.module.module else { continue }
            let layer = symbol.kind == .protocol ? protocolNameMatch(symbol.name)?.layer : symbol.layer.layer
            if let layer, layer.isModuleEvidence, isScreens(symbol.name, module: module, isProtocol: symbol.kind == .protocol) {
                roles[module, default: []].insert(layer)
            }
        }
        for file in index.files {
            guard let module = file.module.module else { continue }
            if let layer = file.layer.layer, layer.isModuleEvidence, isScreens(file.fileName, module: module, isProtocol: false) {
                roles[module, default: []].insert(layer)
            }
            // A screen whose code talks to an Interactor (layer-first VIPER: presenters use
            // shared interactors) is VIPER even when the interactor lives elsewhere.
            guard roles[module]?.contains(.interactor) != true else { continue }
            for reference in file.facts.references where namesInteractor(reference.name) {
                roles[module, default: []].insert(.interactor)
                break
            }
        }
        let named = Set(roles.filter { $0.value.contains(.interactor) || $0.value.contains(.router) }.keys)
        // Where the project wires most of its modules in code, one whose parts meet nowhere is
        // not a screen; a project that wires none in code (storyboards, runtime containers)
        // shows nothing to tell them apart by.
        let wired = named.intersection(wiredModules(index, uses: uses))
        return wired.count * 2 >= named.count ? wired : named
    }

    /// Modules whose parts are wired together where the code shows it: a part of the module
    /// holds, builds or names a part of another role, or is held, built or named by one (a
    /// Presenter its Interactor's protocol, an assembly or factory building the Interactor),
    /// or parts adopt the module's protocols.
    /// Parts are types of the layers a screen is made of, and protocols of the same module.
    /// A module whose parts meet no other part in code is names in a folder, not a screen
    /// the tool can judge.
    func wiredModules(_ index: ProjectIndex, uses: TypeUses) -> Set<String> {
        var wired = Set<String>()
        // A module's protocol family that parts adopt (`HomePresenter: HomeViewOutput`, a
        // shared `LoginPresenter` protocol the screens' presenters adopt); the adopters' layers
        // are the protocol's role below (protocols are classified after this gate).
        var adopterLayers: [Int: Set<String>] = [:]
        for symbol in index.symbols where symbol.kind != .protocol {
            guard let layer = symbol.layer.layer, layer.isModuleBound else { continue }
            for name in symbol.conformances {
                guard let id = index.resolvedID(name, from: symbol.declaration, inFile: symbol.file),
                      index.symbols[id].kind == .protocol, let module = index.symbols[id].module.module else { continue }
                wired.insert(module)
                adopterLayers[id, default: []].insert(layer.name)
            }
        }
        // A part's role, seen from a module: its layer; for a protocol, its adopters' one layer,
        // else the layer its name says (`LoginInteractor`), else "protocol" when it is the module's own.
        func role(_ id: Int, from module: String?) -> String? {
            let symbol = index.symbols[id]
            if let layer = symbol.layer.layer { return layer.isModuleBound ? layer.name : nil }
            guard symbol.kind == .protocol else { return nil }
            if let adopters = adopterLayers[id], adopters.count == 1 { return adopters.first }
            if let layer = protocolNameMatch(symbol.name)?.layer { return layer.isModuleBound ? layer.name : nil }
            return module != nil && symbol.module.module == module ? "protocol" : nil
        }
        for (owner, targets) in uses.named {
            let ownerModule = index.symbols[owner].module.module
            for target in targets {
                let targetModule = index.symbols[target].module.module
                guard let ownerRole = role(owner, from: targetModule ?? ownerModule), let targetRole = role(target, from: ownerModule),
                      ownerRole != targetRole else { continue }
                if let ownerModule { wired.insert(ownerModule) }
                if let targetModule { wired.insert(targetModule) }
            }
        }
        return wired
    }

    /// The module a file's layer is judged in: its own, or that of a type it declares when
    /// that one is a VIPER module (`AddAccount+ConfirmInteractor.swift`, named for two
    /// screens, declaring the `AddAccount.ConfirmInteractor` a wired module's factory builds).
    private func judgedModule(of fileIndex: Int, in index: ProjectIndex, evidence: Set<String>) -> String? {
        let file = index.files[fileIndex]
        if let module = file.module.module, evidence.contains(module) { return module }
        return file.symbolIDs.lazy.compactMap { $0.flatMap { index.symbols[$0].module.module } }.first(where: evidence.contains)
            ?? file.module.module
    }

    func gated(_ decision: LayerDecision, module: String?, evidence: Set<String>) -> LayerDecision {
        guard let layer = decision.layer, layer.isModuleBound, layer != .contracts, !decision.isExplicit else { return decision }
        if let module, evidence.contains(module) { return decision }
        var discarded = LayerDecision.none
        discarded.note = "\(layer.name) by \(decision.signal?.rawValue ?? "signal") (\(decision.evidence)), but "
            + (module.map { "module '\($0)'" } ?? "it belongs to no module and")
            + " has no Interactor or Router wired to its other parts in code: a plain MVC or MVP screen, not linted as VIPER"
        return discarded
    }

    // MARK: Modules

    /// Base folders (`BaseList`, `AbstractList`) hold shared base classes: no module, unless
    /// they hold a screen's Presenter or Interactor that nothing subclasses (`FolderStats`).
    static func isNeverModule(_ lowercasedFolder: String) -> Bool {
        lowercasedFolder.hasPrefix("base") || lowercasedFolder.hasPrefix("abstract")
    }

    /// Type-name prefix used to tell modules apart: the name without its layer suffix.
    func namePrefix(_ name: String, isProtocol: Bool) -> String? {
        var base = name
        if isProtocol {
            let contractSuffixes = protocolSuffixes + ["Output", "Delegate", "DataSource"]
            if let suffix = contractSuffixes.sorted(by: { $0.count > $1.count }).first(where: { base.hasSuffix($0) && base.count > $0.count }) {
                base = String(base.dropLast(suffix.count))
            }
            if let range = base.range(of: "To", options: .backwards), range.lowerBound != base.startIndex {
                let head = String(base[..<range.lowerBound])
                if suffixMatch(head, in: typeSuffixes) != nil { base = head }
            }
        }
        guard let match = suffixMatch(base, in: typeSuffixes), match.layer.isModuleBound else { return nil }
        let prefix = String(base.dropLast(match.suffix.count))
        // `BaseAccountImportInteractor` is a base class, not a module "BaseAccountImport".
        return prefix.isEmpty || prefix.hasPrefix("Base") || prefix.hasPrefix("Abstract") ? nil : prefix
    }

    private struct FolderStats {
        var hasEvidence = false
        /// A Presenter or Interactor class directly in the folder that no project class
        /// subclasses: a screen's part, not a base class (a `BaseQuiz/` folder holding a final
        /// `BaseQuizPresenter` is a screen).
        var holdsScreenPart = false
        var prefixes: [Layer: Set<String>] = [:]
        /// The same, for the types of the files directly in the folder.
        var directPrefixes: [Layer: Set<String>] = [:]
        /// More than one screen's presenters, interactors or routers: a folder of modules or a
        /// layer-first folder, not one module. Names that extend another one (`ArticleDetail`,
        /// `ArticleDetailShare`) are one screen's family, not two screens.
        /// Set once all types are counted (`settle()`): asked for every file and ancestor.
        private(set) var isContainer = false
        /// One screen's own folder (see `settle()`): what lies below it is that screen's.
        private(set) var isScreenFolder = false

        mutating func settle() {
            // A folder that itself holds one screen wired in two roles or more (its Presenter
            // with its Interactor or Router) and no other screen's files is that screen's
            // folder: presenters in its subfolders (`SubPresenters/WeekEarningsPresenter`) are
            // its parts, not screens of their own.
            var roles: [String: Int] = [:]
            for names in directPrefixes.values { for name in names { roles[name, default: 0] += 1 } }
            let wired = roles.filter { $0.value > 1 }.keys
            if Self.rootCount(of: wired) == 1, Self.rootCount(of: Array(roles.keys)) == 1 {
                isContainer = false
                isScreenFolder = true
                return
            }
            isContainer = prefixes.values.contains { Self.rootCount(of: $0) > 1 }
        }

        /// Sorted, the names a root prefixes follow it directly: counts the roots, up to two.
        private static func rootCount(of names: some Collection<String>) -> Int {
            var roots = 0
            var root: String?
            for name in names.sorted() where !(root.map { name.hasPrefix($0) } ?? false) {
                root = name
                roots += 1
                if roots > 1 { break }
            }
            return roots
        }
    }

    private func assignModules(_ index: inout ProjectIndex) {
        var stats: [String: FolderStats] = [:]
        var subclassed = Set<Int>()
        for symbol in index.symbols where symbol.kind == .class {
            if let base = index.declaration(of: symbol).inherited.first, let id = index.resolvedID(base, from: nil, inFile: symbol.file) {
                subclassed.insert(id)
            }
        }
        var ancestorsByFile: [Int: [String]] = [:]
        for symbol in index.symbols where symbol.kind != .protocol {
            guard let layer = symbol.layer.layer else { continue }
            let ancestors = ancestorsByFile[symbol.file] ?? index.files[symbol.file].ancestorFolders
            ancestorsByFile[symbol.file] = ancestors
            if symbol.kind == .class, layer == .presenter || layer == .interactor, !subclassed.contains(symbol.id), let folder = ancestors.first {
                stats[folder, default: FolderStats()].holdsScreenPart = true
            }
            // Names that carry their layer's suffix (whatever decided the layer) tell screens apart.
            let named = suffixMatch(symbol.name, in: typeSuffixes)?.layer == layer
            let prefix = [.presenter, .interactor, .router].contains(layer) && named ? namePrefix(symbol.name, isProtocol: false) : nil
            for folder in ancestors {
                if layer.isModuleEvidence { stats[folder, default: FolderStats()].hasEvidence = true }
                if let prefix { stats[folder, default: FolderStats()].prefixes[layer, default: []].insert(prefix) }
            }
            if let prefix, let folder = ancestors.first { stats[folder, default: FolderStats()].directPrefixes[layer, default: []].insert(prefix) }
        }
        for folder in stats.keys { stats[folder]?.settle() }
        var folderDecisions: [Substring: ModuleDecision?] = [:]
        for fileIndex in index.files.indices {
            let file = index.files[fileIndex]
            let folderModule = moduleFromPath(file.path, stats: stats, folderDecisions: &folderDecisions)
            index.files[fileIndex].module = folderModule
                ?? namePrefix(file.fileName, fileSuffixes: true).map {
                    ModuleDecision(module: $0, signal: .namePrefix, evidence: "file name '\(file.fileName)'")
                } ?? .none
            for id in file.symbolIDs.compactMap({ $0 }) {
                let symbol = index.symbols[id]
                if let folderModule {
                    index.symbols[id].module = folderModule
                } else if let parent = file.facts.types[symbol.declaration].parent, let parentID = file.symbolIDs[parent],
                          index.symbols[parentID].module.module != nil {
                    index.symbols[id].module = index.symbols[parentID].module
                } else if let prefix = namePrefix(symbol.name, isProtocol: symbol.kind == .protocol) {
                    index.symbols[id].module = ModuleDecision(module: prefix, signal: .namePrefix, evidence: "type name '\(symbol.name)'")
                } else {
                    index.symbols[id].module = index.files[fileIndex].module
                }
            }
        }
    }

    private func namePrefix(_ fileName: String, fileSuffixes: Bool) -> String? {
        guard let match = suffixMatch(fileName, in: self.fileSuffixes), match.layer.isModuleBound else { return nil }
        let prefix = String(fileName.dropLast(match.suffix.count))
        return prefix.isEmpty ? nil : prefix
    }

    /// Folder paths containing the file, nearest first.
    private func ancestorFolders(_ path: String) -> [String] {
        IndexedFile.ancestors(of: path.split(separator: "/").dropLast().map(String.init))
    }

    private func moduleFolder(_ folder: String) -> ModuleDecision {
        let name = String(folder.split(separator: "/").last ?? "")
        return ModuleDecision(module: name, signal: .moduleFolder, evidence: "in module folder '\(folder)'", folder: folder)
    }

    /// `OptionsPresenter` and `OptionViewController` name one screen: modules named by type
    /// or file prefixes that differ only by a plural ending are one module, named as its
    /// Presenter names it (else by the shorter name).
    private func mergePluralNamedModules(_ index: inout ProjectIndex) {
        var names: Set<String> = []
        var presenterNames: Set<String> = []
        for symbol in index.symbols where symbol.module.signal == .namePrefix {
            guard let name = symbol.module.module else { continue }
            names.insert(name)
            if symbol.layer.layer == .presenter { presenterNames.insert(name) }
        }
        for file in index.files where file.module.signal == .namePrefix { if let name = file.module.module { names.insert(name) } }
        var renamed: [String: String] = [:]
        for name in names {
            for ending in ["s", "es"] where name.hasSuffix(ending) && name.count >= ending.count + 4 {
                let singular = String(name.dropLast(ending.count))
                guard names.contains(singular) else { continue }
                let keepPlural = presenterNames.contains(name) && !presenterNames.contains(singular)
                if keepPlural { renamed[singular] = name } else { renamed[name] = singular }
                break
            }
        }
        guard !renamed.isEmpty else { return }
        func rename(_ decision: inout ModuleDecision) {
            guard decision.signal == .namePrefix, let module = decision.module, let name = renamed[module] else { return }
            decision.module = name
            decision.evidence += " (one screen with '\(name)')"
        }
        for id in index.symbols.indices { rename(&index.symbols[id].module) }
        for fileIndex in index.files.indices { rename(&index.files[fileIndex].module) }
    }

    /// Folders of the same name are one module when they split one feature by layer
    /// (`UI/Home`, `Domain/Home`), but different screens when two of them hold the same VIPER
    /// role (`Orders/Edit` and `Products/Edit` each with a Presenter): those are named by the
    /// shortest path suffix that tells them apart.
    private func separateSameNamedModules(_ index: inout ProjectIndex) {
        var rolesByFolder: [String: [String: [Layer]]] = [:]
        for symbol in index.symbols where symbol.kind != .protocol {
            guard let name = symbol.module.module, let folder = symbol.module.folder else { continue }
            let layer = symbol.layer.layer.flatMap { $0.isModuleEvidence ? $0 : nil }
            rolesByFolder[name, default: [:]][folder, default: []] += [layer].compactMap { $0 }
        }
        for file in index.files {
            guard let name = file.module.module, let folder = file.module.folder else { continue }
            rolesByFolder[name, default: [:]][folder, default: []] += []
        }
        var renamed: [String: String] = [:]
        for (_, folders) in rolesByFolder where folders.count > 1 {
            let roleCounts = folders.values.flatMap { Set($0) }.reduce(into: [Layer: Int]()) { $0[$1, default: 0] += 1 }
            guard roleCounts.values.contains(where: { $0 > 1 }) else { continue }
            let paths = folders.keys.map { $0.split(separator: "/").map(String.init) }
            for parts in paths {
                var length = 2
                while length < parts.count,
                      paths.contains(where: { $0 != parts && $0.suffix(length) == parts.suffix(length) }) { length += 1 }
                renamed[parts.joined(separator: "/")] = parts.suffix(length).joined(separator: "/")
            }
        }
        guard !renamed.isEmpty else { return }
        func rename(_ decision: inout ModuleDecision) {
            if let folder = decision.folder, let name = renamed[folder] { decision.module = name }
        }
        for id in index.symbols.indices { rename(&index.symbols[id].module) }
        for fileIndex in index.files.indices { rename(&index.files[fileIndex].module) }
    }

    /// `folderDecisions`: what the folder part decided for each folder so far (a folder's
    /// files all get the same answer; a large app has a few files per folder).
    private func moduleFromPath(_ path: String, stats: [String: FolderStats],
                                folderDecisions: inout [Substring: ModuleDecision?]) -> ModuleDecision? {
        for glob in moduleGlobs {
            if let captured = glob.capture(in: path), !captured.isEmpty {
                return ModuleDecision(module: captured, signal: .configGlob, evidence: "path matches '\(glob.pattern)'")
            }
        }
        let folder = path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
        if let decided = folderDecisions[folder] { return decided }
        let decision = moduleFromFolders(path, stats: stats)
        folderDecisions[folder] = decision
        return decision
    }

    /// The module the folders of `path` give (its file name is not read).
    private func moduleFromFolders(_ path: String, stats: [String: FolderStats]) -> ModuleDecision? {
        // The nearest folder that is neither a layer folder nor a grouping folder, and that is
        // one screen's folder (not a folder of several modules).
        let candidates = ancestorFolders(path).filter { folder in
            let name = String(folder.split(separator: "/").last ?? "").lowercased()
            return folderLayers[name] == nil && !groupingFolders.contains(name)
                && (!Self.isNeverModule(name) || stats[folder]?.holdsScreenPart == true)
        }
        // A folder inside a module's layer folder (`Home/View/DataDisplayManager/Builder`) is
        // part of that module, whatever its own helpers are called: the outermost such module.
        let ancestors = ancestorFolders(path)
        var owningModule: String?
        for (index, folder) in ancestors.enumerated().dropLast() {
            if stats[folder]?.isContainer == true { break }
            guard folderLayers[String(folder.split(separator: "/").last ?? "").lowercased()] != nil else { continue }
            let parent = ancestors[index + 1]
            if candidates.contains(parent), stats[parent]?.hasEvidence == true, stats[parent]?.isContainer != true {
                owningModule = parent
            }
        }
        // The nearest folder that is one screen's own folder owns what its subfolders hold.
        if let screen = candidates.first(where: { stats[$0]?.isScreenFolder == true }),
           owningModule.map({ screen.count >= $0.count }) ?? true {
            return moduleFolder(screen)
        }
        for folder in candidates {
            if let owningModule, folder.count > owningModule.count { continue }
            let folderStats = stats[folder] ?? FolderStats()
            if folderStats.isContainer { break }
            if folderStats.hasEvidence { return moduleFolder(folder) }
        }
        // No VIPER evidence nearby: the nearest folder still names the screen (a plain MVC
        // screen's folder), unless it holds several screens.
        if let first = candidates.first, !(stats[first]?.isContainer ?? false) { return moduleFolder(first) }
        return nil
    }
}
