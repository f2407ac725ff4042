/// The wiring graph (issue 54, first step): for every function that creates project objects
/// and connects them (an Assembly, a ModuleBuilder, a router's `createModule`, a Clean Swift
/// `setup()`, a container's `register` closures), the objects it creates and each connection,
/// with the strength of the property that holds it. Read from facts alone, so it is as cached
/// as they are; rules do not read it yet: `classify --wiring` prints it for review.
public struct WiringGraph: Sendable {
    /// One function that wires objects together.
    public struct Builder: Sendable {
        /// `HomeRouter.createModule`, or the function's name at file scope.
        public var name: String
        public var file: String
        public var line: Int
        /// The project types it creates, in source order, each once.
        public var creates: [String]
        public var edges: [Edge]
    }

    /// `holder.property` holds `value`: both are project types (the holder's concrete class).
    public struct Edge: Sendable, Hashable {
        public var holder: String
        public var property: String
        public var value: String
        /// The property's declared strength on the holder (or a class it inherits from); nil
        /// when the holder declares no property of that name (an initializer's label that is
        /// not one, a property of a protocol extension).
        public var strength: PropertyFact.Ownership?
        public var line: Int
    }

    public var builders: [Builder]

    /// The builders of a project: functions that create at least one project type and connect
    /// it to another project object.
    public init(_ index: ProjectIndex) {
        var builders: [Builder] = []
        for (fileIndex, file) in index.files.enumerated() {
            for fact in file.facts.wiring {
                let function = file.facts.functions[fact.function]
                let context = function.location.context
                let owner = index.owner(ofDeclaration: context, inFile: fileIndex)
                // Objects are what can hold and be held by reference: classes and actors, the
                // protocols a container resolves or a parameter is typed as, and SwiftUI views
                // (a struct that holds its presenter). Values (entities, options) are data.
                func projectType(_ name: String) -> TypeSymbol? {
                    index.resolve(name, from: context, inFile: fileIndex).flatMap { symbol in
                        switch symbol.kind {
                        case .class, .actor, .protocol: symbol
                        case .struct where index.adopts(anyOf: ["View"], symbol): symbol
                        default: nil
                        }
                    }
                }
                // What each name stands for: a created object, a parameter, or the builder itself.
                var types: [String: TypeSymbol] = [:]
                for parameter in function.parameters {
                    if let type = parameter.typeNames.lazy.compactMap(projectType).first { types[parameter.name] = type }
                }
                if let owner { types["self"] = owner }
                var creates: [String] = []
                var created = Set<String>()
                for object in fact.objects {
                    guard let type = projectType(object.type) else { continue }
                    types[object.name] = type
                    created.insert(object.name)
                    if !creates.contains(type.qualifiedName) { creates.append(type.qualifiedName) }
                }
                guard !creates.isEmpty else { continue }
                var edges: [Edge] = []
                // A connection wires when it involves an object the function created: `self.items =
                // items` in a method is a method storing its argument, not a builder at work.
                for alias in fact.connections where alias.property.isEmpty {
                    if let type = types[alias.value] { types[alias.holder] = type }
                }
                for connection in fact.connections where !connection.property.isEmpty
                    && (created.contains(connection.holder) || created.contains(connection.value)) {
                    guard let holder = types[connection.holder], let value = types[connection.value], holder.kind != .protocol else { continue }
                    let edge = Edge(holder: holder.qualifiedName, property: connection.property, value: value.qualifiedName,
                                    strength: Self.strength(of: connection.property, on: holder, in: index), line: connection.position.line)
                    if !edges.contains(edge) { edges.append(edge) }
                }
                guard !edges.isEmpty else { continue }
                let name = owner.map { "\($0.qualifiedName).\(function.name)" } ?? function.name
                builders.append(Builder(name: name, file: file.path, line: function.location.position.line, creates: creates, edges: edges))
            }
        }
        self.builders = builders
    }

    /// The strength of a stored property, declared on the type or a class it inherits from.
    static func strength(of property: String, on type: TypeSymbol, in index: ProjectIndex) -> PropertyFact.Ownership? {
        var current: TypeSymbol? = type
        var seen = Set<Int>()
        while let symbol = current, seen.insert(symbol.id).inserted {
            if let found = index.storedProperties(of: symbol).first(where: { $0.property.name == property && !$0.property.isStatic }) {
                return found.property.ownership
            }
            current = index.declaration(of: symbol).inherited.lazy.compactMap { index.resolve($0, from: nil, inFile: symbol.file) }
                .first { $0.kind == .class }
        }
        return nil
    }

    /// One line per builder, then one per edge: what `classify --wiring` prints.
    public func text() -> String {
        var lines: [String] = []
        for builder in builders {
            lines.append("\(builder.file):\(builder.line): \(builder.name) creates \(builder.creates.joined(separator: ", "))")
            for edge in builder.edges {
                let strength = edge.strength?.rawValue ?? "not a stored property"
                lines.append("  line \(edge.line): \(edge.holder).\(edge.property) -> \(edge.value) (\(strength))")
            }
        }
        if lines.isEmpty { return "no function in the project creates and connects its types (no builder found)\n" }
        return lines.joined(separator: "\n") + "\n"
    }
}
