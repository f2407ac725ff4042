/// Questions rules ask about code, answered from the index: what a name in a function
/// refers to, whether a call goes to a data or service API, whether a value is entity data.
public struct CodeQueries: Sendable {
    let index: ProjectIndex
    let ruleSet: RuleSet
    private let apiPatterns: [(category: String, glob: Glob, isFamily: Bool)]

    public init(index: ProjectIndex, ruleSet: RuleSet) {
        self.index = index
        self.ruleSet = ruleSet
        apiPatterns = ruleSet.apis.keys.sorted().flatMap { category in
            (ruleSet.apis[category] ?? []).map { (category, Glob($0), $0.contains("*")) }
        }
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
        for pattern in apiPatterns where (!familiesOnly || pattern.isFamily) && pattern.glob.matches(name) {
            return (pattern.category, name)
        }
        return nil
    }

    /// The API a call uses: a call through an API type (`UserDefaults.standard.set`,
    /// `JSONDecoder().decode`), through a stored property or parameter of an API type
    /// (`session.dataTask`), or a function family such as `SecItem*`. Creating an API object
    /// without calling it (`URLSession.shared` passed to an initializer) is wiring, not a call.
    public func apiUse(of call: CallFact, inFile file: Int) -> APIUse? {
        guard let root = call.chain.first, !root.isEmpty else { return nil }
        if call.chain.count == 1 {
            return apiCategory(of: root, familiesOnly: true).map { APIUse(category: $0.category, api: $0.api, call: call.text) }
        }
        if let match = apiCategory(of: root) {
            return APIUse(category: match.category, api: match.api, call: call.text)
        }
        for typeName in typeNames(of: root, at: call.location, inFile: file) {
            let simple = String(typeName.split(separator: ".").last ?? "")
            if let match = apiCategory(of: simple) {
                return APIUse(category: match.category, api: match.api, call: call.text)
            }
        }
        return nil
    }

    /// The type names of a stored property of the enclosing type, or of a parameter of the
    /// enclosing function, called `name`.
    public func typeNames(of name: String, at location: CodeLocation, inFile file: Int) -> [String] {
        let facts = index.files[file].facts
        if let member = location.member,
           let function = facts.functions.last(where: { $0.name == member && $0.location.context == location.context
               && $0.location.position <= location.position }),
           let parameter = function.parameters.first(where: { $0.name == name }) {
            return parameter.typeNames
        }
        if let owner = index.owner(ofDeclaration: location.context, inFile: file),
           let property = index.declaration(of: owner).properties.first(where: { $0.name == name }) {
            return property.typeNames
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

    /// The layer and module of the code at a location.
    public func classification(of location: CodeLocation, inFile file: Int) -> (layer: Layer?, module: String?) {
        index.classification(ofDeclaration: location.context, inFile: file)
    }

    /// `Type.member` for the code at a location.
    public func symbolName(of location: CodeLocation, inFile file: Int) -> String? {
        let owner = index.owner(ofDeclaration: location.context, inFile: file)
        let typeName = owner?.qualifiedName ?? location.context.map { index.files[file].facts.types[$0].qualifiedName }
        switch (typeName, location.member) {
        case let (type?, member?): return "\(type).\(member)"
        case let (type?, nil): return type
        case let (nil, member?): return member
        case (nil, nil): return nil
        }
    }
}
