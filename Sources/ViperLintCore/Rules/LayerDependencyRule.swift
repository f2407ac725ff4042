/// `layer-dependency`: a layer references, or imports, a layer it may not depend on at all.
public struct LayerDependencyRule: Rule, Equatable {
    public static let id = "layer-dependency"
    public static let summary = "A layer references or imports a layer it must not depend on"
    public static let defaultSeverity = Severity.warning
    public static let measured = "V2 first look, 5ab45ae: 0.38, 49 of 49 findings reviewed; recall 0.15 (13 labels)"
    public static let rationale = """
        Each VIPER layer may depend only on the layers the `dependencies` matrix allows: a View \
        knows its Presenter (through a protocol) and display data, never entities, interactors \
        or routers; an Interactor knows entities and services, never views or routers; an \
        Entity knows nothing else. A wrong arrow couples screens to data and makes layers \
        impossible to test or replace. Builders (Router, Assembly) may reference everything. \
        Arrows to or from the shared Service and Contracts layers are reported only where the \
        configuration states the layer (a glob or a build target): told by names and folders \
        alone, they hold calculators, stores and marker protocols; the exception is a View or \
        Presenter holding or calling a type its own name calls a service (`NewsWorker`, \
        `PinServiceProtocol`, not one that takes view controllers): the arrow around the \
        Interactor, and a Presenter or View adopting a service's callback protocol \
        (`PinServiceDelegate`), which lets the service call it around the Interactor. A protocol a type calls out \
        through (its delegate or output, `PinServiceDelegate`, a module's output protocol) is \
        its own contract, whoever adopts it. A View importing the project's own module whose \
        types are all Entities, Services and Interactors (`import Database`, a `Domain` package \
        of entities and use cases), or reaching its Presenter's \
        Router or Interactor (`presenter.router?.page()`), depends on them too. One problem, \
        one finding: a contract's implementation, an entity reached through another and an \
        import of the module whose types the file names are sites of one finding.
        Fix: move the code to a layer that may use the type (the message lists them), or pass \
        what is needed through a protocol or a view model built by the Presenter.
        """

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        let screens = Self.screenModules(context.index)
        let withInteractors = Self.modulesWithInteractors(context.index)
        let forbidden = context.crossLayerReferences().filter { crossing in
            let allowed = context.ruleSet.dependencies(of: crossing.from, fromModule: crossing.resolved.fromModule, toModule: crossing.target.module.module)
            return !allowed.allow.contains(crossing.to) && !allowed.viaProtocol.contains(crossing.to)
                && (!Self.isPlacedData(crossing.target) || Self.buildsDisplayData(crossing))
                && !reachesBuilderReported(crossing, context: context)
                && Self.hasEvidentEnds(crossing, context: context) && !Self.isOwnContract(crossing, context: context)
                && !Self.isDictatedByOtherModule(crossing, context: context) && !Self.isOtherScreensModel(crossing, screens: screens)
                && !Self.isIdentifierForView(crossing, context: context) && !Self.isBareOptionForView(crossing, context: context)
                && !Self.isBuiltForChildModule(crossing, context: context) && !Self.isCellRegistration(crossing)
                && !Self.isServiceOfInteractorlessModule(crossing, modulesWithInteractors: withInteractors)
        }
        // One finding per (declaring type, referenced type): the first use, with the count of the others.
        var violations = context.foldedViolations(context.groupedByDeclaringType(forbidden)) { group in
            let (resolved, from, target, to) = (group[0].resolved, group[0].from, group[0].target, group[0].to)
            let position = resolved.reference.position
            let declaration = context.declaration(for: resolved.reference, inFile: resolved.file)
            let symbol = declaration?.name
            let kind = target.kind == .protocol ? "protocol" : "type"
            let message = "\(context.describe(layer: from, symbol: symbol, module: resolved.fromModule)) references "
                + "\(to.name) \(kind) '\(target.qualifiedName)'\(Self.moduleSuffix(context.index.shownModule(target.module.module)))\(RuleContext.moreUses(group)); "
                + "\(from.name) must not depend on \(to.name). \(Self.fix(to: to, context: context))"
            var violation = context.violation("reference", file: resolved.file, at: position, module: resolved.fromModule,
                                              layer: from, declaration: declaration, message: message)
            violation.related = context.relatedUses(group)
            context.setTarget(target, of: &violation)
            return violation
        }
        // A type that names an entity (or the router it reaches) already has its finding: what it
        // also uses unnamed is the same problem.
        let named = Set(forbidden.map { crossing in
            let key = Self.typeKey(crossing.resolved.file, crossing.resolved.reference.context, context)
            return crossing.to == .entity ? key : key + " -> \(crossing.target.id)"
        })
        violations += serviceCallbackViolations(context, modulesWithInteractors: withInteractors)
        violations += inferredViolations(context, named: named)
        importViolations(context, into: &violations)
        return violations
    }

    /// Layers shared across modules and told by names and folders alone (a `Services/` folder
    /// also holds calculators and stores, a `Protocols/` folder marker protocols): an arrow to
    /// or from them is reported only where the user stated the layer (a config glob, a build
    /// target). On real apps nearly every such finding was a helper taken for the layer.
    static let sharedLayers: Set<Layer> = [.service, .contracts]

    static func hasEvidentEnds(_ crossing: CrossLayerReference, context: RuleContext) -> Bool {
        if sharedLayers.contains(crossing.to), !crossing.target.layer.isExplicit,
           !(isScreenCallingService(crossing, context: context) && !takesViewControllers(crossing.target, context: context)) { return false }
        if sharedLayers.contains(crossing.from) {
            let file = context.index.files[crossing.resolved.file]
            let owner = context.index.owner(ofDeclaration: crossing.resolved.reference.context, inFile: crossing.resolved.file)
            if !(owner?.layer.isExplicit ?? file.layer.isExplicit) { return false }
        }
        return true
    }

    /// A screen's View or Presenter (module parts, told by evidence) holding or calling a
    /// service that its own name says is one (`PinServiceProtocol`, `NewsWorker`,
    /// `BookingRepositoryProtocol`), or that its role does (an Interactor uses it and it
    /// reaches such a service: `FavoritesManager`): the arrow around the Interactor that VIPER
    /// exists to prevent. A type in a `Services/` folder with another name (a calculator, a store) is
    /// still judged only where the configuration states the layer.
    static func isScreenCallingService(_ crossing: CrossLayerReference, context: RuleContext) -> Bool {
        // A protocol takes its layer from its conformers; its own name counts when it names
        // data access (`BookingRepositoryProtocol`): a "service" protocol there is as often a
        // camera or reachability helper of the screen.
        let named = crossing.target.layer.signal == .typeNameSuffix || crossing.target.layer.signal == .role || (crossing.target.kind == .protocol
            && context.classifier.protocolNameMatch(crossing.target.name).map { $0.layer == .service && !$0.suffix.hasPrefix("Service") } == true)
        guard crossing.to == .service, crossing.from == .view || crossing.from == .presenter, named else { return false }
        // A struct or enum is a service only with behaviour (`struct ImageService` of static
        // loaders); one of plain data named so is a result, not the service.
        let target = crossing.target
        return (target.kind != .struct && target.kind != .enum)
            || context.index.files[target.file].facts.functions.contains { $0.location.context == target.declaration && $0.kind == .function }
    }

    /// Modules that are screens: a Presenter or an Interactor of their own.
    static func screenModules(_ index: ProjectIndex) -> Set<String> {
        Set(index.symbols.compactMap { symbol in
            symbol.kind != .protocol && (symbol.layer.layer == .presenter || symbol.layer.layer == .interactor) ? symbol.module.module : nil
        })
    }

    /// A model filed in another screen's own folder (`DAppBrowser/Model/DAppTransportModel`
    /// used by the PayCard view) is that screen's data shared across screens: the coupling is
    /// between modules (`cross-module-reference`), and the type is no domain entity of this
    /// View's module. A type found to be domain data by its use (`role`: the Codable model an
    /// Interactor or Worker fetches) is an entity wherever it is filed.
    static func isOtherScreensModel(_ crossing: CrossLayerReference, screens: Set<String>) -> Bool {
        guard crossing.to == .entity, let module = crossing.target.module.module, crossing.target.module.signal == .moduleFolder,
              crossing.target.layer.signal != .role, module != crossing.resolved.fromModule, screens.contains(module) else { return false }
        return true
    }

    /// A "service" whose methods take view controllers (`route(to:from: UIViewController)`)
    /// is a navigation helper of the screens, not the data side they must not reach.
    static func takesViewControllers(_ symbol: TypeSymbol, context: RuleContext) -> Bool {
        context.index.files[symbol.file].facts.functions.contains { function in
            function.location.context == symbol.declaration
                && function.parameters.contains { $0.typeNames.contains { $0.hasSuffix("ViewController") || $0.hasSuffix("NavigationController") } }
        }
    }

    /// Names that make a protocol the contract its owner calls out through: whoever adopts it.
    static let outwardContractWords = ["Output", "Delegate", "Listener", "Observer", "Handler"]

    /// A protocol a type calls out through is its own contract, whatever layer adopts it: a
    /// service's delegate (`PinService` -> `PinServiceDelegate`), a module's output protocol
    /// held by its Interactor (`moduleOutput: SubmissionsOutputProtocol`, adopted by the
    /// embedding screen's view).
    static func isOwnContract(_ crossing: CrossLayerReference, context: RuleContext) -> Bool {
        let target = crossing.target
        // Declared beside its user (for a view model also beside the protocol it implements) and
        // adopted only elsewhere (a view model's cell-binding protocol that cells adopt): the
        // contract this type sets for others. A module's contracts file is no such place for its
        // Interactor: there the same shape is the arrow the rule exists for.
        if target.kind == .protocol, let owner = context.index.owner(ofDeclaration: crossing.resolved.reference.context, inFile: crossing.resolved.file),
           owner.file == target.file || (crossing.from == .viewModel
                                         && context.index.protocols(conformedToBy: owner).contains(where: { $0.file == target.file })) {
            let adopters = context.index.conformers(of: target)
            if !adopters.isEmpty, adopters.allSatisfy({ $0.file != owner.file }) { return true }
        }
        guard target.kind == .protocol, outwardContractWords.contains(where: target.name.contains) else { return false }
        if let module = target.module.module, module == crossing.resolved.fromModule { return true }
        guard let owner = context.index.owner(ofDeclaration: crossing.resolved.reference.context, inFile: crossing.resolved.file) else { return false }
        let ownerName = owner.name.hasSuffix("Protocol") ? String(owner.name.dropLast("Protocol".count)) : owner.name
        return target.file == owner.file || target.name.hasPrefix(ownerName)
    }

    /// A parameter or result type of a method that implements a requirement of another
    /// module's protocol (a child module's output: `handleSubmissionSelected(_: Submission)`)
    /// is written by that contract: the contract is the place to judge, not its implementer.
    static func isDictatedByOtherModule(_ crossing: CrossLayerReference, context: RuleContext) -> Bool {
        let reference = crossing.resolved.reference
        let file = crossing.resolved.file
        guard let member = reference.member,
              let owner = context.index.owner(ofDeclaration: reference.context, inFile: file) else { return false }
        let simple = { (name: String) in String(name.split(separator: ".").last ?? "") }
        let facts = context.index.files[file].facts
        guard let function = facts.functions.first(where: { function in
            function.name == member && function.location.context == reference.context
                && (function.parameters.flatMap(\.typeNames) + function.resultTypeNames).contains { simple($0) == simple(reference.name) }
        }) else { return false }
        // Only while the value is passed along: a View that reads the entity's fields (maps it
        // into what it shows) depends on it, whatever contract brought it.
        let parameters = Set(function.parameters.filter { $0.typeNames.contains { simple($0) == simple(reference.name) } }.map(\.name))
        let readsParameter = facts.memberReads.contains { read in
            read.location.context == reference.context && read.location.member == member && read.chain.count > 1
                && parameters.contains(read.chain[0])
        }
        guard !readsParameter else { return false }
        // A contract name two declarations share resolves to neither: ask each of them.
        let contracts = owner.conformances.flatMap { name in
            context.index.resolve(name, from: nil, inFile: owner.file).map { [$0] } ?? context.index.symbols(named: name)
        }.filter { $0.kind == .protocol }
        return contracts.contains { contract in
            let foreign = contract.layer.layer == .contracts || (contract.module.module != nil && contract.module.module != owner.module.module)
            guard foreign else { return false }
            let facts = context.index.files[contract.file].facts
            return facts.functions.contains { $0.name == member && $0.location.context == contract.declaration }
        }
    }

    /// Naming another module's builder, or any Assembly, outside a builder is building a
    /// module (the next screen, a child, or this one: `viewWiresOwnModule`): one problem,
    /// `module-construction`'s to judge where that rule runs for the file. A View naming its
    /// own Router stays a layer problem: a Router is also the module's navigation.
    private func reachesBuilderReported(_ crossing: CrossLayerReference, context: RuleContext) -> Bool {
        guard context.ruleSet.isBuilder(crossing.to),
              crossing.to == .assembly || crossing.target.module.module != crossing.resolved.fromModule,
              let configured = context.effective.configured(ModuleConstructionRule.id, file: crossing.resolved.file) else { return false }
        return configured.severity != .off
    }

    /// A value handed to another module's builder (`SolutionAssembly(submission: viewModel.submission)`)
    /// is the next module's input, not something the View shows: wiring, which
    /// `module-construction` judges.
    private static func isHandedToBuilder(_ location: CodeLocation, inFile file: Int, context: RuleContext) -> Bool {
        let line = location.position.line
        if isHandedToChildModule(location, inFile: file, context: context) { return true }
        return context.index.files[file].facts.references.contains { reference in
            guard reference.kind == .instantiation, reference.context == location.context, reference.member == location.member,
                  (reference.position.line...reference.position.line + 6).contains(line),
                  let target = context.index.resolve(reference.name, from: reference.context, inFile: file),
                  let layer = target.layer.layer else { return false }
            return context.ruleSet.isBuilder(layer)
        }
    }

    /// A value passed on, in the same statement, to an embedded child module's input
    /// (`childModuleInput?.changeCurrent(attempt: viewModel.attempt)`, a protocol of another
    /// module held in a property): the parent/child contract carries it, not this View.
    /// A value built for it on the line before counts too (`let query = Query(filters:)`, then
    /// `searchModuleInput?.filterChanged(to: query)`).
    private static func isHandedToChildModule(_ location: CodeLocation, inFile file: Int, context: RuleContext) -> Bool {
        isHandedToChildModule(line: location.position.line, context: location.context, member: location.member, inFile: file, in: context)
    }

    static func isHandedToChildModule(line: Int, context declaration: Int?, member: String?, inFile file: Int, in context: RuleContext,
                                      builtBefore: Bool = false) -> Bool {
        guard let owner = context.index.owner(ofDeclaration: declaration, inFile: file) else { return false }
        let lines = builtBefore ? line...line + 1 : line...line
        let calls = context.index.files[file].facts.calls.filter { call in
            lines.contains(call.location.position.line) && call.location.member == member && call.chain.count >= 2
        }
        return calls.contains { call in
            context.index.storedProperties(of: owner).contains { _, property in
                property.name == call.chain[0] && property.typeNames.contains { name in
                    guard let target = context.index.resolve(name, from: owner.declaration, inFile: owner.file), target.kind == .protocol,
                          let module = target.module.module else { return false }
                    return module != owner.module.module
                }
            }
        }
    }

    /// A value a View builds only to hand to an embedded child module's input (another
    /// module's protocol held in a property), on that line or the next: the child's contract
    /// asks for it, so that contract is where the type is judged.
    static func isBuiltForChildModule(_ crossing: CrossLayerReference, context: RuleContext) -> Bool {
        let reference = crossing.resolved.reference
        guard crossing.from == .view, reference.kind == .instantiation else { return false }
        return isHandedToChildModule(line: reference.position.line, context: reference.context, member: reference.member,
                                     inFile: crossing.resolved.file, in: context, builtBefore: true)
    }

    /// A Presenter or View adopting a service's callback protocol (`extension PinPresenter:
    /// PinServiceDelegate`, `protocol ScanInteractorOutput: QRCaptureServiceDelegate`): the
    /// service calls the screen around its Interactor. One finding per adopter and protocol,
    /// with the adopter's uses of the service as its other sites.
    private func serviceCallbackViolations(_ context: RuleContext, modulesWithInteractors: Set<String>) -> [Violation] {
        let index = context.index
        var violations: [Violation] = []
        var reported = Set<String>()
        for (fileIndex, file) in index.files.enumerated() where context.checks(file: fileIndex) {
            for reference in file.facts.references where reference.kind == .conformance {
                guard let owner = index.owner(ofDeclaration: reference.context, inFile: fileIndex),
                      let layer = owner.layer.layer, layer == .presenter || layer == .view, !context.ruleSet.dependencies(of: layer).allow.contains(.service),
                      layer != .presenter || owner.module.module.map(modulesWithInteractors.contains) == true,
                      let callback = index.resolve(reference.name, from: reference.context, inFile: fileIndex), callback.kind == .protocol,
                      let word = Self.outwardContractWords.first(where: { callback.name.hasSuffix($0) && callback.name.count > $0.count }) else { continue }
                let base = String(callback.name.dropLast(word.count))
                guard let service = index.resolve(base, from: nil, inFile: callback.file) ?? index.resolve(base + "Protocol", from: nil, inFile: callback.file),
                      service.layer.layer == .service, service.layer.signal == .typeNameSuffix || service.layer.isExplicit,
                      reported.insert("\(owner.id) \(callback.id)").inserted else { continue }
                let serviceTypes = Set([service.id, callback.id] + [base, base + "Protocol"].compactMap { index.resolvedID($0, from: nil, inFile: callback.file) })
                let uses = file.facts.references.filter { other in
                    other.kind != .conformance && index.ownerID(ofDeclaration: other.context, inFile: fileIndex) == owner.id
                        && serviceTypes.contains(index.resolvedID(other.name, from: other.context, inFile: fileIndex) ?? -1)
                }
                let message = "\(context.describe(layer: layer, symbol: owner.qualifiedName, module: owner.module.module)) adopts '\(callback.name)', "
                    + "the callback protocol of the Service '\(service.name)': the service talks to the \(layer.name) around its Interactor. "
                    + "Let the Interactor adopt '\(callback.name)' and tell the \(layer.name) through its output protocol."
                var violation = context.violation("service-callback", file: fileIndex, at: reference.position, module: owner.module.module,
                                                  layer: layer, declaration: FindingDeclaration(type: owner.qualifiedName, member: nil), message: message)
                violation.related = uses.map { RelatedLocation(file: file.path, position: $0.position, message: "uses '\($0.name)' here") }
                violations.append(violation)
            }
        }
        return violations
    }

    /// The declaring type of code (extensions count as their type), or its file.
    private static func typeKey(_ file: Int, _ declaration: Int?, _ context: RuleContext) -> String {
        context.index.owner(ofDeclaration: declaration, inFile: file).map { "type \($0.id)" } ?? "file \(file)"
    }

    /// Entities a View uses without naming them (`ForEach(presenter.items) { item in
    /// Text(item.name) }` where `items: [Article]`): one finding per View type, unless the type
    /// names an entity too (that finding covers it). Likewise a Router, Interactor or Service
    /// a View reaches through its Presenter (`presenter.router?.loginPage()`): one finding per
    /// View type and reached type, unless the type names it.
    private func inferredViolations(_ context: RuleContext, named: Set<String>) -> [Violation] {
        // A run that reports some files looks at the files holding code of the types those files
        // declare or extend: a type's uses, grouped into one finding, are all in such files.
        let types = context.scopeTypes()
        let candidates = context.index.files.indices.filter { file in
            !context.index.files[file].facts.memberReads.isEmpty
                && (context.isInScope(file: file, declaration: nil, types: types)
                    || context.index.files[file].facts.types.indices.contains { context.isInScope(file: file, declaration: $0, types: types) })
        }
        guard !candidates.isEmpty else { return [] }
        let builderMembers = context.viewBuilderMembers()
        let inference = TypeInference(index: context.index, queries: context.queries)
        let allowed = context.ruleSet.dependencies(of: .view)
        let reached = Set([Layer.entity, .router, .interactor, .service].filter { !allowed.allow.contains($0) && !allowed.viaProtocol.contains($0) })
        guard !reached.isEmpty else { return [] }
        var groups: [String: [TypeInference.InferredUse]] = [:]
        var order: [String] = []
        for file in candidates {
            for use in inference.uses(inFile: file, reaching: reached) {
                if let member = use.location.member,
                   builderMembers.contains(RuleContext.memberKey(file: file, context: use.location.context, member: member)) { continue }
                // Views only: a view model built from an entity names it (a direct finding).
                guard let from = context.queries.layer(at: use.location, inFile: file), from == .view,
                      let to = use.target.layer.layer else { continue }
                // The value must come from a layer that may hold it (a Presenter's `items`, its
                // `router`): a view model or view holding an entity names it in its declaration,
                // the finding there. From another module's presenter, the reach across modules is
                // the problem (`cross-module-reference`), not the entity; a display item handed
                // across modules is data, and the View reading its entity uses the entity.
                guard let provider = use.provider, let providerLayer = provider.layer.layer else { continue }
                let providerMay = context.ruleSet.dependencies(of: providerLayer)
                guard providerMay.allow.contains(to) || (to != .entity && providerMay.viaProtocol.contains(to)) else { continue }
                let module = context.queries.classification(of: use.location, inFile: file).module
                if providerLayer != .viewModel, let module, let providerModule = provider.module.module, providerModule != module { continue }
                // A key handed back (`presenter.select(row.chainAssetId)`, `item.id`) shows
                // nothing of the entity: the View needs no display value for it.
                let readsOnlyKeys = use.readFrom.allSatisfy(DumbViewRule.isIdentity)
                    || (use.readFrom.count > 1 && use.readFrom.dropFirst().allSatisfy(DumbViewRule.isIdentity))
                if to == .entity, readsOnlyKeys { continue }
                let typeKey = Self.typeKey(file, use.location.context, context)
                let key = to == .entity ? typeKey : typeKey + " -> \(use.target.id)"
                guard !named.contains(key), !Self.isHandedToBuilder(use.location, inFile: file, context: context) else { continue }
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append(use)
            }
        }
        return order.compactMap { key in
            let group = groups[key]!
            let first = group[0]
            let to = first.target.layer.layer ?? .entity
            let isEntity = to == .entity
            let violation = context.violation(isEntity ? "inferred-entity" : "inferred-reach", file: first.file, at: first.location) { subject, _ in
                if isEntity {
                    return "\(subject) uses Entity '\(first.target.qualifiedName)' through '\(first.via)'"
                        + (group.count > 1 ? " (and \(group.count - 1) more use\(group.count == 2 ? "" : "s") of entities in the same type)" : "")
                        + "; View must not depend on Entity. Have the Presenter hand the View display values "
                        + "(a view model, strings) instead of entities."
                }
                return "\(subject) reaches \(to.name) '\(first.target.qualifiedName)' through '\(first.via)'"
                    + (group.count > 1 ? " (and \(group.count - 1) more use\(group.count == 2 ? "" : "s") in the same type)" : "")
                    + "; View must not depend on \(to.name). Ask the Presenter instead: give it a method that uses its "
                    + "\(to.name) and hands the View what it shows."
            }
            guard var violation else { return nil }
            violation.related = group.dropFirst().map { use in
                RelatedLocation(file: context.index.files[use.file].path, position: use.location.position,
                                message: "another use of '\(use.target.qualifiedName)' through '\(use.via)'")
            }
            context.setTarget(first.target, of: &violation)
            return violation
        }
    }

    /// `import Database` in a View file, where `Database` is a layer's build target or, by
    /// evidence, a module of the project's own whose code is the data side (`DataSideModules`).
    /// The import of a module whose type the file is already reported for naming is that
    /// finding's other site: one problem.
    private func importViolations(_ context: RuleContext, into violations: inout [Violation]) {
        var dataSide = DataSideModules(context.index)
        for (fileIndex, file) in context.index.files.enumerated() where context.checks(file: fileIndex) {
            guard let from = file.layer.layer, !context.ruleSet.isBuilder(from) else { continue }
            let allowed = context.ruleSet.dependencies(of: from)
            let mayNot = { (layer: Layer) in layer != from && !allowed.allow.contains(layer) && !allowed.viaProtocol.contains(layer) }
            for fact in file.facts.imports {
                let message: String
                if let to = context.classifier.layer(ofImportedModule: fact.module) {
                    guard mayNot(to) else { continue }
                    message = "\(Self.fileSubject(layer: from, module: context.index.shownModule(file.module.module))) imports "
                        + "'\(fact.fullName)', the \(to.name) layer's module; \(from.name) must not depend on \(to.name). "
                        + "Remove the import. \(Self.fix(to: to, context: context))"
                } else if from == .view, let module = dataSide.module(named: fact.module), module.layers.allSatisfy(mayNot) {
                    let site = RelatedLocation(file: file.path, position: fact.position, message: "the same problem: imports '\(fact.fullName)'")
                    if let host = violations.firstIndex(where: { violation in
                        violation.file == file.path && violation.related.contains { declared in
                            declared.message.hasSuffix("is declared here") && declared.file.split(separator: "/").dropLast().contains(Substring(fact.module))
                        }
                    }) {
                        violations[host].related.append(site)
                        continue
                    }
                    let names = module.layers.map(\.name)
                    let layers = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1] : names.joined()
                    message = "\(Self.fileSubject(layer: from, module: context.index.shownModule(file.module.module))) imports '\(fact.fullName)', the project's "
                        + "module of \(layers) types (\(module.examples.map { "'\($0)'" }.joined(separator: ", "))); View must not depend on \(layers). "
                        + "Remove the import, and take what the View shows from its Presenter as display values."
                } else { continue }
                violations.append(context.violation("module-import", file: fileIndex, at: fact.position, module: file.module.module,
                                                    layer: from, symbol: fact.fullName, message: message))
            }
        }
    }

    /// The project's own modules (a framework target in `Database/`, a package) whose types,
    /// told by evidence, are all on the domain and data side: Entities, Services and
    /// Interactors (use cases), and enough of them
    /// (at least 3, a quarter of the module's types) to say what the module is. Found by the
    /// folder of the import's name; computed on first ask.
    struct DataSideModules {
        struct Module { let layers: [Layer]; let examples: [String] }
        private let index: ProjectIndex
        private var known: [String: Module?] = [:]
        /// The files below a folder of each name, in index order: made on the first question,
        /// once, instead of splitting every file's path for each module named.
        private var filesByFolderName: [Substring: [Int]]?

        init(_ index: ProjectIndex) { self.index = index }

        mutating func module(named name: String) -> Module? {
            if let module = known[name] { return module }
            if filesByFolderName == nil {
                var files: [Substring: [Int]] = [:]
                for (number, file) in index.files.enumerated() {
                    for folder in Set(file.path.split(separator: "/").dropLast()) { files[folder, default: []].append(number) }
                }
                filesByFolderName = files
            }
            let module = Self.evidence(for: name, in: index, files: filesByFolderName?[Substring(name)] ?? [])
            known[name] = module
            return module
        }

        /// The domain and data side: a `Domain` package of entities, use cases and services is
        /// one a View imports only to reach what its Presenter should hand it.
        private static let dataSide: Set<Layer> = [.entity, .service, .interactor]

        /// `UIButton`, `NSView`, SwiftUI's `View`: what only UI code inherits.
        private static func isUIBase(_ name: String) -> Bool {
            let simple = name.split(separator: ".").last.map(String.init) ?? name
            return simple == "View" || simple.hasSuffix("Representable") || (simple.hasPrefix("UI") && simple.dropFirst(2).first?.isUppercase == true)
                || (simple.hasPrefix("NS") && (simple.hasSuffix("View") || simple.hasSuffix("Controller")))
        }

        /// `files`: the files below a folder named `name`.
        private static func evidence(for name: String, in index: ProjectIndex, files: [Int]) -> Module? {
            guard !name.isEmpty else { return nil }
            var total = 0
            var layered: [(layer: Layer, name: String)] = []
            for file in files {
                for id in index.files[file].symbolIDs.compactMap({ $0 }) {
                    total += 1
                    // A view of its own (unclassified outside a screen) makes it a UI module.
                    if index.declaration(of: index.symbols[id]).inherited.contains(where: isUIBase) { return nil }
                    // Its protocols (repository interfaces) are contracts anyone may know: no evidence either way.
                    if let layer = index.symbols[id].layer.layer, layer != .contracts { layered.append((layer, index.symbols[id].name)) }
                }
            }
            guard layered.count >= 3, layered.count * 4 >= total, layered.allSatisfy({ dataSide.contains($0.layer) }) else { return nil }
            let layers = Layer.allCases.filter { layer in layered.contains { $0.layer == layer } }
            return Module(layers: layers, examples: layers.compactMap { layer in layered.filter { $0.layer == layer }.map(\.name).min() })
        }
    }

    /// A struct or enum that has a layer other than Entity only by where it is declared (a
    /// result struct in a service's file, a status enum in a ViewModel folder) is data that
    /// crosses layers by design; naming it is no dependency on that layer's behaviour.
    /// An identifier value (`ChainAssetId`, `OrderID`: a struct or enum named so, holding only
    /// identifiers, strings and numbers) named by a View or view model: telling the Presenter
    /// which item was picked by its id is the VIPER way, not a dependency on entity data.
    static func isIdentifierForView(_ crossing: CrossLayerReference, context: RuleContext) -> Bool {
        guard crossing.to == .entity, crossing.from == .view || crossing.from == .viewModel else { return false }
        let target = crossing.target
        guard target.kind == .struct || target.kind == .enum, isIdentifierName(target.name) else { return false }
        return context.index.storedProperties(of: target).allSatisfy { _, property in
            !property.typeNames.isEmpty && property.typeNames.allSatisfy { name in
                identifierValueTypes.contains(name) || isIdentifierName(String(name.split(separator: ".").last ?? ""))
            }
        }
    }

    /// Modules that have an Interactor.
    static func modulesWithInteractors(_ index: ProjectIndex) -> Set<String> {
        Set(index.symbols.compactMap { $0.kind != .protocol && $0.layer.layer == .interactor ? $0.module.module : nil })
    }

    /// A Presenter of a module that has no Interactor reaching a service: the module's own
    /// design (VIPER without Interactors, a view model in the Presenter's role), where there is
    /// no Interactor to move the use to. A module that has one is judged as VIPER asks.
    static func isServiceOfInteractorlessModule(_ crossing: CrossLayerReference, modulesWithInteractors: Set<String>) -> Bool {
        guard crossing.from == .presenter, crossing.to == .service, let module = crossing.resolved.fromModule else { return false }
        return !modulesWithInteractors.contains(module)
    }

    /// Static members a cell's item reads to register or dequeue its cell.
    static let registrationMembers: Set<String> = ["reuseIdentifier", "identifier", "reuseId", "cellIdentifier", "nib", "nibName", "self"]

    /// A cell's view model naming its cell for the table's registration
    /// (`var cellReuseIdentifier: String { AssetCell.reuseIdentifier }`, `AssetCell.self`): the
    /// usual cell-item pattern, a token of the cell's type, not a dependency on its behaviour.
    static func isCellRegistration(_ crossing: CrossLayerReference) -> Bool {
        let reference = crossing.resolved.reference
        return crossing.from == .viewModel && crossing.to == .view && reference.kind == .staticAccess
            && reference.accessedMember.map(registrationMembers.contains) == true
    }

    /// A bare option enum (`enum Direction { case forward, backward }`: cases without
    /// payloads or raw values, no members, no conformances beyond equality and iteration)
    /// named by a View or view model: choosing an option to tell the Presenter is no
    /// dependency on entity data. An enum with a raw value or members (`rawValue` for a label,
    /// `var icon`) is the entity's data the View interprets, and stays a finding.
    static func isBareOptionForView(_ crossing: CrossLayerReference, context: RuleContext) -> Bool {
        guard crossing.to == .entity, crossing.from == .view || crossing.from == .viewModel, crossing.target.kind == .enum else { return false }
        let target = crossing.target
        let plainConformances: Set<String> = ["Equatable", "Hashable", "CaseIterable", "Sendable"]
        guard target.conformances.allSatisfy({ plainConformances.contains(String($0.split(separator: ".").last ?? "")) }) else { return false }
        let facts = context.index.files[target.file].facts
        let ownDeclarations = Set(facts.types.indices.filter { context.index.ownerID(ofDeclaration: $0, inFile: target.file) == target.id })
        let hasMembers = facts.functions.contains { $0.location.context.map(ownDeclarations.contains) == true }
        let hasPayloads = facts.references.contains { $0.context == target.declaration }
        return !hasMembers && !hasPayloads && facts.types.indices.allSatisfy { facts.types[$0].parent != target.declaration }
    }

    static let identifierValueTypes: Set<String> = ["String", "Int", "Int32", "Int64", "UInt", "UInt32", "UInt64", "UUID", "Substring"]

    static func isIdentifierName(_ name: String) -> Bool {
        name.hasSuffix("Id") || name.hasSuffix("ID") || name.hasSuffix("Identifier")
    }

    /// The Interactor side creating a display item filed with the View
    /// (`TransactionDisplayer(tx:)` in `Transactions/View/`): it does the Presenter's work,
    /// whatever the item's kind; only passing such data along is by design.
    static func buildsDisplayData(_ crossing: CrossLayerReference) -> Bool {
        (crossing.from == .interactor || crossing.from == .service) && (crossing.to == .viewModel || crossing.to == .view)
            && crossing.resolved.reference.kind == .instantiation
    }

    static func isPlacedData(_ target: TypeSymbol) -> Bool {
        guard target.kind == .struct || target.kind == .enum, target.layer.layer != .entity,
              let signal = target.layer.signal else { return false }
        return signal == .folderName || signal == .fileNameSuffix || signal == .enclosingType
    }

    /// "Presenter file of module 'Home'".
    static func fileSubject(layer: Layer, module: String?) -> String {
        "\(layer.name) file" + (module.map { " of module '\($0)'" } ?? "")
    }

    private static func moduleSuffix(_ module: String?) -> String {
        module.map { " of module '\($0)'" } ?? ""
    }

    /// Names the layers that may use `to`, so the fix is concrete.
    static func fix(to: Layer, context: RuleContext) -> String {
        var users: [String] = []
        // Contracts hold protocols only: no place to move a use to.
        for layer in context.ruleSet.activeLayers where layer != to && layer != .contracts && !context.ruleSet.isBuilder(layer) {
            let dependencies = context.ruleSet.dependencies(of: layer)
            if dependencies.allow.contains(to) { users.append(layer.name) }
            if dependencies.viaProtocol.contains(to) { users.append("\(layer.name) (through a protocol)") }
        }
        let builders = context.ruleSet.builders.map(\.name).joined(separator: ", ")
        guard !users.isEmpty else { return "Only builders (\(builders)) may use \(to.name)." }
        return "Move this use to a layer that may depend on \(to.name): \(users.joined(separator: ", "))."
    }

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("A View takes plain data that the goal Service creates (no name, folder or conformance says entity)", files: [
                ("PlainModels/Goal.swift", "import Foundation\n\nfinal class Goal: NSObject {\n    var habit: String\n    init(habit: String) { self.habit = habit }\n}\n"),
                ("Goals/GoalService.swift", "final class GoalService {\n    func all() -> [Goal] { [Goal(habit: \"run\")] }\n}\n"),
                ("Goals/GoalsInteractor.swift", "final class GoalsInteractor {\n    let service = GoalService()\n}\n"),
                ("Goals/GoalsPresenter.swift", "final class GoalsPresenter {\n    let interactor = GoalsInteractor()\n}\n"),
                ("Goals/GoalsViewController.swift", """
                    import UIKit

                    final class GoalsViewController: UIViewController {
                        var presenter: GoalsPresenter?
                        func show(goals: [↓Goal]) {}
                    }
                    """),
            ], configuration: #"{ "version": 1, "rules": { "concrete-dependency": "off" } }"#),
            RuleExample("A View calls the favorites manager, a service by its role: an Interactor uses it and it reaches the NetworkService", files: [
                ("Network/NetworkService.swift", "final class NetworkService {\n    func send(path: String) {}\n}\n"),
                ("Combine/FavoritesManager.swift", """
                    final class FavoritesManager {
                        static let shared = FavoritesManager()
                        private let network = NetworkService()
                        func add(id: Int) { network.send(path: "/favourite/\\(id)") }
                    }
                    """),
                ("Favorites/FavoritesPresenter.swift", "final class FavoritesPresenter {}\n"),
                ("Favorites/FavoritesInteractor.swift", """
                    final class FavoritesInteractor {
                        func toggle(id: Int) { FavoritesManager.shared.add(id: id) }
                    }
                    """),
                ("Favorites/FavoritesViewController.swift", """
                    import UIKit

                    final class FavoritesViewController: UIViewController {
                        var presenter: FavoritesPresenter?
                        func didTapLike(id: Int) {
                            ↓FavoritesManager.shared.add(id: id)
                        }
                    }
                    """),
            ]),
            RuleExample("Clean Swift: a View holds the Codable model its scene's Worker fetches (filed in the Models file, outside its Models enum)", files: [
                ("Scenes/Program/VIP/ProgramModels.swift", """
                    enum ProgramModels {
                        enum Load {
                            struct Request {}
                            struct Response { let program: ProgramModel }
                            struct ViewModel { let title: String }
                        }
                    }

                    struct ProgramModel: Codable {
                        let id: Int
                        let name: String
                    }
                    """),
                ("Scenes/Program/VIP/ProgramWorker.swift", "final class ProgramWorker {\n    func load(id: Int) -> ProgramModel? { nil }\n}\n"),
                ("Scenes/Program/VIP/ProgramInteractor.swift", """
                    protocol ProgramBusinessLogic { func load(request: ProgramModels.Load.Request) }

                    final class ProgramInteractor: ProgramBusinessLogic {
                        let worker = ProgramWorker()
                        func load(request: ProgramModels.Load.Request) {}
                    }
                    """),
                ("Scenes/Program/VIP/ProgramPresenter.swift", "protocol ProgramPresentationLogic {}\nfinal class ProgramPresenter: ProgramPresentationLogic {}\n"),
                ("Scenes/Program/ProgramViewController.swift", """
                    import UIKit

                    protocol ProgramDisplayLogic: AnyObject {}

                    final class ProgramViewController: UIViewController, ProgramDisplayLogic {
                        var interactor: ProgramBusinessLogic?
                        let program: ↓ProgramModel

                        init(program: ProgramModel) {
                            self.program = program
                            super.init(nibName: nil, bundle: nil)
                        }

                        required init?(coder: NSCoder) { nil }
                    }
                    """),
            ], configuration: #"{ "version": 1, "extends": "clean-swift" }"#),
            RuleExample("Clean Swift: a View of another scene holds the Codable model a scene's Worker fetches (domain data wherever it is filed)", files: [
                ("Scenes/Universities/VIP/UniversitiesModels.swift", """
                    enum UniversitiesModels {
                        enum Load {
                            struct Request {}
                            struct ViewModel { let names: [String] }
                        }
                    }

                    struct UniversityModel: Codable {
                        let id: Int
                        let name: String
                    }
                    """),
                ("Scenes/Universities/VIP/UniversitiesWorker.swift", "final class UniversitiesWorker {\n    func load() -> [UniversityModel] { [] }\n}\n"),
                ("Scenes/Universities/VIP/UniversitiesInteractor.swift", """
                    protocol UniversitiesBusinessLogic { func load(request: UniversitiesModels.Load.Request) }

                    final class UniversitiesInteractor: UniversitiesBusinessLogic {
                        let worker = UniversitiesWorker()
                        func load(request: UniversitiesModels.Load.Request) {}
                    }
                    """),
                ("Scenes/Universities/VIP/UniversitiesPresenter.swift", "protocol UniversitiesPresentationLogic {}\nfinal class UniversitiesPresenter: UniversitiesPresentationLogic {}\n"),
                ("Scenes/Program/VIP/ProgramInteractor.swift", """
                    protocol ProgramBusinessLogic {}

                    final class ProgramInteractor: ProgramBusinessLogic {}
                    """),
                ("Scenes/Program/VIP/ProgramPresenter.swift", "protocol ProgramPresentationLogic {}\nfinal class ProgramPresenter: ProgramPresentationLogic {}\n"),
                ("Scenes/Program/ProgramViewController.swift", """
                    import UIKit

                    protocol ProgramDisplayLogic: AnyObject {}

                    final class ProgramViewController: UIViewController, ProgramDisplayLogic {
                        var interactor: ProgramBusinessLogic?
                        var university: ↓UniversityModel?
                    }
                    """),
            ], configuration: #"{ "version": 1, "extends": "clean-swift" }"#),
            RuleExample("A View names an entity", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Entities/Article.swift", "struct Article {\n    let title: String\n}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewController.swift", """
                    import UIKit

                    final class HomeViewController: UIViewController {
                        var items: [↓Article] = []
                    }
                    """),
            ]),
            RuleExample("A View reads an entity's fields through a display item of another module", files: [
                ("Entities/Transfer.swift", "struct Transfer {\n    let amount: Int\n}\n"),
                ("Transfers/TransfersInteractor.swift", "final class TransfersInteractor {}\n"),
                ("Transfers/TransfersPresenter.swift", "final class TransfersPresenter {}\n"),
                ("Transfers/View/TransferRow.swift", "struct TransferRow {\n    let transfer: Transfer\n    let title: String\n}\n"),
                ("TransferDetails/TransferDetailsInteractor.swift", "final class TransferDetailsInteractor {}\n"),
                ("TransferDetails/TransferDetailsPresenter.swift", "final class TransferDetailsPresenter {}\n"),
                ("TransferDetails/TransferDetailsViewController.swift", """
                    import UIKit

                    final class TransferDetailsViewController: UIViewController {
                        let amountLabel = UILabel()

                        func show(_ row: TransferRow) {
                            amountLabel.text = "\\(↓row.transfer.amount)"
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor builds the View's display items (filed in the View folder)", files: [
                ("Entities/Transfer.swift", "struct Transfer: Codable {\n    let amount: Int\n}\n"),
                ("Transfers/TransfersPresenter.swift", "final class TransfersPresenter {\n    func show(_ rows: [TransferRow]) {}\n}\n"),
                ("Transfers/View/TransferRow.swift", "struct TransferRow {\n    let title: String\n    init(transfer: Transfer) { title = \"\\(transfer.amount)\" }\n}\n"),
                ("Transfers/TransfersInteractor.swift", """
                    final class TransfersInteractor {
                        var presenter: TransfersPresenter?

                        func load(_ transfers: [Transfer]) {
                            presenter?.show(transfers.map { ↓TransferRow(transfer: $0) })
                        }
                    }
                    """),
            ]),
            RuleExample("A View stores API data that no name or folder calls an entity: Decodable, and the Interactor side fetches it", files: [
                ("Core/ServiceModels/Wine.swift", "public struct Wine: Decodable {\n    public let title: String\n}\n"),
                ("Core/ServiceModels/Shelf.swift", "public struct Shelf: Decodable {\n    public let wines: [Wine]\n}\n"),
                ("Showcase/ShowcaseInteractor.swift", "final class ShowcaseInteractor {\n    func load(_ done: ([Shelf]) -> Void) {}\n}\n"),
                ("Showcase/ShowcasePresenter.swift", "final class ShowcasePresenter {}\n"),
                ("Showcase/ShowcaseCellView.swift", """
                    import UIKit

                    final class ShowcaseCellView: UIView {
                        private var wines: [↓Wine] = []
                    }
                    """),
            ]),
            RuleExample("A View reaches the Router through its Presenter", files: [
                ("Home/HomeRouter.swift", "final class HomeRouter {\n    func loginTitle() -> String { \"\" }\n}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {\n    var router: HomeRouter?\n}\n"),
                ("Home/HomeView.swift", """
                    import SwiftUI

                    struct HomeView: View {
                        let presenter: HomePresenter

                        var body: some View {
                            Text(↓presenter.router?.loginTitle() ?? "")
                        }
                    }
                    """),
            ]),
            RuleExample("A View file imports the project's own data-side module (repositories, API models)", files: [
                ("Database/Sources/WinesRepository.swift", "public final class WinesRepository {}\n"),
                ("Database/Sources/CartRepository.swift", "public final class CartRepository {}\n"),
                ("Database/Sources/NotesRepository.swift", "public final class NotesRepository {}\n"),
                ("App/Home/HomeInteractor.swift", "import Database\n\nfinal class HomeInteractor {\n    let wines = WinesRepository()\n}\n"),
                ("App/Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("App/Home/HomeViewController.swift", """
                    ↓import Database
                    import UIKit

                    final class HomeViewController: UIViewController {}
                    """),
            ]),
            RuleExample("A View file imports the project's Domain package of entities and use cases", files: [
                ("Domain/Sources/Entities/WalletEntity.swift", "public struct WalletEntity: Codable {\n    public let id: Int\n}\n"),
                ("Domain/Sources/UseCases/WalletsUseCase.swift", """
                    public protocol WalletsUseCaseProtocol {
                        func execute() -> [WalletEntity]
                    }

                    public final class WalletsUseCase: WalletsUseCaseProtocol {
                        public func execute() -> [WalletEntity] { [] }
                    }
                    """),
                ("Domain/Sources/Services/AccountService.swift", "public final class AccountService {}\n"),
                ("App/Wallets/WalletsPresenter.swift", "import Domain\n\nfinal class WalletsPresenter {\n    var useCase: WalletsUseCaseProtocol?\n}\n"),
                ("App/Wallets/WalletsViewController.swift", """
                    ↓import Domain
                    import UIKit

                    final class WalletsViewController: UIViewController {}
                    """),
            ]),
            RuleExample("A Presenter takes a repository through its protocol: data access around the Interactor", files: [
                ("Orders/OrdersInteractor.swift", "final class OrdersInteractor {}\n"),
                ("Common/OrdersRepository.swift", "protocol OrdersRepositoryProtocol {\n    func orders() -> [String]\n}\n\nfinal class OrdersRepository: OrdersRepositoryProtocol {\n    func orders() -> [String] { [] }\n}\n"),
                ("Orders/OrdersPresenter.swift", """
                    final class OrdersPresenter {
                        init(repository: ↓OrdersRepositoryProtocol) {}
                    }
                    """),
            ]),
            RuleExample("A View protocol hands the View an entity: one finding at the contract, the implementation is its other site", files: [
                ("Entities/User.swift", "struct User: Codable {\n    let name: String\n}\n"),
                ("Profile/ProfileInteractor.swift", "final class ProfileInteractor {}\n"),
                ("Profile/ProfilePresenter.swift", "final class ProfilePresenter {}\n"),
                ("Profile/ProfileViewProtocol.swift", """
                    protocol ProfileViewProtocol: AnyObject {
                        func show(user: ↓User)
                    }
                    """),
                ("Profile/ProfileViewController.swift", """
                    import UIKit

                    final class ProfileViewController: UIViewController, ProfileViewProtocol {
                        private var user: User?

                        func show(user: User) {
                            title = user.name
                        }
                    }
                    """),
            ]),
            RuleExample("A View names an entity and one it holds: one finding, the held entity is the same problem", files: [
                ("Entities/Stay.swift", "struct Stay: Codable {\n    let rooms: [Room]\n}\n"),
                ("Entities/Room.swift", "struct Room: Codable {\n    let beds: Int\n}\n"),
                ("Stay/StayInteractor.swift", "final class StayInteractor {}\n"),
                ("Stay/StayPresenter.swift", "final class StayPresenter {}\n"),
                ("Stay/StayView.swift", """
                    import SwiftUI

                    struct StayView: View {
                        let stay: ↓Stay

                        func row(_ room: Room) -> some View { Text("\\(room.beds)") }

                        var body: some View {
                            ForEach(stay.rooms.indices, id: \\.self) { row(stay.rooms[$0]) }
                        }
                    }
                    """),
            ]),
            RuleExample("A cell names an entity and the kind of the entity the first one holds: one finding, two steps down is the same problem", files: [
                ("Entities/Transaction.swift", "struct Transaction: Codable {\n    let category: Category\n    let amount: Double\n}\n"),
                ("Entities/Category.swift", "enum CategoryKind: String, Codable {\n    case income, expense\n}\n\nstruct Category: Codable {\n    let kind: CategoryKind\n}\n"),
                ("Wallet/WalletInteractor.swift", "final class WalletInteractor {}\n"),
                ("Wallet/WalletPresenter.swift", "final class WalletPresenter {}\n"),
                ("Wallet/TransactionCell.swift", """
                    import UIKit

                    final class TransactionCell: UITableViewCell {
                        func configure(with transaction: ↓Transaction) {
                            textLabel?.text = amountTitle(transaction.amount, kind: transaction.category.kind)
                        }

                        private func amountTitle(_ amount: Double, kind: CategoryKind) -> String {
                            kind == .income ? "+\\(amount)" : "-\\(amount)"
                        }
                    }
                    """),
            ]),
            RuleExample("A View implements another module's protocol but reads the entity's fields itself", files: [
                ("Entities/User.swift", "struct User: Codable {\n    let id: Int\n    let details: String\n}\n"),
                ("Modules/Profile/ProfileInteractor.swift", """
                    protocol ProfileSubmoduleProtocol: AnyObject {
                        func update(with user: User)
                    }

                    final class ProfileInteractor {
                        var submodules: [ProfileSubmoduleProtocol] = []
                    }
                    """),
                ("Modules/Profile/ProfilePresenter.swift", "final class ProfilePresenter {}\n"),
                ("Modules/Details/DetailsInteractor.swift", "final class DetailsInteractor {}\n"),
                ("Modules/Details/DetailsPresenter.swift", "final class DetailsPresenter {\n    var interactor: DetailsInteractor?\n}\n"),
                ("Modules/Details/DetailsViewController.swift", """
                    import UIKit

                    final class DetailsViewController: UIViewController {
                        var text = ""
                    }

                    extension DetailsViewController: ProfileSubmoduleProtocol {
                        func update(with user: ↓User) {
                            text = user.details
                        }
                    }
                    """),
            ]),
            RuleExample("A View holds a worker (a service by its name) and calls it around its Interactor", files: [
                ("Scenes/News/NewsInteractor.swift", "final class NewsInteractor {}\n"),
                ("Scenes/News/NewsPresenter.swift", "final class NewsPresenter {}\n"),
                ("Scenes/News/NewsWorker.swift", "final class NewsWorker {\n    func bookmark(id: Int) {}\n}\n"),
                ("Scenes/News/NewsViewController.swift", """
                    import UIKit

                    final class NewsViewController: UIViewController {
                        var worker: ↓NewsWorker?

                        func didTapBookmark(id: Int) {
                            worker?.bookmark(id: id)
                        }
                    }
                    """),
            ]),
            RuleExample("A Presenter adopts a service's callback protocol, so the service calls it around the Interactor", files: [
                ("Services/Pin/PinService.swift", """
                    protocol PinServiceDelegate: AnyObject {
                        func pinDidSucceed()
                    }

                    final class PinService {
                        weak var delegate: PinServiceDelegate?
                    }
                    """),
                ("Pin/PinInteractor.swift", "final class PinInteractor {}\n"),
                ("Pin/PinPresenter.swift", """
                    final class PinPresenter {}

                    extension PinPresenter: ↓PinServiceDelegate {
                        func pinDidSucceed() {}
                    }
                    """),
            ]),
            RuleExample("A SwiftUI view loads through a service of static functions", files: [
                ("Profile/ProfileInteractor.swift", "final class ProfileInteractor {}\n"),
                ("Profile/ProfilePresenter.swift", "import Combine\nfinal class ProfilePresenter: ObservableObject {\n    @Published private(set) var imagePath = \"\"\n}\n"),
                ("Services/ImageService.swift", "struct ImageService {\n    static func loadImage(path: String) {}\n}\n"),
                ("Profile/ProfileImage.swift", """
                    import SwiftUI

                    struct ProfileImage: View {
                        @ObservedObject var presenter: ProfilePresenter

                        var body: some View {
                            Color.clear.onAppear { ↓ImageService.loadImage(path: presenter.imagePath) }
                        }
                    }
                    """),
            ]),
            RuleExample("A View names its Interactor's protocol", files: [
                ("Home/HomeInteractor.swift", """
                    protocol HomeInteractorInput: AnyObject {
                        func load()
                    }

                    final class HomeInteractor: HomeInteractorInput {
                        func load() {}
                    }
                    """),
                ("Home/HomeViewController.swift", """
                    final class HomeViewController {
                        var interactor: ↓HomeInteractorInput?
                    }
                    """),
            ]),
            RuleExample("An Interactor calls its Router", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeRouter.swift", "final class HomeRouter {\n    static func close() {}\n}\n"),
                ("Home/HomeInteractor.swift", """
                    final class HomeInteractor {
                        func finish() {
                            ↓HomeRouter.close()
                        }
                    }
                    """),
            ]),
            RuleExample("A `*Controller` in a Controller folder is its module's View by its UIKit superclass", files: [
                ("Orders/OrdersPresenter.swift", "final class OrdersPresenter {}\n"),
                ("Orders/OrdersInteractor.swift", "final class OrdersInteractor {}\n"),
                ("Entities/Order.swift", "struct Order {\n    let id: Int\n}\n"),
                ("Orders/Controller/OrdersController.swift", """
                    import UIKit

                    final class OrdersController: UIViewController {
                        var orders: [↓Order] = []
                    }
                    """),
            ]),
            RuleExample("A SwiftUI View reaches entities through its presenter's list and a ForEach parameter", files: [
                ("Entities/Article.swift", "struct Article: Identifiable {\n    let id: Int\n    let title: String\n}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", """
                    import Combine

                    final class HomePresenter: ObservableObject {
                        @Published private(set) var articles: [Article] = []
                    }
                    """),
                ("Home/HomeView.swift", """
                    import SwiftUI

                    struct HomeView: View {
                        @ObservedObject var presenter: HomePresenter

                        var body: some View {
                            List {
                                ForEach(↓presenter.articles) { article in
                                    Text(article.title)
                                }
                            }
                        }
                    }
                    """),
            ]),
            RuleExample("A View uses the entity its presenter protocol's method returns", files: [
                ("Entities/Order.swift", "struct Order {\n    let total: Double\n}\n"),
                ("Orders/OrdersInteractor.swift", "final class OrdersInteractor {}\n"),
                ("Orders/OrdersPresenter.swift", """
                    protocol OrdersViewOutput: AnyObject {
                        var count: Int { get }
                        func order(at index: Int) -> Order
                    }

                    final class OrdersPresenter: OrdersViewOutput {
                        var orders: [Order] = []
                        var count: Int { orders.count }
                        func order(at index: Int) -> Order { orders[index] }
                    }
                    """),
                ("Orders/OrdersViewController.swift", """
                    import UIKit

                    final class OrdersViewController: UIViewController {
                        var output: OrdersViewOutput?

                        func configure(_ cell: UITableViewCell, at row: Int) {
                            guard let output else { return }
                            let order = ↓output.order(at: row)
                            cell.textLabel?.text = "\\(order.total)"
                        }
                    }
                    """),
            ]),
            RuleExample("An Entity names a view model", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewModel.swift", "struct HomeViewModel {\n    let title: String\n}\n"),
                ("Entities/Article.swift", "struct Article {\n    let style: ↓HomeViewModel\n}\n"),
            ]),
            RuleExample("A View file imports the Entity layer's Swift module", files: [
                ("Package.swift", """
                    // swift-tools-version:5.9
                    import PackageDescription
                    let package = Package(name: "App", targets: [
                        .target(name: "Entity"),
                        .target(name: "Presenter", dependencies: ["Entity"]),
                        .target(name: "View", dependencies: ["Presenter"]),
                    ])
                    """),
                ("Sources/Entity/Article.swift", "public struct Article {}\n"),
                ("Sources/View/ArticleView.swift", "↓import Entity\nimport SwiftUI\n\nstruct ArticleView {}\n"),
            ]),
        ],
        nonTriggering: [
            RuleExample("A Presenter holds a toast helper named a Service that shows itself in its own window: a view helper, not a service", files: [
                ("Orders/OrdersInteractor.swift", "final class OrdersInteractor {}\n"),
                ("Common/ToastService.swift", "import UIKit\n\nfinal class ToastService {\n    private var window: UIWindow?\n\n    func show(_ text: String) {}\n}\n"),
                ("Orders/OrdersPresenter.swift", """
                    final class OrdersPresenter {
                        let interactor = OrdersInteractor()
                        let toasts = ToastService()
                    }
                    """),
            ]),
            RuleExample("A View shows an alert model a Service builds: it holds an action closure, behaviour rather than domain data", files: [
                ("Common/ActionAlertModel.swift", "struct ActionAlertModel {\n    let actionText: String\n    let actionHandler: () -> Void\n}\n"),
                ("Profile/ProfileService.swift", "final class ProfileService {\n    func failure() -> ActionAlertModel { ActionAlertModel(actionText: \"Cancel\", actionHandler: {}) }\n}\n"),
                ("Profile/ProfileInteractor.swift", "final class ProfileInteractor {\n    let service = ProfileService()\n}\n"),
                ("Profile/ProfilePresenter.swift", "final class ProfilePresenter {\n    let interactor = ProfileInteractor()\n}\n"),
                ("Profile/ProfileViewController.swift", """
                    import UIKit

                    final class ProfileViewController: UIViewController {
                        var presenter: ProfilePresenter?
                        func presentAlert(action: ActionAlertModel) {}
                    }
                    """),
            ], configuration: #"{ "version": 1, "rules": { "concrete-dependency": "off" } }"#),
            RuleExample("A plain view controller filed in a module, wired to none of its parts where the project's others are: MVC code, not the module's View", files: [
                ("Entities/Address.swift", "struct Address: Codable {\n    let street: String\n}\n"),
                ("Addresses/AddressesInteractor.swift", "final class AddressesInteractor {\n    func load() -> [Address] { [] }\n}\n"),
                ("Addresses/AddressesPresenter.swift", "final class AddressesPresenter {\n    let interactor = AddressesInteractor()\n}\n"),
                ("Addresses/AddressesViewController.swift", "import UIKit\n\nfinal class AddressesViewController: UIViewController {\n    var presenter: AddressesPresenter?\n}\n"),
                ("Addresses/AddAddressViewController.swift", """
                    import UIKit

                    final class AddAddressViewController: UIViewController {
                        private var address: Address?
                    }
                    """),
                ("Cart/CartInteractor.swift", "final class CartInteractor {}\n"),
                ("Cart/CartPresenter.swift", "final class CartPresenter {\n    let interactor = CartInteractor()\n}\n"),
                ("Cart/CartViewController.swift", "import UIKit\n\nfinal class CartViewController: UIViewController {\n    var presenter: CartPresenter?\n}\n"),
                ("Orders/OrdersInteractor.swift", "final class OrdersInteractor {}\n"),
                ("Orders/OrdersPresenter.swift", "final class OrdersPresenter {\n    let interactor = OrdersInteractor()\n}\n"),
                ("Orders/OrdersViewController.swift", "import UIKit\n\nfinal class OrdersViewController: UIViewController {\n    var presenter: OrdersPresenter?\n}\n"),
            ], configuration: #"{ "version": 1, "rules": { "concrete-dependency": "off" } }"#),
            RuleExample("A View posts a notification named by an enum in Entities/ that no code holds, takes or returns: constants, not data", files: [
                ("Entities/NotificationNames.swift", """
                    import Foundation

                    enum NotificationNames: String {
                        case updateTables
                        var name: Notification.Name { Notification.Name(rawValue) }
                    }
                    """),
                ("ToDos/ToDosPresenter.swift", "final class ToDosPresenter {}\n"),
                ("ToDos/ToDosInteractor.swift", """
                    import Foundation

                    final class ToDosInteractor {
                        func save() { NotificationCenter.default.post(name: NotificationNames.updateTables.name, object: nil) }
                    }
                    """),
                ("ToDos/ToDosViewController.swift", """
                    import UIKit

                    final class ToDosViewController: UIViewController {
                        var presenter: ToDosPresenter?
                        func done() { NotificationCenter.default.post(name: NotificationNames.updateTables.name, object: nil) }
                    }
                    """),
            ]),
            RuleExample("A cell calls an image loader that reaches the NetworkService but only views use: a view helper, not the data side's service", files: [
                ("Network/NetworkService.swift", "final class NetworkService {\n    func send(path: String) {}\n}\n"),
                ("Common/ImageLoader.swift", """
                    final class ImageLoader {
                        static let shared = ImageLoader()
                        private let network = NetworkService()
                        func load(path: String) { network.send(path: path) }
                    }
                    """),
                ("Favorites/FavoritesPresenter.swift", "final class FavoritesPresenter {}\n"),
                ("Favorites/FavoritesInteractor.swift", "final class FavoritesInteractor {\n    let network = NetworkService()\n}\n"),
                ("Favorites/FavoritesViewController.swift", """
                    import UIKit

                    final class FavoritesViewController: UIViewController {
                        var presenter: FavoritesPresenter?
                        func show(path: String) {
                            ImageLoader.shared.load(path: path)
                        }
                    }
                    """),
            ]),
            RuleExample("A module without an Interactor: its Presenter uses its worker itself, there is nowhere to move it", files: [
                ("Services/NewsWorker.swift", "final class NewsWorker {\n    func load() {}\n}\n"),
                ("News/NewsRouter.swift", "protocol NewsRouting: AnyObject {}\nfinal class NewsRouter: NewsRouting {}\n"),
                ("News/NewsViewController.swift", "import UIKit\n\nprotocol NewsViewProtocol: AnyObject {}\nfinal class NewsViewController: UIViewController, NewsViewProtocol {}\n"),
                ("News/NewsPresenter.swift", """
                    final class NewsPresenter {
                        weak var view: NewsViewProtocol?
                        let router: NewsRouting
                        let worker = NewsWorker()

                        init(router: NewsRouting) {
                            self.router = router
                        }

                        func didLoad() {
                            worker.load()
                        }
                    }
                    """),
            ]),
            RuleExample("A cell's view model names its cell for the table's registration", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewController.swift", "import UIKit\n\nfinal class HomeViewController: UIViewController {}\n"),
                ("Home/Cells/AssetCell.swift", """
                    import UIKit

                    final class AssetCell: UITableViewCell {
                        static let reuseIdentifier = "AssetCell"
                    }
                    """),
                ("Home/Cells/AssetCellViewModel.swift", """
                    final class AssetCellViewModel {
                        let title: String
                        var cellReuseIdentifier: String { AssetCell.reuseIdentifier }
                        var cellType: AnyClass { AssetCell.self }

                        init(title: String) {
                            self.title = title
                        }
                    }
                    """),
            ]),
            RuleExample("A View file imports the project's design-system module, which holds views", files: [
                ("DesignKit/Sources/ShinyButton.swift", "import UIKit\n\npublic final class ShinyButton: UIButton {}\n"),
                ("DesignKit/Sources/ThemeService.swift", "public final class ThemeService {}\n"),
                ("DesignKit/Sources/FontService.swift", "public final class FontService {}\n"),
                ("DesignKit/Sources/ColorService.swift", "public final class ColorService {}\n"),
                ("App/Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("App/Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("App/Home/HomeViewController.swift", """
                    import DesignKit
                    import UIKit

                    final class HomeViewController: UIViewController {
                        let button = ShinyButton()
                    }
                    """),
            ]),
            RuleExample("A View keeps a Codable value of its own that no Interactor or Service produces or consumes", files: [
                ("Showcase/Layout/GridLayout.swift", "struct GridLayout: Codable {\n    let columns: Int\n}\n"),
                ("Showcase/ShowcaseInteractor.swift", "final class ShowcaseInteractor {}\n"),
                ("Showcase/ShowcasePresenter.swift", "final class ShowcasePresenter {}\n"),
                ("Showcase/ShowcaseViewController.swift", """
                    import UIKit

                    final class ShowcaseViewController: UIViewController {
                        private var layout = GridLayout(columns: 2)
                    }
                    """),
            ]),
            RuleExample("A View passes a bare option enum (cases only) to its Presenter: choosing an option is no entity data", files: [
                ("Model/Direction.swift", "enum Direction {\n    case forward\n    case backward\n}\n"),
                ("Lesson/LessonInteractor.swift", "final class LessonInteractor {\n    func move(_ direction: Direction) {}\n}\n"),
                ("Lesson/LessonPresenter.swift", "final class LessonPresenter {\n    func move(_ direction: Direction) {}\n}\n"),
                ("Lesson/LessonViewController.swift", """
                    import UIKit

                    final class LessonViewController: UIViewController {
                        var presenter: LessonPresenter?

                        private func go(_ direction: Direction) {
                            presenter?.move(direction)
                        }
                    }
                    """),
            ]),
            RuleExample("A View builds a value only to hand it to an embedded child module's input", files: [
                ("Model/SearchQuery.swift", "struct SearchQuery: Codable {\n    let filters: [String]\n}\n"),
                ("Modules/Results/ResultsInteractor.swift", "final class ResultsInteractor {}\n"),
                ("Modules/Results/ResultsPresenter.swift", "final class ResultsPresenter {}\n"),
                ("Modules/Results/ResultsModuleInput.swift", """
                    protocol ResultsModuleInput: AnyObject {
                        func queryChanged(to query: SearchQuery)
                    }
                    """),
                ("Modules/Explore/ExploreInteractor.swift", "final class ExploreInteractor {\n    func search(_ query: SearchQuery) {}\n}\n"),
                ("Modules/Explore/ExplorePresenter.swift", "final class ExplorePresenter {}\n"),
                ("Modules/Explore/ExploreViewController.swift", """
                    import UIKit

                    final class ExploreViewController: UIViewController {
                        private var resultsInput: ResultsModuleInput?

                        func displayFilters(_ filters: [String]) {
                            let query = SearchQuery(filters: filters)
                            self.resultsInput?.queryChanged(to: query)
                        }
                    }
                    """),
            ]),
            RuleExample("A View builds the next module and shows it, handing it the entity it got: that routing is module-construction's one finding", files: [
                ("Entities/Review.swift", "struct Review {\n    let id: Int\n    var text: String\n}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {\n    func reviews() -> [Review] { [] }\n}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Edit/EditInteractor.swift", "final class EditInteractor {}\n"),
                ("Edit/EditPresenter.swift", "final class EditPresenter {}\n"),
                ("Edit/EditAssembly.swift", """
                    import UIKit

                    enum EditAssembly {
                        static func build(review: Review) -> UIViewController {
                            _ = EditPresenter()
                            return UIViewController()
                        }
                    }
                    """),
                ("Home/HomeViewController.swift", """
                    import UIKit

                    final class HomeViewController: UIViewController {
                        func displayEditor(for review: Review) {
                            let editor = EditAssembly.build(review: review)
                            present(editor, animated: true)
                        }
                    }
                    """),
            ]),
            RuleExample("A View forwards the picked item's identifier (an id value type) to its Presenter", files: [
                ("Entities/Asset.swift", "struct Asset {\n    let id: AssetId\n    var balance: Double\n}\n"),
                ("Entities/AssetId.swift", "struct AssetId: Hashable {\n    let chainId: Chain.Id\n    let index: Int\n}\n"),
                ("Entities/Chain.swift", "struct Chain {\n    typealias Id = String\n    let id: Id\n}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {\n    func assets() -> [Asset] { [] }\n}\n"),
                ("Home/HomePresenter.swift", "protocol HomePresenterProtocol: AnyObject {\n    func select(_ id: AssetId)\n}\n"),
                ("Home/HomeViewController.swift", """
                    import UIKit

                    final class HomeViewController: UIViewController {
                        var presenter: HomePresenterProtocol?

                        func didSelect(_ id: AssetId) {
                            presenter?.select(id)
                        }
                    }
                    """),
            ]),
            RuleExample("A View opens a deep link through a routing service that takes view controllers (a navigation helper)", files: [
                ("Modules/Lesson/LessonInteractor.swift", "final class LessonInteractor {}\n"),
                ("Modules/Lesson/LessonPresenter.swift", "final class LessonPresenter {}\n"),
                ("Services/DeepLinkRoutingService.swift", """
                    import UIKit

                    final class DeepLinkRoutingService {
                        func route(path: String, from source: UIViewController?) {}
                    }
                    """),
                ("Modules/Lesson/LessonViewController.swift", """
                    import UIKit

                    final class LessonViewController: UIViewController {
                        let deepLinkRoutingService = DeepLinkRoutingService()

                        func open(path: String) {
                            deepLinkRoutingService.route(path: path, from: self)
                        }
                    }
                    """),
            ]),
            RuleExample("A View uses a model filed in another screen's folder (module coupling, not a domain entity)", files: [
                ("Modules/Browser/BrowserInteractor.swift", "final class BrowserInteractor {\n    var transports: [TransportModel] = []\n}\n"),
                ("Modules/Browser/BrowserPresenter.swift", "final class BrowserPresenter {}\n"),
                ("Modules/Browser/Model/TransportModel.swift", "struct TransportModel {\n    let name: String\n    let scripts: [String]\n}\n"),
                ("Modules/PayCard/PayCardInteractor.swift", "final class PayCardInteractor {}\n"),
                ("Modules/PayCard/PayCardPresenter.swift", "final class PayCardPresenter {}\n"),
                ("Modules/PayCard/PayCardViewController.swift", """
                    import UIKit

                    final class PayCardViewController: UIViewController {
                        func didReceive(transport: TransportModel) {}
                    }
                    """),
            ]),
            RuleExample("A View hands entities of its view model to an embedded child module's input", files: [
                ("Entities/Attempt.swift", "struct Attempt: Codable {\n    let id: Int\n}\n"),
                ("Modules/Quiz/QuizInteractor.swift", "protocol QuizInputProtocol: AnyObject {\n    func change(attempt: Attempt)\n}\nfinal class QuizInteractor {}\n"),
                ("Modules/Review/ReviewInteractor.swift", "final class ReviewInteractor {\n    var attempt: Attempt?\n}\n"),
                ("Modules/Review/ReviewPresenter.swift", """
                    struct ReviewViewModel {
                        let attempt: Attempt
                    }

                    final class ReviewPresenter {
                        var viewModel: ReviewViewModel?
                    }
                    """),
                ("Modules/Review/ReviewViewController.swift", """
                    import UIKit

                    final class ReviewViewController: UIViewController {
                        var presenter: ReviewPresenter?
                        weak var childQuizInput: QuizInputProtocol?

                        func displayAttempt() {
                            guard let viewModel = presenter?.viewModel else { return }
                            childQuizInput?.change(attempt: viewModel.attempt)
                        }
                    }
                    """),
            ]),
            RuleExample("The Interactor adopts its service's callback protocol and tells the Presenter through its output", files: [
                ("Services/Pin/PinService.swift", """
                    protocol PinServiceDelegate: AnyObject {
                        func pinDidSucceed()
                    }

                    final class PinService {
                        weak var delegate: PinServiceDelegate?
                    }
                    """),
                ("Pin/PinPresenter.swift", "protocol PinInteractorOutput: AnyObject {\n    func didUnlock()\n}\nfinal class PinPresenter: PinInteractorOutput {\n    func didUnlock() {}\n}\n"),
                ("Pin/PinInteractor.swift", """
                    final class PinInteractor: PinServiceDelegate {
                        weak var output: PinInteractorOutput?
                        func pinDidSucceed() { output?.didUnlock() }
                    }
                    """),
            ]),
            RuleExample("A View implements a child module's output protocol and only passes the entity on", files: [
                ("Entities/Submission.swift", "struct Submission: Codable {\n    let id: Int\n}\n"),
                ("Modules/Submissions/SubmissionsInteractor.swift", """
                    protocol SubmissionsOutput: AnyObject {
                        func handleSubmissionSelected(_ submission: Submission)
                    }

                    final class SubmissionsInteractor {
                        weak var output: SubmissionsOutput?
                    }
                    """),
                ("Modules/Review/ReviewInteractor.swift", "final class ReviewInteractor {}\n"),
                ("Modules/Review/ReviewPresenter.swift", "final class ReviewPresenter {\n    func select(_ submission: Submission) {}\n}\n"),
                ("Modules/Review/ReviewViewController.swift", """
                    import UIKit

                    final class ReviewViewController: UIViewController {
                        var presenter: ReviewPresenter?
                    }

                    extension ReviewViewController: SubmissionsOutput {
                        func handleSubmissionSelected(_ submission: Submission) {
                            presenter?.select(submission)
                        }
                    }
                    """),
            ]),
            RuleExample("A view model names the binding protocol declared in its own file, which cells adopt", files: [
                ("Modules/Gallery/GalleryInteractor.swift", "final class GalleryInteractor {}\n"),
                ("Modules/Gallery/GalleryPresenter.swift", "final class GalleryPresenter {}\n"),
                ("Modules/Gallery/ViewModel/GalleryItemViewModel.swift", """
                    protocol GalleryItemViewProtocol: AnyObject {
                        func setName(_ name: String)
                    }

                    final class GalleryItemViewModel {
                        let name: String
                        init(name: String) { self.name = name }
                        func load(on view: GalleryItemViewProtocol) { view.setName(name) }
                    }
                    """),
                ("Modules/Gallery/View/GalleryItemCell.swift", """
                    import UIKit

                    final class GalleryItemCell: UICollectionViewCell, GalleryItemViewProtocol {
                        func setName(_ name: String) {}
                    }
                    """),
            ]),
            RuleExample("A variant enum in a Model folder that gives the screen its icons is display data, not an entity", files: [
                ("Modules/Signer/Model/SignerKind.swift", """
                    import UIKit

                    enum SignerKind {
                        case legacy, vault
                        var icon: UIImage? { nil }
                    }
                    """),
                ("Modules/Signer/SignerInteractor.swift", "final class SignerInteractor {\n    var kind = SignerKind.legacy\n}\n"),
                ("Modules/Signer/SignerPresenter.swift", "final class SignerPresenter {}\n"),
                ("Modules/Signer/SignerViewController.swift", """
                    import UIKit

                    final class SignerViewController: UIViewController {
                        var kind: SignerKind = .legacy
                    }
                    """),
            ]),
            RuleExample("A legacy MVC view controller that a VIPER screen pushes is its own screen, not a part of the VIPER one", files: [
                ("Entities/Video.swift", "struct Video: Codable {\n    let url: String\n}\n"),
                ("Modules/Step/StepInteractor.swift", "final class StepInteractor {}\n"),
                ("Modules/Step/StepPresenter.swift", "final class StepPresenter {}\n"),
                ("Modules/Step/StepViewController.swift", """
                    import UIKit

                    final class StepViewController: UIViewController {
                        func play() { _ = PlayerViewController() }
                    }
                    """),
                ("Legacy/Player/PlayerViewController.swift", """
                    import UIKit

                    final class PlayerViewController: UIViewController {
                        var video: Video?
                    }
                    """),
            ]),
            RuleExample("A value handed to the next module's builder is that module's input (module-construction judges the wiring)", files: [
                ("Entities/Review.swift", "struct Review: Codable {\n    let text: String\n}\n"),
                ("Modules/Reviews/ReviewsInteractor.swift", "final class ReviewsInteractor {\n    var reviews: [Review] = []\n}\n"),
                ("Modules/Reviews/ReviewsPresenter.swift", """
                    struct ReviewsViewModel {
                        let title: String
                        let review: Review
                    }

                    final class ReviewsPresenter {
                        var interactor: ReviewsInteractor?
                        var viewModel: ReviewsViewModel? { nil }
                    }
                    """),
                ("Modules/Write/WriteAssembly.swift", """
                    final class WriteAssembly {
                        init(review: Review) {}
                        func makeModule() -> WritePresenter { WritePresenter() }
                    }
                    """),
                ("Modules/Write/WritePresenter.swift", "final class WritePresenter {\n    var interactor: WriteInteractor?\n}\n"),
                ("Modules/Write/WriteInteractor.swift", "final class WriteInteractor {}\n"),
                ("Modules/Reviews/ReviewsViewController.swift", """
                    import UIKit

                    final class ReviewsViewController: UIViewController {
                        var presenter: ReviewsPresenter?

                        func openWrite() {
                            guard let presenter else { return }
                            _ = WriteAssembly(
                                review: presenter.viewModel!.review
                            )
                        }
                    }
                    """),
            ]),
            RuleExample("A view model's nested type named like an entity is its scene's, not the entity", files: [
                ("Entities/PaginationState.swift", "struct PaginationState: Codable {\n    let page: Int\n}\n"),
                ("List/ListInteractor.swift", "final class ListInteractor {\n    var state = PaginationState(page: 1)\n}\n"),
                ("List/ListPresenter.swift", "final class ListPresenter {}\n"),
                ("List/ListModels.swift", """
                    enum ListModels {
                        enum PaginationState {
                            case more, end
                        }

                        struct ViewModel {
                            let state: PaginationState
                        }
                    }
                    """),
                ("List/ListViewController.swift", """
                    import UIKit

                    final class ListViewController: UIViewController {
                        private var state = 0

                        func display(viewModel: ListModels.ViewModel) {
                            switch (self.state, viewModel.state) {
                            case (_, .more): print(1)
                            case (_, .end): print(2)
                            }
                        }
                    }
                    """),
            ]),
            RuleExample("A View talks to its Presenter through a protocol and shows a view model", files: [
                ("Home/HomePresenter.swift", """
                    protocol HomeViewOutput: AnyObject {
                        func didTapReload()
                    }

                    final class HomePresenter: HomeViewOutput {
                        func didTapReload() {}
                    }
                    """),
                ("Home/HomeViewModel.swift", "struct HomeViewModel {\n    let title: String\n}\n"),
                ("Home/HomeViewController.swift", """
                    final class HomeViewController {
                        var output: HomeViewOutput?
                        var model: HomeViewModel?
                    }
                    """),
            ]),
            RuleExample("A Presenter maps entities into display data", files: [
                ("Entities/Article.swift", "struct Article {\n    let title: String\n}\n"),
                ("Home/HomePresenter.swift", """
                    final class HomePresenter {
                        func present(_ articles: [Article]) -> [String] {
                            articles.map(\\.title)
                        }
                    }
                    """),
            ]),
            RuleExample("A plain MVC screen (no Presenter, Interactor, Router or Assembly) is not a VIPER View", files: [
                ("Entities/Article.swift", "struct Article {}\n"),
                ("Settings/SettingsViewController.swift", """
                    final class SettingsViewController {
                        var article: Article?
                    }
                    """),
            ]),
            RuleExample("A `*Controller` that is no view controller (a data source) is no View", files: [
                ("Orders/OrdersPresenter.swift", "final class OrdersPresenter {}\n"),
                ("Orders/OrdersInteractor.swift", "final class OrdersInteractor {}\n"),
                ("Entities/Order.swift", "struct Order {\n    let id: Int\n}\n"),
                ("Orders/Controller/OrdersListController.swift", """
                    import UIKit

                    final class OrdersListController: NSObject {
                        var orders: [Order] = []
                    }
                    """),
            ]),
            RuleExample("A View reads display rows from its presenter; the Presenter reads entities through its interactor's data store", files: [
                ("Entities/Article.swift", "struct Article {\n    let title: String\n}\n"),
                ("Home/HomeInteractor.swift", """
                    protocol HomeDataStore: AnyObject {
                        var articles: [Article] { get }
                    }

                    final class HomeInteractor: HomeDataStore {
                        var articles: [Article] = []
                    }
                    """),
                ("Home/HomeRow.swift", "struct HomeRow {\n    let title: String\n}\n"),
                ("Home/HomePresenter.swift", """
                    final class HomePresenter {
                        var dataStore: HomeDataStore?
                        private(set) var rows: [HomeRow] = []

                        func reload() {
                            rows = (dataStore?.articles ?? []).map { HomeRow(title: $0.title) }
                            let first = dataStore?.articles.first
                            _ = first?.title
                        }
                    }
                    """),
                ("Home/HomeViewController.swift", """
                    final class HomeViewController {
                        var presenter = HomePresenter()

                        func titles() -> [String] {
                            presenter.rows.map { row in row.title }
                        }
                    }
                    """),
            ]),
            RuleExample("A View hands its Presenter back the key of a row's entity, and shows only display values", files: [
                ("Entities/Asset.swift", "struct AssetKey: Hashable {\n    let chain: String\n    let asset: Int\n}\n\nstruct Asset {\n    let id: AssetKey\n    let name: String\n}\n"),
                ("Assets/AssetsInteractor.swift", "final class AssetsInteractor {}\n"),
                ("Assets/View/AssetRow.swift", "struct AssetRow {\n    let assetId: AssetKey\n    let asset: Asset\n    let title: String\n}\n"),
                ("Assets/AssetsPresenter.swift", "final class AssetsPresenter {\n    func select(_ key: AssetKey) {}\n}\n"),
                ("Assets/AssetsViewController.swift", """
                    import UIKit

                    final class AssetsViewController: UIViewController {
                        var presenter: AssetsPresenter?
                        var rows: [AssetRow] = []

                        func didSelect(at index: Int) {
                            let key = rows[index].assetId
                            presenter?.select(key)
                            presenter?.select(rows[index].asset.id)
                        }

                        func title(at index: Int) -> String {
                            rows[index].title
                        }
                    }
                    """),
            ]),
            RuleExample("A View takes an entity from another module's presenter (cross-module-reference's finding)", files: [
                ("Entities/Trail.swift", "struct Trail {\n    let name: String\n}\n"),
                ("TrailProfile/TrailProfileInteractor.swift", "final class TrailProfileInteractor {}\n"),
                ("TrailProfile/TrailProfilePresenter.swift", "final class TrailProfilePresenter {\n    var trail: Trail?\n}\n"),
                ("TrailBooking/TrailBookingInteractor.swift", "final class TrailBookingInteractor {}\n"),
                ("TrailBooking/TrailBookingPresenter.swift", "final class TrailBookingPresenter {\n    func book(_ name: String) {}\n}\n"),
                ("TrailBooking/TrailBookingView.swift", """
                    import UIKit

                    final class TrailBookingView {
                        var profile: TrailProfilePresenter?
                        var presenter: TrailBookingPresenter?

                        func onAppear() {
                            presenter?.book(profile?.trail?.name ?? "")
                        }
                    }
                    """),
            ]),
            RuleExample("A Router wires every layer", files: [
                ("Entities/Article.swift", "struct Article {}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomeViewController.swift", "final class HomeViewController {}\n"),
                ("Home/HomeRouter.swift", """
                    final class HomeRouter {
                        static func createModule(article: Article) -> HomeViewController {
                            let interactor = HomeInteractor()
                            _ = interactor
                            return HomeViewController()
                        }
                    }
                    """),
            ]),
            RuleExample("Preview code may build sample entities", files: [
                ("Entities/Article.swift", "struct Article {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeView.swift", """
                    import SwiftUI

                    struct HomeView: View {
                        var body: some View { Text("Home") }
                    }

                    struct HomeView_Previews: PreviewProvider {
                        static var previews: some View { HomeView().environmentObject(Article()) }
                    }

                    #Preview {
                        HomeView().environmentObject(Article())
                    }
                    """),
            ]),
        ]
    )
}
