/// A check over the project index. One rule is one file: its id, documentation, examples,
/// typed options and `check`. Rules never touch syntax trees or the file system.
public protocol Rule: Sendable {
    /// Kebab-case id used in configuration, suppressions and reports.
    static var id: String { get }
    /// One line for `viperlint rules`.
    static var summary: String { get }
    /// Why the rule exists and how to fix a finding.
    static var rationale: String { get }
    static var defaultSeverity: Severity { get }
    /// The measurement behind `defaultSeverity`: where the rule's precision was measured and
    /// what it was (`"V1 first look, bbba4b7: 0.93, 30 of 67 reviewed"`). A rule is an error by
    /// default only with a first-look precision of at least `Severity.errorPrecision`.
    static var measured: String { get }
    /// Triggering and non-triggering examples: the documentation and the tests.
    static var examples: RuleExamples { get }
    /// The rule's typed options (keys in its configuration entry besides `severity`).
    static var options: [RuleOption<Self>] { get }

    /// Whether the findings in a file follow from that file's facts and the project's
    /// declarations and classification alone (no other file's bodies, calls, assignments or
    /// positions): after an edit that leaves every declaration as it was, such a rule
    /// re-checks only the changed files and keeps its other findings (`ProjectState`).
    static var judgesFilesAlone: Bool { get }

    /// The rule with its default options.
    init()

    func check(_ context: RuleContext) -> [Violation]

    /// Whether two configured rules are the same rule with the same options.
    func isEqual(to other: any Rule) -> Bool
}

extension Rule {
    public static var options: [RuleOption<Self>] { [] }
    public static var judgesFilesAlone: Bool { false }
}

extension Rule where Self: Equatable {
    public func isEqual(to other: any Rule) -> Bool { (other as? Self) == self }
}

/// What a rule sees: the index, the configuration, and its own severity.
public struct RuleContext: Sendable {
    public let index: ProjectIndex
    public let ruleSet: RuleSet
    public let classifier: Classifier
    public let ruleID: String
    public let severity: Severity
    /// Questions about code: API calls, entity data, names in scope (shared by the run's rules).
    public let queries: CodeQueries
    /// Each rule's configuration for each file, `overrides` applied: which rule reports a
    /// site depends on the file's settings, not the base ones.
    public let effective: EffectiveRules
    /// The files whose findings will be reported (nil: every file). Only for loops whose
    /// findings lie in the file being looked at: other rules must still read every file.
    public var scope: Set<Int>? = nil

    /// Whether a rule that reports each file's findings from that file alone must look at it.
    public func checks(file: Int) -> Bool { scope?.contains(file) ?? true }

    public init(index: ProjectIndex, ruleSet: RuleSet, classifier: Classifier, ruleID: String, severity: Severity,
                queries: CodeQueries? = nil, effective: EffectiveRules? = nil) {
        self.index = index
        self.ruleSet = ruleSet
        self.classifier = classifier
        self.ruleID = ruleID
        self.severity = severity
        self.queries = queries ?? CodeQueries(index: index, ruleSet: ruleSet)
        self.effective = effective ?? EffectiveRules(index: index, ruleSet: ruleSet)
    }

    /// A violation of this rule at a place in a file.
    /// `id` names which of the rule's findings it is (`reference`, `module-import`); the
    /// finding's message id is `rule.id`.
    public func violation(_ id: String, file: Int, at position: SourcePosition, module: String?, layer: Layer?,
                          symbol: String?, message: String) -> Violation {
        // A group without VIPER evidence (a cells folder, `Network/`) is no module to the user:
        // reports list, count and group findings by modules only.
        Violation(rule: ruleID, severity: severity, message: message, file: index.files[file].path,
                  position: position, module: index.shownModule(module), layer: layer, symbol: symbol, messageID: "\(ruleID).\(id)")
    }

    /// A violation about code declared in `declaration`, which names it in `symbol` too.
    public func violation(_ id: String, file: Int, at position: SourcePosition, module: String?, layer: Layer?,
                          declaration: FindingDeclaration?, message: String) -> Violation {
        var violation = violation(id, file: file, at: position, module: module, layer: layer, symbol: declaration?.name, message: message)
        violation.declaration = declaration
        return violation
    }

    /// Makes `symbol` the finding's target, and its declaration the last related location, so
    /// a reader can jump from the use to the type it names.
    public func setTarget(_ symbol: TypeSymbol, of violation: inout Violation) {
        violation.target = FindingTarget(type: symbol.qualifiedName, module: index.shownModule(symbol.module.module), layer: symbol.layer.layer)
        violation.related.append(RelatedLocation(file: index.files[symbol.file].path, position: index.declaration(of: symbol).position,
                                                 message: "'\(symbol.qualifiedName)' is declared here"))
    }

    /// The declaring type and member of the code around a reference (nil at file level).
    public func declaration(for reference: TypeReferenceFact, inFile file: Int) -> FindingDeclaration? {
        queries.declaration(of: CodeLocation(position: reference.position, context: reference.context,
                                             member: reference.member, inViewBuilder: false), inFile: file)
    }

    /// A violation at a code location, classified by its enclosing declaration.
    /// Nil when the code has no layer or `layer` rejects it.
    public func violation(_ id: String, file: Int, at location: CodeLocation, where accepts: (Layer) -> Bool = { _ in true },
                          message: (_ subject: String, _ layer: Layer) -> String) -> Violation? {
        let (layer, module) = index.classification(ofDeclaration: location.context, inFile: file)
        guard let layer, accepts(layer) else { return nil }
        let declaration = queries.declaration(of: location, inFile: file)
        return violation(id, file: file, at: location.position, module: module, layer: layer, declaration: declaration,
                         message: message(describe(layer: layer, symbol: declaration?.name, module: module), layer))
    }

    /// One finding per site: building a module part is `module-construction`'s when it runs
    /// for the file (an override may turn it off there), so the dependency rules stay quiet there.
    public func isReportedAsConstruction(_ reference: TypeReferenceFact, target: TypeSymbol, inFile file: Int) -> Bool {
        guard let configured = effective.configured(ModuleConstructionRule.id, file: file), configured.severity != .off,
              let construction = configured.rule as? ModuleConstructionRule else { return false }
        return construction.isConstruction(reference, target: target, ruleSet: ruleSet, calls: index.files[file].facts.calls)
    }

    /// A reference's site: its file, line and target (`let a: Article = Article()` is one use).
    public func siteKey(_ resolved: ResolvedReference) -> SiteKey {
        SiteKey(file: resolved.file, line: resolved.reference.position.line, target: resolved.target)
    }

    /// The resolved references of these files (every file when nil), in file and source order.
    public func resolvedReferences(inFiles files: Set<Int>?) -> FlattenSequence<[[ResolvedReference]]> {
        guard let files else { return index.resolvedReferences }
        return files.sorted().map { index.resolvedReferencesByFile[$0] }.joined()
    }

    /// The resolved references of the files the rule looks at (`scope`; all without one).
    public var resolvedReferencesInScope: FlattenSequence<[[ResolvedReference]]> { resolvedReferences(inFiles: scope) }

    /// The sites `module-construction` reports, in these files (nil: all). A line that builds
    /// a type is its, whichever mention of the type comes first (`Router *r = [[Router alloc]
    /// init]` names it twice).
    public func constructionSites(inFiles files: Set<Int>? = nil) -> Set<SiteKey> {
        var sites = Set<SiteKey>()
        for resolved in resolvedReferences(inFiles: files) where resolved.reference.kind == .instantiation || resolved.reference.kind == .staticAccess {
            if isReportedAsConstruction(resolved.reference, target: index.symbols[resolved.target], inFile: resolved.file) {
                sites.insert(siteKey(resolved))
            }
        }
        return sites
    }

    /// Members of Views that do a builder's work, whose one problem is `module-construction`'s:
    /// a static factory that builds the View's own module (`static func instantiate(with:)`
    /// resolving its Presenter), and a member that builds another module and shows it (the
    /// values it hands that module are part of the routing it should ask its Router for).
    /// Keys: `memberKey(file:context:member:)`; only members in these files (nil: all).
    public func viewBuilderMembers(inFiles files: Set<Int>? = nil) -> Set<String> {
        var members = Set<String>()
        for resolved in resolvedReferences(inFiles: files) where resolved.fromLayer == .view && resolved.fromModule != nil {
            let target = index.symbols[resolved.target]
            guard let member = resolved.reference.member,
                  let configured = effective.configured(ModuleConstructionRule.id, file: resolved.file), configured.severity != .off,
                  let construction = configured.rule as? ModuleConstructionRule, construction.reports(resolved, context: self) else { continue }
            // Its own module: only a static factory is builder code (an instance member that
            // creates a part, `viewDidLoad`, still has its other uses judged).
            let builds = target.module.module != resolved.fromModule
                || index.files[resolved.file].facts.functions.contains { $0.isStatic && $0.name == member && $0.location.context == resolved.reference.context }
            if builds { members.insert(Self.memberKey(file: resolved.file, context: resolved.reference.context, member: member)) }
        }
        return members
    }

    /// A member of a declaration in a file, as `viewBuilderMembers` keys it.
    public static func memberKey(file: Int, context: Int?, member: String) -> String {
        "\(file):\(context ?? -1):\(member)"
    }

    /// With a scope: the types its files declare or extend. Findings grouped by declaring type
    /// (one per type, its other uses related) lie where that type's code is, so a scoped rule
    /// looks at the code of these types, wherever it is. Nil: no scope.
    ///
    /// A type's group folds into the group of a protocol it adopts (`foldedGroups`), so the set
    /// also holds the protocols these types adopt, the types adopting its protocols, and the
    /// protocols those adopt (the first that hosts a group takes it): without them a run of
    /// given files reported a folded use as a finding of its own, or a protocol's finding
    /// without its adopters' uses, where a whole run did not.
    public func scopeTypes() -> Set<Int>? {
        scope.map { scope in
            var types = Set(scope.flatMap { file in index.files[file].facts.types.indices.compactMap { index.ownerID(ofDeclaration: $0, inFile: file) } })
            let protocols = types.filter { index.symbols[$0].kind == .protocol }
            let adopters = protocols.isEmpty ? [] : index.symbols.filter { symbol in
                symbol.kind != .protocol && !types.contains(symbol.id) && adoptedProtocols(of: symbol).contains { protocols.contains($0.id) }
            }
            for symbol in types.map({ index.symbols[$0] }) + adopters where symbol.kind != .protocol {
                types.formUnion(adoptedProtocols(of: symbol).map(\.id))
            }
            types.formUnion(adopters.map(\.id))
            return types
        }
    }

    /// Whether code at a declaration of a file belongs to the scope: in one of its files, or in
    /// a type of `types` (`scopeTypes()`). Always without a scope.
    public func isInScope(file: Int, declaration: Int?, types: Set<Int>?) -> Bool {
        guard let scope, let types, !scope.contains(file) else { return true }
        return index.ownerID(ofDeclaration: declaration, inFile: file).map(types.contains) ?? false
    }

    /// References from a non-builder layer to a project type of another layer, one per site;
    /// none from a View's member that does a builder's work (`viewBuilderMembers`); with a
    /// scope, those of its files' types only (`scopeTypes`).
    public func crossLayerReferences() -> [CrossLayerReference] {
        queries.crossLayerReferences(scope: scope) { makeCrossLayerReferences() }
    }

    private func makeCrossLayerReferences() -> [CrossLayerReference] {
        let types = scopeTypes()
        func isCandidate(_ resolved: ResolvedReference) -> Bool {
            guard let from = resolved.fromLayer, !ruleSet.isBuilder(from) else { return false }
            return isInScope(file: resolved.file, declaration: resolved.reference.context, types: types)
        }
        // Construction sites and builder members are keyed by file: with a scope, only those
        // of the candidates' files are asked for.
        let files = scope.map { _ in Set(index.resolvedReferences.lazy.filter(isCandidate).map(\.file)) }
        var seen = constructionSites(inFiles: files)
        let factories = viewBuilderMembers(inFiles: files)
        var result: [CrossLayerReference] = []
        for resolved in index.resolvedReferences where isCandidate(resolved) {
            guard let from = resolved.fromLayer else { continue }
            if !factories.isEmpty, let member = resolved.reference.member,
               factories.contains(Self.memberKey(file: resolved.file, context: resolved.reference.context, member: member)) { continue }
            let target = index.symbols[resolved.target]
            guard let to = target.layer.layer, to != from, seen.insert(siteKey(resolved)).inserted else { continue }
            result.append(CrossLayerReference(resolved: resolved, from: from, to: to, in: index))
        }
        return result
    }

    /// Crossings grouped by (declaring type, referenced type), in first-use order: one change (a
    /// protocol, a view model) fixes every use of a type in a type, so each group is one finding.
    public func groupedByDeclaringType(_ crossings: [CrossLayerReference]) -> [[CrossLayerReference]] {
        var groups: [String: [CrossLayerReference]] = [:]
        var order: [String] = []
        for crossing in crossings {
            let resolved = crossing.resolved
            let owner = index.owner(ofDeclaration: resolved.reference.context, inFile: resolved.file)
            let key = (owner.map { "type \($0.id)" } ?? "file \(resolved.file)") + " -> \(resolved.target)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(crossing)
        }
        return order.map { groups[$0]! }
    }

    /// Groups that are another group's problem, mapped to that group (never itself folded):
    /// - a type implementing a requirement of a protocol it adopts, where the requirement
    ///   names the same type and is reported (`func requestShowStatusAlert(_:
    ///   StatusAlertViewModel)` in the Interactor and in its protocol): the value comes in
    ///   through the contract, and changing the contract is the fix of every use;
    /// - an entity the same type reaches through another entity it is reported for (a View
    ///   naming `HomestayCapacity` and its `bedrooms: [Bedroom]`, or a cell naming
    ///   `TransactionEntity` and the `CategoryType` of its `category`): one display model fixes both.
    public func foldedGroups(_ groups: [[CrossLayerReference]]) -> [Int: Int] {
        // Whether `whole` holds `part` in a stored property, or through the entities it holds
        // (`TransactionEntity.category.type`), at most three steps down.
        func holds(_ whole: TypeSymbol, _ part: TypeSymbol) -> Bool {
            var frontier = [whole]
            var seen: Set<Int> = [whole.id]
            for _ in 0..<3 {
                var next: [TypeSymbol] = []
                for holder in frontier {
                    for (file, property) in index.storedProperties(of: holder) where !property.isStatic {
                        for name in property.typeNames {
                            guard let held = index.resolve(name, from: file == holder.file ? holder.declaration : nil, inFile: file) else { continue }
                            if held.id == part.id { return true }
                            if held.layer.layer == .entity, seen.insert(held.id).inserted { next.append(held) }
                        }
                    }
                }
                frontier = next
            }
            return false
        }
        var byOwnerAndTarget: [String: Int] = [:]
        var owners: [TypeSymbol?] = []
        for (number, group) in groups.enumerated() {
            let owner = index.owner(ofDeclaration: group[0].resolved.reference.context, inFile: group[0].resolved.file)
            owners.append(owner)
            if let owner { byOwnerAndTarget["\(owner.id) \(group[0].target.id)", default: number] = number }
        }
        var hosts: [Int: Int] = [:]
        for (number, group) in groups.enumerated() {
            guard let owner = owners[number] else { continue }
            let target = group[0].target
            if owner.kind != .protocol {
                let contracts = adoptedProtocols(of: owner)
                let host = contracts.lazy.compactMap { byOwnerAndTarget["\($0.id) \(target.id)"] }.first { host in
                    let required = Set(groups[host].compactMap(\.resolved.reference.member))
                    return group.contains { $0.resolved.reference.member.map(required.contains) == true }
                }
                if let host { hosts[number] = host; continue }
            }
            guard group[0].to == .entity else { continue }
            for (other, otherGroup) in groups.enumerated() where other != number && owners[other]?.id == owner.id
                && otherGroup[0].to == .entity && hosts[other] == nil {
                if holds(otherGroup[0].target, target) { hosts[number] = other; break }
            }
        }
        // A host is never folded itself: a chain folds into its first group.
        for number in hosts.keys.sorted() { if let next = hosts[hosts[number]!], next != number { hosts[number] = next } }
        return hosts.filter { hosts[$0.value] == nil && $0.key != $0.value }
    }

    /// One violation per group (`make`), except for groups that are another's problem
    /// (`foldedGroups`): their sites become that violation's other sites.
    public func foldedViolations(_ groups: [[CrossLayerReference]], _ make: ([CrossLayerReference]) -> Violation) -> [Violation] {
        let hosts = foldedGroups(groups)
        var violations: [Violation] = []
        var violationOfGroup: [Int: Int] = [:]
        for (number, group) in groups.enumerated() where hosts[number] == nil {
            violationOfGroup[number] = violations.count
            violations.append(make(group))
        }
        for (number, host) in hosts.sorted(by: { $0.key < $1.key }) {
            guard let index = violationOfGroup[host] else { continue }
            violations[index].related += groups[number].map { crossing in
                RelatedLocation(file: self.index.files[crossing.resolved.file].path, position: crossing.resolved.reference.position,
                                message: "the same problem: a use of '\(crossing.target.qualifiedName)'")
            }
        }
        return violations
    }

    /// " (and 2 more uses in the same type)" for a group of crossings, or "".
    public static func moreUses(_ group: [CrossLayerReference]) -> String {
        group.count > 1 ? " (and \(group.count - 1) more use\(group.count == 2 ? "" : "s") in the same type)" : ""
    }

    /// The sites of a group after its first, for the finding reported at the first.
    public func relatedUses(_ group: [CrossLayerReference]) -> [RelatedLocation] {
        group.dropFirst().map { crossing in
            RelatedLocation(file: index.files[crossing.resolved.file].path, position: crossing.resolved.reference.position,
                            message: "another use of '\(crossing.target.qualifiedName)'")
        }
    }

    /// How a protocol the type adopts requires a property.
    public enum PropertyRequirement: Sendable { case readOnly, settable }

    /// Whether a project protocol the type adopts, directly, through the protocols those
    /// inherit or through its project superclasses, declares a property of this name (a
    /// requirement is read as a computed property of the protocol), and how.
    public func protocolRequirement(named name: String, of symbol: TypeSymbol) -> PropertyRequirement? {
        let requirements = protocolsRequiring(property: name, of: symbol).map(\.requirement)
        return requirements.contains(.settable) ? .settable : requirements.first
    }

    /// The project protocols (reached as `protocolRequirement` reaches them) that declare a
    /// property of this name, with how each requires it, in the order they are reached.
    public func protocolsRequiring(property name: String, of symbol: TypeSymbol) -> [(protocol: TypeSymbol, requirement: PropertyRequirement)] {
        adoptedProtocols(of: symbol).flatMap { adopted in
            index.files[adopted.file].facts.functions.filter { requirement in
                requirement.kind == .computedProperty && requirement.location.context == adopted.declaration && requirement.name == name
            }.map { requirement in (adopted, requirement.attributes.contains(FunctionFact.settableMarker) ? PropertyRequirement.settable : .readOnly) }
        }
    }

    /// The project protocols a type adopts (in its declaration or an extension), directly,
    /// through the protocols those inherit and through its project superclasses, in the order
    /// they are reached.
    public func adoptedProtocols(of symbol: TypeSymbol) -> [TypeSymbol] {
        var seen: Set<Int> = [symbol.id]
        var found: [TypeSymbol] = []
        var queue: [TypeSymbol] = []
        func reach(_ names: [String], from declaration: Int?, inFile file: Int) {
            for name in names {
                guard let adopted = index.resolve(name, from: declaration, inFile: file), adopted.kind == .protocol || adopted.kind == .class,
                      seen.insert(adopted.id).inserted else { continue }
                if adopted.kind == .protocol { found.append(adopted) }
                queue.append(adopted)
            }
        }
        reach(symbol.conformances, from: symbol.declaration, inFile: symbol.file)
        while let next = queue.popLast() {
            reach(index.declaration(of: next).inherited, from: next.declaration, inFile: next.file)
        }
        return found
    }

    /// "View 'HomeViewController.configure' in module 'Home'": how messages name their subject.
    /// The module is named only when the code shows it is one (`ProjectIndex.isModule`).
    public func describe(layer: Layer, symbol: String?, module: String?) -> String {
        var text = layer.name
        if let symbol { text += " '\(symbol)'" }
        if let module = index.shownModule(module) { text += " in module '\(module)'" }
        return text
    }

    /// Where a type is, as a message says it: `module 'Home'` when its group is a VIPER
    /// module, else the folder of its group (`folder 'App/Network'`), else its file.
    public func place(of symbol: TypeSymbol) -> String {
        if let module = index.shownModule(symbol.module.module) { return "module '\(module)'" }
        if let folder = symbol.module.folder { return "folder '\(folder)'" }
        return "file '\(index.files[symbol.file].path)'"
    }
}

/// A reference that crosses layers, with both layers known.
/// Where a reference is, as `RuleContext.siteKey` counts sites: numbers, not text, since a
/// large project's rules key every cross-layer reference by it.
public struct SiteKey: Hashable, Sendable {
    public let file: Int
    public let line: Int
    public let target: Int
}

public struct CrossLayerReference: Sendable {
    public let resolved: ResolvedReference
    public let from: Layer
    public let to: Layer
    /// The index's symbols, shared (copy on write), not a copy of the target: a large project
    /// holds millions of crossings, in two rules at once.
    private let symbols: [TypeSymbol]

    /// The referenced type.
    public var target: TypeSymbol { symbols[resolved.target] }

    public init(resolved: ResolvedReference, from: Layer, to: Layer, in index: ProjectIndex) {
        self.resolved = resolved
        self.from = from
        self.to = to
        symbols = index.symbols
    }
}

/// A rule's examples. Sources mark each place a finding must be reported with `↓`.
public struct RuleExamples: Sendable {
    public var triggering: [RuleExample]
    public var nonTriggering: [RuleExample]

    public init(triggering: [RuleExample], nonTriggering: [RuleExample]) {
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }
}

/// A small project: one or more files by path, and optionally a configuration (JSON text
/// applied on top of the default rule set).
public struct RuleExample: Sendable {
    public static let marker: Character = "↓"

    public var files: [(path: String, source: String)]
    public var configuration: String?
    /// What the example shows, printed by `viperlint rules ID`.
    public var note: String
    /// For a rule with mechanical fixes (`FixableRule`): each file `viperlint fix` changes,
    /// as it must read afterwards. Empty: the example's findings need a person.
    public var fixed: [(path: String, source: String)] = []

    public init(_ note: String, files: [(path: String, source: String)], configuration: String? = nil) {
        self.note = note
        self.files = files
        self.configuration = configuration
    }

    public init(_ note: String, path: String, _ source: String, configuration: String? = nil) {
        self.init(note, files: [(path, source)], configuration: configuration)
    }

    /// The example with what `viperlint fix` makes of the file at `path`.
    public func fixing(_ path: String, to source: String) -> RuleExample {
        var example = self
        example.fixed.append((path, source))
        return example
    }
}
