/// Infers the project types a value expression reaches, one member at a time: through stored
/// properties (annotated, or created as in `var user = User()`), computed properties, function
/// results and protocol requirements, local `let`s and `if let`s, loop elements and the
/// parameters of closures given to collection calls (`ForEach(presenter.items) { item in }`).
/// Collections and optionals carry their element's type names, so `items.first?.name` reads
/// through. Built on demand by the rules that need it; unresolvable names end a chain quietly.
final class TypeInference {
    /// A type a value has, and the type whose member declared it (nil for the code's own
    /// parameters and properties).
    struct Typed {
        var symbol: TypeSymbol
        var provider: TypeSymbol?
    }

    /// A place where code uses a value of a type (an entity, a router) without naming the type.
    struct InferredUse {
        var file: Int
        var location: CodeLocation
        var target: TypeSymbol
        /// The expression that reaches the value, as written (`presenter.items`).
        var via: String
        /// The type that hands the value out (the Presenter for `presenter.items`).
        var provider: TypeSymbol?
        /// The members read from the value onwards: the one that reaches it, then those read
        /// from it (`["tx", "timeStamp"]` in `displayer.tx.timeStamp`).
        var readFrom: [String]
    }

    private let index: ProjectIndex
    private let queries: CodeQueries
    /// A member's type names and where they are written (names resolve from there: a nested
    /// `PaginationState` of a Clean Swift models enum is not the global one).
    private struct MemberType {
        var names: [String]
        var file: Int
        var context: Int
    }

    /// For each type (symbol id), the type names of its instance members.
    private var members: [Int: [String: MemberType]] = [:]
    /// Chains are short; bindings of bindings stop here (`let a = b.c; let b = a.d` loops).
    private static let maximumDepth = 4

    init(index: ProjectIndex, queries: CodeQueries) {
        self.index = index
        self.queries = queries
        for (fileIndex, file) in index.files.enumerated() {
            for (declarationIndex, declaration) in file.facts.types.enumerated() {
                guard let owner = index.owner(ofDeclaration: declarationIndex, inFile: fileIndex) else { continue }
                for property in declaration.properties where !property.isStatic {
                    let names = property.typeNames.isEmpty ? property.initializerTypeNames : property.typeNames
                    if !names.isEmpty, members[owner.id]?[property.name] == nil {
                        members[owner.id, default: [:]][property.name] = MemberType(names: names, file: fileIndex, context: declarationIndex)
                    }
                }
            }
            for function in file.facts.functions where !function.isStatic && !function.resultTypeNames.isEmpty {
                guard let context = function.location.context,
                      let owner = index.owner(ofDeclaration: context, inFile: fileIndex),
                      members[owner.id]?[function.name] == nil else { continue }
                members[owner.id, default: [:]][function.name] = MemberType(names: function.resultTypeNames, file: fileIndex, context: context)
            }
        }
    }

    /// Every read in a file that reaches a value of one of `layers`, at the first step that does.
    func uses(inFile file: Int, reaching layers: Set<Layer>) -> [InferredUse] {
        let facts = index.files[file].facts
        guard !facts.memberReads.isEmpty else { return [] }
        let bindings = Dictionary(grouping: facts.valueBindings, by: \.name)
        return facts.memberReads.compactMap { read in
            firstReach(of: read, inFile: file, reaching: layers, bindings: bindings).map { step, reached in
                InferredUse(file: file, location: read.location, target: reached.symbol,
                            via: read.chain[...step].joined(separator: "."), provider: reached.provider,
                            readFrom: Array(read.chain[step...]))
            }
        }
    }

    /// Every read in a file that reaches a value of one of `layers`, with the index of the
    /// chain's first component whose type is one (`0` in `booking.date` for an entity
    /// `booking`; `1` in `presenter.items.count`).
    func reaches(inFile file: Int, reaching layers: Set<Layer>) -> [(read: MemberReadFact, step: Int, target: TypeSymbol)] {
        let facts = index.files[file].facts
        guard !facts.memberReads.isEmpty else { return [] }
        let bindings = Dictionary(grouping: facts.valueBindings, by: \.name)
        return facts.memberReads.compactMap { read in
            if let (step, reached) = firstReach(of: read, inFile: file, reaching: layers, bindings: bindings) {
                return (read, step, reached.symbol)
            }
            // A local bound to a field (`if var link = program.link`) is that field: the read
            // is rewritten through the binding (`program.link.replacingOccurrences`).
            guard let binding = latestBinding(of: read.chain[0], at: read.location, bindings: bindings), binding.source.count >= 2 else { return nil }
            var rewritten = read
            rewritten.chain = binding.source + read.chain.dropFirst()
            rewritten.location = CodeLocation(position: read.location.position, context: binding.location.context,
                                              member: binding.location.member, inViewBuilder: read.location.inViewBuilder)
            guard let (step, reached) = firstReach(of: rewritten, inFile: file, reaching: layers, bindings: bindings),
                  step < binding.source.count - 1 else { return nil }
            rewritten.location = read.location
            return (rewritten, step, reached.symbol)
        }
    }

    /// The binding a name refers to at a location: the innermost loop or closure parameter
    /// around it, else the latest local of the same function before it.
    private func latestBinding(of name: String, at location: CodeLocation, bindings: [String: [ValueBindingFact]]) -> ValueBindingFact? {
        let line = location.position.line
        return (bindings[name] ?? []).filter { binding in
            guard binding.location.position < location.position else { return false }
            if let endLine = binding.endLine { return line <= endLine }
            return binding.location.context == location.context && binding.location.member == location.member
        }.max(by: { $0.location.position < $1.location.position })
    }

    private func firstReach(of read: MemberReadFact, inFile file: Int, reaching layers: Set<Layer>,
                            bindings: [String: [ValueBindingFact]]) -> (step: Int, reached: Typed)? {
        let chain = read.chain
        var current = rootTypes(chain[0], at: read.location, inFile: file, bindings: bindings, depth: 0)
        for step in chain.indices {
            if step > 0 { current = memberTypes(current, chain[step]) }
            if let reached = current.first(where: { $0.symbol.layer.layer.map(layers.contains) == true }) { return (step, reached) }
            if current.isEmpty { return nil }
        }
        return nil
    }

    /// The types a chain's last component has, read at `location`.
    private func types(of chain: [String], at location: CodeLocation, inFile file: Int,
                       bindings: [String: [ValueBindingFact]], depth: Int) -> [Typed] {
        guard let root = chain.first else { return [] }
        var current = rootTypes(root, at: location, inFile: file, bindings: bindings, depth: depth)
        for member in chain.dropFirst() where !current.isEmpty { current = memberTypes(current, member) }
        return current
    }

    /// A name's types: the innermost loop or closure parameter around the read, else the
    /// latest local of the same function before it, else a parameter or stored property.
    private func rootTypes(_ name: String, at location: CodeLocation, inFile file: Int,
                           bindings: [String: [ValueBindingFact]], depth: Int) -> [Typed] {
        if let binding = latestBinding(of: name, at: location, bindings: bindings) {
            guard depth < Self.maximumDepth else { return [] }
            return types(of: binding.source, at: binding.location, inFile: file, bindings: bindings, depth: depth + 1)
        }
        return resolved(queries.typeNames(of: name, at: location, inFile: file), from: location.context, inFile: file)
            .map { Typed(symbol: $0, provider: nil) }
    }

    private func memberTypes(_ owners: [Typed], _ member: String) -> [Typed] {
        var result: [Typed] = []
        for owner in owners {
            guard let type = memberType(owner.symbol, member, depth: 0) else { continue }
            result += resolved(type.names, from: type.context, inFile: type.file).map { Typed(symbol: $0, provider: owner.symbol) }
        }
        return result
    }

    /// A member's type names in a type, else in the types it inherits or conforms to.
    private func memberType(_ owner: TypeSymbol, _ member: String, depth: Int) -> MemberType? {
        if let type = members[owner.id]?[member] { return type }
        guard depth < 2 else { return nil }
        for name in owner.conformances {
            if let parent = index.resolve(name, from: nil, inFile: owner.file), parent.id != owner.id,
               let type = memberType(parent, member, depth: depth + 1) {
                return type
            }
        }
        return nil
    }

    private func resolved(_ names: [String], from context: Int?, inFile file: Int) -> [TypeSymbol] {
        names.compactMap { index.resolve($0, from: context, inFile: file) }
    }
}
