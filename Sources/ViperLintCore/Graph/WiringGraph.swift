/// The wiring graph (issue 54, first step): for every function that creates project objects
/// and connects them (an Assembly, a ModuleBuilder, a router's `createModule`, a Clean Swift
/// `setup()`, a container's `register` closures), the objects it creates and each connection,
/// with the strength of the property that holds it, and each object's position (view,
/// presenter, interactor, router) read from those connections. Read from facts alone, so it is
/// as cached as they are. Who reads it: the classifier, for modules (`WiredModules.swift`: the
/// parts a builder wires are one module); `weak-back-reference`, to name the builder that
/// closes a cycle; `classify` (`--wiring`, and each type's positions). Roles stay with names and
/// RoleEvidence: where positions and names disagreed on the corpus and V1, the name was right
/// nine times in ten (issue 54's closing note).
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
        /// Each object's position in the wiring (`positions(of:in:)`), in role order.
        public var positions: [(type: String, position: Position)] = []
    }

    /// A role read from where an object sits in its builder's wiring, not from its name.
    public enum Position: String, Sendable, CaseIterable {
        /// The UIKit or AppKit view controller, or the SwiftUI view.
        case view
        /// What a SwiftUI view holds between itself and its presenter (a view state, a view model).
        case viewState = "view state"
        /// What the view (or the interactor's output) reaches, and what holds the view back.
        case presenter
        /// What holds the presenter as its output, or what the presenter asks for work.
        case interactor
        /// What the presenter (or, in Clean Swift, the view) asks to navigate: it holds the view.
        case router
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
                var builder = Builder(name: name, file: file.path, line: function.location.position.line, creates: creates, edges: edges)
                // The builder's own type is a candidate view too (Clean Swift's `setup()` in the view controller).
                let candidates = fact.objects.compactMap { projectType($0.type) } + [owner].compactMap { $0 }
                builder.positions = Self.positions(of: builder, createdTypes: candidates, in: index)
                builders.append(builder)
            }
        }
        self.builders = builders
    }

    /// UIKit and AppKit view controllers: a class reaching one of these is a module's view.
    static let viewControllerBases: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UIPageViewController",
        "UIHostingController", "NSViewController",
    ]

    /// Whether a type is a view: a SwiftUI view, or a class whose superclasses reach a view controller.
    static func isView(_ symbol: TypeSymbol, in index: ProjectIndex) -> Bool {
        if symbol.kind == .struct { return index.adopts(anyOf: ["View"], symbol) }
        return inherits(symbol, fromAnyOf: viewControllerBases, in: index)
    }

    /// Whether a class's superclasses, followed through the project, reach one of `bases`.
    static func inherits(_ symbol: TypeSymbol, fromAnyOf bases: Set<String>, in index: ProjectIndex) -> Bool {
        var current: TypeSymbol? = symbol
        var seen = Set<Int>()
        while let type = current, type.kind == .class, seen.insert(type.id).inserted {
            guard let superclass = index.declaration(of: type).inherited.first else { return false }
            if bases.contains(String(superclass.split(separator: ".").last ?? "")) { return true }
            current = index.resolve(superclass, from: nil, inFile: type.file)
        }
        return false
    }

    /// The positions of a builder's objects, read from its edges:
    /// - the view is the view controller or SwiftUI view it creates;
    /// - of those holding the view, the presenter is the one held by something besides the view
    ///   and the view's other holders, and that something is the interactor (classic VIPER's
    ///   `interactor.output`, Clean Swift's `interactor.presenter`); the other holders route;
    /// - with nobody holding the view (SwiftUI), the presenter is what the view holds, or, where
    ///   that holds an object that holds it back, that object (the view state between them);
    /// - what is left open is settled by the presenter's other targets, names breaking ties.
    static func positions(of builder: Builder, createdTypes: [TypeSymbol], in index: ProjectIndex) -> [(type: String, position: Position)] {
        guard let view = createdTypes.first(where: { isView($0, in: index) })?.qualifiedName else { return [] }
        // A module is the view and what the builder connects to it, directly or not; UIKit views (a cell, an error view whose delegate
        // the controller is) are parts of the view, never a role.
        let all = builder.edges.filter { edge in
            [edge.holder, edge.value].allSatisfy { type in !createdTypes.contains { $0.qualifiedName == type && isViewPart($0, in: index) } }
        }
        let members = Self.connected(to: view, in: all)
        // A view and one object make a module only where the view holds it (it sends its
        // events there: a presenter without an interactor or a router); an object that merely
        // points back at the view (a helper whose delegate it is) does not.
        guard members.count >= 3 || (members.count == 2 && all.contains { $0.holder == view && $0.value != view }) else { return [] }
        let edges = all.filter { members.contains($0.holder) && members.contains($0.value) }
        func holders(of type: String) -> [String] { edges.filter { $0.value == type && $0.holder != type }.map(\.holder) }
        func targets(of type: String) -> [String] { edges.filter { $0.holder == type && $0.value != type }.map(\.value) }
        var found: [Position: String] = [.view: view]
        let viewHolders = Set(holders(of: view))
        for holder in viewHolders.sorted() {
            if let outside = holders(of: holder).first(where: { $0 != view && !viewHolders.contains($0) }) {
                found[.presenter] = holder
                found[.interactor] = outside
                break
            }
        }
        if found[.presenter] == nil {
            if let held = targets(of: view).first(where: { viewHolders.contains($0) }) ?? (viewHolders.count == 1 ? viewHolders.first : nil) {
                found[.presenter] = held
            } else if let held = targets(of: view).first {
                // A view state and its presenter hold each other as a presenter and its
                // interactor do: the name says which (the SwiftUI template's `*ViewState`).
                if Self.name(held).hasSuffix("State"), let behind = targets(of: held).first(where: { targets(of: $0).contains(held) }) {
                    found[.viewState] = held
                    found[.presenter] = behind
                } else {
                    found[.presenter] = held
                }
            }
        }
        let taken = { Set(found.values) }
        for holder in viewHolders.sorted() where !taken().contains(holder) && found[.router] == nil { found[.router] = holder }
        if let presenter = found[.presenter] {
            let open = targets(of: presenter).filter { !taken().contains($0) }
            if found[.interactor] == nil, let output = open.first(where: { targets(of: $0).contains(presenter) }) {
                found[.interactor] = output
            }
            // Names break the ties the wiring leaves open: the type's (without an `Impl` tail)
            // or the property the presenter holds it in.
            for edge in edges where edge.holder == presenter && !taken().contains(edge.value) {
                let words = [Self.name(edge.value), edge.property.prefix(1).uppercased() + edge.property.dropFirst()]
                func says(_ suffixes: [String]) -> Bool { words.contains { word in suffixes.contains(where: word.hasSuffix) } }
                if found[.router] == nil, says(["Router", "Wireframe", "WireFrame", "Coordinator", "Navigator"]) {
                    found[.router] = edge.value
                } else if found[.interactor] == nil, says(["Interactor", "UseCase", "Usecase"]) {
                    found[.interactor] = edge.value
                }
            }
        }
        return Position.allCases.compactMap { position in found[position].map { ($0, position) } }
    }

    /// A type's simple name without an `Impl` tail (`PhotoLibraryInteractorImpl`).
    static func name(_ qualifiedName: String) -> String {
        let name = qualifiedName.split(separator: ".").last.map(String.init) ?? qualifiedName
        return name.hasSuffix("Impl") ? String(name.dropLast(4)) : name
    }

    /// The objects connected to `start` through the edges, whichever way each points.
    static func connected(to start: String, in edges: [Edge]) -> Set<String> {
        var seen: Set<String> = [start]
        var pending = [start]
        while let node = pending.popLast() {
            for edge in edges where edge.holder == node || edge.value == node {
                for next in [edge.holder, edge.value] where seen.insert(next).inserted { pending.append(next) }
            }
        }
        return seen
    }

    /// UIKit and AppKit views: a class reaching one of these is part of a screen's view.
    static let viewPartBases: Set<String> = [
        "UIView", "UITableViewCell", "UICollectionViewCell", "UICollectionReusableView", "UITableViewHeaderFooterView",
        "UIControl", "UIButton", "UILabel", "UIImageView", "UIScrollView", "UITableView", "UICollectionView", "UIStackView",
        "UIWindow", "NSView",
    ]

    /// Whether a class is a UIKit or AppKit view (not a view controller).
    static func isViewPart(_ symbol: TypeSymbol, in index: ProjectIndex) -> Bool {
        inherits(symbol, fromAnyOf: viewPartBases, in: index)
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
            if !builder.positions.isEmpty {
                lines.append("  positions: " + builder.positions.map { "\($0.position.rawValue) \($0.type)" }.joined(separator: ", "))
            }
            for edge in builder.edges {
                let strength = edge.strength?.rawValue ?? "not a stored property"
                lines.append("  line \(edge.line): \(edge.holder).\(edge.property) -> \(edge.value) (\(strength))")
            }
        }
        if lines.isEmpty { return "no function in the project creates and connects its types (no builder found)\n" }
        return lines.joined(separator: "\n") + "\n"
    }
}
