/// Where code may write a stored property, by the property's name: the one notion of
/// "written" that `state-write-access` (silent where a setter must stay visible outside its
/// file) and its fix (`private(set)`, `fileprivate(set)` or a person's decision) share, so
/// the rule never asks for a change its fix would refuse, nor the fix make one that does not
/// compile.
///
/// A write is an assignment of any kind (`=`, `+=`, `|=`, a tuple's element) to a member
/// chain (`model.title`, and through it `model.state.items` writes `state` too), `&model.title`
/// passed `inout`, a key path naming the property (it may be writable: `assign(to:on:)`), a
/// method on the property's value that may mutate it (`model.date.addTimeInterval(1)`; a
/// property of a class type is not written by its methods), and a bare `title = x` inside an
/// extension or a subclass of the owner.
struct PropertyWrites {
    struct Site {
        var file: Int
        var position: SourcePosition
        var byView: Bool
    }

    /// Sites that need the setter outside the owner's declaration, per property name: the
    /// first in another file (a finding's fix must leave the setter) and whether any is in the
    /// owner's file (`fileprivate(set)` then).
    struct Verdict {
        var elsewhere: Site?
        var inOwnersFile = false
    }

    /// Methods that change a value in place: `viewModel.items.append(x)` needs the setter.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "popLast", "popFirst",
        "sort", "reverse", "shuffle", "swapAt", "formUnion", "formIntersection", "formSymmetricDifference", "subtract",
        "toggle", "merge", "updateValue", "removeValue", "replaceSubrange", "negate", "addTimeInterval",
    ]

    /// Methods of the standard library and Foundation that only read a value: calling them
    /// writes nothing. Names ending in `ed` or `ing` (`sorted`, `appending`) are their
    /// non-mutating forms too (the API design guidelines' naming); the project's own methods
    /// are judged by their declarations instead (`mayMutate`).
    static let readingMethods: Set<String> = [
        "filter", "map", "compactMap", "flatMap", "reduce", "forEach", "contains", "first", "last", "firstIndex", "lastIndex",
        "prefix", "suffix", "dropFirst", "dropLast", "joined", "min", "max", "allSatisfy", "index", "distance", "split",
        "hasPrefix", "hasSuffix", "lowercased", "uppercased", "components", "compare", "union", "intersection",
        "subtracting", "symmetricDifference", "isSubset", "isSuperset", "isDisjoint", "mapValues", "compactMapValues",
        "count", "elementsEqual", "starts", "formatted", "description", "hash", "encode", "send", "sink", "receive",
        "eraseToAnyPublisher", "timeIntervalSince", "isEqual", "string", "data", "value", "object", "keys", "values",
    ]

    /// Whether calling `method` on a value may change it. A name the project declares
    /// `mutating` anywhere may write, whatever it says (`state.setLoading(true)`,
    /// `toggleExpanded()`, a struct's own `send(_:)`); other names go by the lists and the
    /// naming guidelines above, and an unknown one may write.
    func mayMutate(_ method: String) -> Bool {
        declaredMutating.contains(method) || Self.mutatingMethods.contains(method)
            || !(Self.readingMethods.contains(method) || method.hasSuffix("ed") || method.hasSuffix("ing"))
    }

    private var sites: [String: [(file: Int, location: CodeLocation, kind: Kind)]] = [:]
    /// Names of the project's own methods declared `mutating`.
    private var declaredMutating: Set<String> = []

    private struct Kind {
        /// By `self`, without an owner (`title = x`): counts only in an extension or subclass
        /// of the owner. Else through a named owner (`model.title`) or a key path.
        var bySelf: Bool
        /// A method that may mutate the property's value: counted when the value is not a class.
        var call = false
    }

    /// The write sites of the properties named `names` in the whole project.
    init(of names: Set<String>, context: RuleContext) {
        guard !names.isEmpty else { return }
        for file in context.index.files {
            for function in file.facts.functions where function.attributes.contains(FunctionFact.mutatingMarker) {
                declaredMutating.insert(function.name)
            }
        }
        for (fileIndex, file) in context.index.files.enumerated() {
            func add(_ name: String, _ location: CodeLocation, _ kind: Kind) {
                if names.contains(name) { sites[name, default: []].append((fileIndex, location, kind)) }
            }
            for assignment in file.facts.assignments {
                for (offset, name) in assignment.target.enumerated() {
                    add(name, assignment.location, Kind(bySelf: offset == 0))
                }
            }
            for write in file.facts.selfWrites { write.target.forEach { add($0, write.location, Kind(bySelf: true)) } }
            for keyPath in file.facts.keyPaths { keyPath.target.forEach { add($0, keyPath.location, Kind(bySelf: false)) } }
            for call in file.facts.calls where call.chain.count >= 2 && mayMutate(call.name) {
                let receiver = call.chain.dropLast()
                add(receiver.last!, call.location, Kind(bySelf: receiver.count == 1, call: true))
                // Through a mutated value, the values holding it are written too.
                for (offset, name) in receiver.dropLast().enumerated() {
                    add(name, call.location, Kind(bySelf: offset == 0))
                }
            }
        }
    }

    /// Where `property` of `owner` is written outside the owner's own code.
    func verdict(for property: PropertyFact, of owner: TypeSymbol, context: RuleContext) -> Verdict {
        var verdict = Verdict()
        let holdsAClass = property.typeNames.contains { name in
            guard let type = context.index.resolve(name, from: owner.declaration, inFile: owner.file) else { return false }
            return type.kind == .class || type.kind == .actor || (type.kind == .protocol && type.isClassBound)
        }
        for (file, location, kind) in sites[property.name] ?? [] {
            // The owner's own code, and code nested in it or in an extension of it in its
            // file, sees a `private` setter.
            if Self.isInsideOwner(location, inFile: file, owner: owner, context: context) { continue }
            if kind.call, holdsAClass { continue }
            // A bare name is the innermost type's own property: the owner's only when that
            // type extends or subclasses it.
            if kind.bySelf {
                guard let innermost = location.context,
                      Self.isOwnerOrSubclass(context.index.files[file].facts.types[innermost], inFile: file, owner: owner,
                                             context: context) != nil else { continue }
            }
            let site = Site(file: file, position: location.position, byView: context.queries.layer(at: location, inFile: file) == .view)
            if file == owner.file {
                verdict.inOwnersFile = true
            } else {
                if verdict.elsewhere == nil { verdict.elsewhere = site }
            }
        }
        return verdict
    }

    /// Whether a site is in the owner's declaration, a type nested in it, or an extension of
    /// it in its own file.
    private static func isInsideOwner(_ location: CodeLocation, inFile file: Int, owner: TypeSymbol, context: RuleContext) -> Bool {
        guard file == owner.file else { return false }
        let types = context.index.files[file].facts.types
        var index = location.context
        while let current = index {
            if isOwnerOrSubclass(types[current], inFile: file, owner: owner, context: context) == true { return true }
            index = types[current].parent
        }
        return false
    }

    /// True when `declaration` is the owner or an extension of it, false when it is (or
    /// extends) a subclass of it, nil otherwise.
    private static func isOwnerOrSubclass(_ declaration: TypeDeclFact, inFile file: Int, owner: TypeSymbol,
                                          context: RuleContext) -> Bool? {
        guard let symbol = context.index.resolve(declaration.name, from: declaration.parent, inFile: file) else { return nil }
        if symbol.id == owner.id { return true }
        var seen: Set<Int> = [symbol.id]
        var pending = context.index.declaration(of: symbol).inherited.map { ($0, symbol.file) }
        while let (name, inFile) = pending.popLast() {
            guard let superclass = context.index.resolve(name, from: nil, inFile: inFile), superclass.kind == .class,
                  seen.insert(superclass.id).inserted else { continue }
            if superclass.id == owner.id { return false }
            pending += context.index.declaration(of: superclass).inherited.map { ($0, superclass.file) }
        }
        return nil
    }
}
