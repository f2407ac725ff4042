import Foundation

/// Questions rules ask about code, answered from the index: what a name in a function
/// refers to, whether a call goes to a data or service API, whether a value is entity data.
/// One instance serves every rule of a run; it indexes functions once and remembers which
/// names are APIs, since the same names come back in every file.
public final class CodeQueries: @unchecked Sendable {
    let index: ProjectIndex
    let ruleSet: RuleSet
    private let apiPatterns: [(category: String, glob: Glob, isFamily: Bool)]
    /// API entries written as calls (`String(contentsOfFile:)`): an initializer or function
    /// that is I/O only with these labels, on a type that is no API otherwise.
    private let apiCalls: [(category: String, pattern: CallPattern)]
    /// Per file, built when a rule first asks (a pre-commit run asks about few files):
    /// "context#name" -> indices into `facts.functions`, in source order. Under `lock`.
    private var functionsByName: [Int: [String: [Int]]] = [:]
    /// Per file: the layer of code in each declaration (index into `facts.types`), and at file scope.
    private let declarationLayers: [[Layer?]]
    private let fileLayers: [Layer?]
    private let lock = NSLock()
    private var categories: [String: (category: String, api: String)?] = [:]
    /// `RuleContext.crossLayerReferences` per scope, made once for the rules that ask (two run
    /// at once, and on a large project each list holds millions of crossings). Under
    /// `crossingsLock`, held while the list is made so that the other rule waits for it.
    private var crossings: [Set<Int>?: [CrossLayerReference]] = [:]
    private let crossingsLock = NSLock()

    /// The crossings of `scope`, made by `make` the first time they are asked for.
    func crossLayerReferences(scope: Set<Int>?, make: () -> [CrossLayerReference]) -> [CrossLayerReference] {
        crossingsLock.lock()
        defer { crossingsLock.unlock() }
        if let made = crossings[scope] { return made }
        let made = make()
        crossings[scope] = made
        return made
    }

    public init(index: ProjectIndex, ruleSet: RuleSet) {
        self.index = index
        self.ruleSet = ruleSet
        apiPatterns = ruleSet.apis.keys.sorted().flatMap { category in
            (ruleSet.apis[category] ?? []).filter { !$0.contains("(") }.map { (category, Glob($0), $0.contains("*")) }
        }
        apiCalls = ruleSet.apis.keys.sorted().flatMap { category in
            (ruleSet.apis[category] ?? []).filter { $0.contains("(") }.map { (category, CallPattern($0)) }
        }
        declarationLayers = index.files.indices.map { file in
            index.files[file].facts.types.indices.map { index.classification(ofDeclaration: $0, inFile: file).layer }
        }
        fileLayers = index.files.map(\.layer.layer)
    }

    /// The functions of a file called `name` in the declaration at `context`.
    private func functions(named name: String, in context: Int?, inFile file: Int) -> [Int]? {
        lock.lock()
        defer { lock.unlock() }
        if let map = functionsByName[file] { return map["\(context ?? -1)#\(name)"] }
        var map: [String: [Int]] = [:]
        for (offset, function) in index.files[file].facts.functions.enumerated() {
            map["\(function.location.context ?? -1)#\(function.name)", default: []].append(offset)
        }
        functionsByName[file] = map
        return map["\(context ?? -1)#\(name)"]
    }

    /// A data or service API that a call goes to.
    public struct APIUse: Sendable, Hashable {
        /// `networking`, `persistence`, `parsing`, `keychain`, or a category of the configuration.
        public var category: String
        /// The API type or function, e.g. `URLSession`.
        public var api: String
        /// The call as written, e.g. `URLSession.shared.dataTask`.
        public var call: String
    }

    func apiCategory(of name: String, familiesOnly: Bool = false) -> (category: String, api: String)? {
        if familiesOnly {
            return apiPatterns.first { $0.isFamily && $0.glob.matches(name) }.map { ($0.category, name) }
        }
        lock.lock()
        if let known = categories[name] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let found = apiPatterns.first { $0.glob.matches(name) }.map { (category: $0.category, api: name) }
        lock.lock()
        categories[name] = .some(found)
        lock.unlock()
        return found
    }

    /// The API a call uses: a call through an API type (`UserDefaults.standard.set`,
    /// `JSONDecoder().decode`), through a stored property or parameter of an API type
    /// (`session.dataTask`), or a function family such as `SecItem*`. Creating an API object
    /// without calling it (`URLSession.shared` passed to an initializer) is wiring, not a call.
    public func apiUse(of call: CallFact, inFile file: Int) -> APIUse? {
        guard let root = call.chain.first, !root.isEmpty else { return nil }
        if let match = apiCalls.first(where: { $0.pattern.matches(call) }) {
            return APIUse(category: match.category, api: match.pattern.description, call: match.pattern.description)
        }
        if call.chain.count == 1 {
            return apiCategory(of: root, familiesOnly: true).map { APIUse(category: $0.category, api: $0.api, call: call.text) }
        }
        if let match = apiCategory(of: root) {
            return APIUse(category: match.category, api: match.api, call: call.text)
        }
        let rootTypes = typeNames(of: root, at: call.location, inFile: file)
        for typeName in rootTypes {
            let simple = String(typeName.split(separator: ".").last ?? "")
            if let match = apiCategory(of: simple) {
                return APIUse(category: match.category, api: match.api, call: call.text)
            }
        }
        // The project's own I/O types: `APIClient.shared.fetch`, a stored `UserRepository`.
        let candidates = root.first?.isUppercase == true ? [root] : rootTypes
        for name in candidates {
            // Reference types only: a `Storage<Value>` enum is a value wrapper, not I/O.
            guard let symbol = index.resolve(name, from: call.location.context, inFile: file),
                  symbol.kind == .class || symbol.kind == .actor || symbol.kind == .protocol,
                  let category = projectIOCategory(of: symbol.name) else { continue }
            return APIUse(category: category, api: symbol.name, call: call.text)
        }
        return nil
    }

    /// Name endings of the project's own networking and persistence types. Apple's APIs are
    /// not all there is: a presenter calling `APIClient.shared.fetch` or its stored
    /// `UserRepository` does I/O just as one starting a `URLSession` task does.
    static let projectIOSuffixes: [(suffix: String, category: String)] = [
        ("APIClient", "networking"), ("APIManager", "networking"), ("APIService", "networking"),
        ("NetworkManager", "networking"), ("NetworkService", "networking"), ("NetworkClient", "networking"),
        ("HTTPClient", "networking"), ("Repository", "persistence"), ("DataManager", "persistence"),
        ("Storage", "persistence"), ("Database", "persistence"), ("PersistenceManager", "persistence"),
        ("CoreDataStack", "persistence"),
    ]

    /// The I/O category a project type's name says (`UserRepositoryProtocol` is a repository).
    func projectIOCategory(of name: String) -> String? {
        let base = ruleSet.protocolSuffixes.sorted { $0.count > $1.count }
            .first { name.hasSuffix($0) && name.count > $0.count }.map { String(name.dropLast($0.count)) } ?? name
        if base.contains("Keychain") { return "keychain" }
        return Self.projectIOSuffixes.first { base.hasSuffix($0.suffix) }?.category
    }

    /// The type names of a stored property of the enclosing type, or of a parameter of the
    /// enclosing function, called `name`.
    public func typeNames(of name: String, at location: CodeLocation, inFile file: Int) -> [String] {
        if let member = location.member,
           let candidates = functions(named: member, in: location.context, inFile: file),
           let last = candidates.last(where: { index.files[file].facts.functions[$0].location.position <= location.position }),
           let parameter = index.files[file].facts.functions[last].parameters.first(where: { $0.name == name }) {
            return parameter.typeNames
        }
        if let owner = index.owner(ofDeclaration: location.context, inFile: file),
           let stored = index.storedProperties(of: owner).first(where: { $0.property.name == name }) {
            // `var user = User()` has no annotation: the type it creates.
            return stored.property.typeNames.isEmpty ? stored.property.initializerTypeNames : stored.property.typeNames
        }
        return []
    }

    /// The project types a name's declared type mentions (`[Article]?` gives `Article`).
    public func symbols(of name: String, at location: CodeLocation, inFile file: Int) -> [TypeSymbol] {
        typeNames(of: name, at: location, inFile: file).compactMap { index.resolve($0, from: location.context, inFile: file) }
    }

    /// The first identifier among `names` that holds entity data, with its entity type.
    public func entityData(among names: [String], at location: CodeLocation, inFile file: Int) -> (name: String, entity: TypeSymbol)? {
        for name in names {
            if let entity = symbols(of: name, at: location, inFile: file).first(where: { $0.layer.layer == .entity }) {
                return (name, entity)
            }
        }
        return nil
    }

    /// The layer of the code at a location, from a table built once: rules check it first and
    /// skip the rest of their work for code outside the layers they judge.
    public func layer(at location: CodeLocation, inFile file: Int) -> Layer? {
        location.context.map { declarationLayers[file][$0] } ?? fileLayers[file]
    }

    /// The layer of the code around a type reference.
    public func layer(of reference: TypeReferenceFact, inFile file: Int) -> Layer? {
        reference.context.map { declarationLayers[file][$0] } ?? fileLayers[file]
    }

    /// The layer and module of the code at a location.
    public func classification(of location: CodeLocation, inFile file: Int) -> (layer: Layer?, module: String?) {
        index.classification(ofDeclaration: location.context, inFile: file)
    }

    /// `Type.member` for the code at a location.
    public func symbolName(of location: CodeLocation, inFile file: Int) -> String? {
        declaration(of: location, inFile: file)?.name
    }

    /// The declaring type (extensions count as their type) and member of code, if any.
    public func declaration(of location: CodeLocation, inFile file: Int) -> FindingDeclaration? {
        let owner = index.owner(ofDeclaration: location.context, inFile: file)
        let typeName = owner?.qualifiedName ?? location.context.map { index.files[file].facts.types[$0].qualifiedName }
        return typeName == nil && location.member == nil ? nil : FindingDeclaration(type: typeName, member: location.member)
    }
}
