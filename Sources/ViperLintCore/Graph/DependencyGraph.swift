/// Who depends on whom: the type references between layers or between modules, each arrow
/// with how many references it stands for and how many of them were reported as findings.
///
/// Built from a lint result, so a red arrow always means findings a user can open: a
/// reference is violating when a dependency rule reported a finding on its line that names
/// the referenced type (findings sit on the property or on the type, so positions differ).
public struct DependencyGraph: Sendable, Equatable {
    public enum Level: String, CaseIterable, Sendable {
        case module, layer
    }

    public struct Node: Sendable, Equatable {
        /// A layer name or a module name.
        public var name: String
        /// Types declared in it.
        public var types: Int
        /// Findings reported in it (any rule).
        public var findings: Int
        /// Module level: the folder holding the module's folder (`Modules` for `Modules/Home`),
        /// by which renderers cluster modules; nil when the module has no folder.
        public var group: String? = nil
        /// Module level: code without a View, Presenter, Interactor, Router or Assembly of its
        /// own (shared folders such as Common or Services): drawn apart from the modules.
        public var isShared = false
    }

    public struct Edge: Sendable, Equatable {
        public var from: String
        public var to: String
        /// Type references from code of `from` to types of `to`.
        public var references: Int
        /// Those of them a dependency rule reported.
        public var violations: Int
        /// Layer level: whether the configuration allows the arrow at all: the matrix lists it
        /// (directly or through a protocol) or `from` is a builder layer, which constructs
        /// every layer of its module. Module level: nil.
        public var allowed: Bool?
        /// Module level: the arrow is part of a dependency cycle a finding reports.
        public var inCycle: Bool
        /// Layer level: false when `layer-dependency`, which checks the matrix, is off: the arrow
        /// is neither allowed nor refused, only not checked.
        public var checked = true

        public var isViolating: Bool { violations > 0 || allowed == false }
    }

    public var level: Level
    /// Layers in architectural order; modules by name.
    public var nodes: [Node]
    /// Sorted by source node order, then target node order.
    public var edges: [Edge]

    public init(level: Level, nodes: [Node], edges: [Edge]) {
        self.level = level
        self.nodes = nodes
        self.edges = edges
    }

    public init(result: LintResult, ruleSet: RuleSet, level: Level) {
        self.level = level
        let index = result.index
        // Findings about a reference name their target type: an arrow's finding is one at the
        // reference's line whose target is the referenced type (no message is read).
        struct Place: Hashable { var file: String; var line: Int; var target: String }
        let reported = Set(result.violations.compactMap { violation in
            violation.target.map { Place(file: violation.file, line: violation.line, target: $0.type) }
        })

        func key(layer: Layer?, module: String?) -> String? {
            switch level {
            case .layer: return layer?.name
            case .module: return module
            }
        }

        var types: [String: Int] = [:]
        for symbol in index.symbols {
            if let name = key(layer: symbol.layer.layer, module: symbol.module.module) { types[name, default: 0] += 1 }
        }
        var findings: [String: Int] = [:]
        for violation in result.violations {
            if let name = key(layer: violation.layer, module: violation.module) { findings[name, default: 0] += 1 }
        }

        struct Pair: Hashable { var from: String; var to: String }
        var counts: [Pair: (references: Int, violations: Int)] = [:]
        for resolved in index.resolvedReferences {
            let target = index.symbols[resolved.target]
            guard let from = key(layer: resolved.fromLayer, module: resolved.fromModule),
                  let to = key(layer: target.layer.layer, module: target.module.module), from != to else { continue }
            var count = counts[Pair(from: from, to: to)] ?? (0, 0)
            count.references += 1
            if reported.contains(Place(file: index.files[resolved.file].path, line: resolved.reference.position.line,
                                       target: target.qualifiedName)) {
                count.violations += 1
            }
            counts[Pair(from: from, to: to)] = count
        }

        let names: [String]
        switch level {
        case .layer:
            let used = Set(types.keys).union(counts.keys.flatMap { [$0.from, $0.to] })
            names = Layer.allCases.map(\.name).filter(used.contains)
        case .module:
            names = Set(types.keys).union(counts.keys.flatMap { [$0.from, $0.to] }).union(result.modules).sorted()
        }
        // A module's group is the parent of its most common folder.
        var folders: [String: [String: Int]] = [:]
        if level == .module {
            for symbol in index.symbols {
                if let module = symbol.module.module, let folder = symbol.module.folder { folders[module, default: [:]][folder, default: 0] += 1 }
            }
        }
        let vipers = Set(result.modules)
        nodes = names.map { name in
            var node = Node(name: name, types: types[name] ?? 0, findings: findings[name] ?? 0)
            if level == .module {
                let folder = folders[name]?.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
                node.group = folder.flatMap { folder in
                    folder.split(separator: "/").dropLast().isEmpty ? nil : folder.split(separator: "/").dropLast().joined(separator: "/")
                }
                node.isShared = !vipers.contains(name)
            }
            return node
        }
        let order = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        // The arrows of the cycles reported as findings (`cycle`), not every arrow inside a
        // strongly connected part: on a large app that is most arrows, and not a finding.
        let cyclic: Set<[String]> = level == .module
            ? Set(result.violations.compactMap(\.cycle).flatMap { cycle in zip(cycle, cycle.dropFirst()).map { [$0, $1] } })
            : []
        edges = counts.map { pair, count in
            var allowed: Bool?
            let checked = level == .module || ruleSet.checksLayerMatrix
            if level == .layer, checked, let from = Layer(name: pair.from), let to = Layer(name: pair.to) {
                let rules = ruleSet.dependencies(of: from)
                allowed = rules.allow.contains(to) || rules.viaProtocol.contains(to) || ruleSet.isBuilder(from)
            }
            var edge = Edge(from: pair.from, to: pair.to, references: count.references, violations: count.violations,
                            allowed: allowed, inCycle: cyclic.contains([pair.from, pair.to]))
            edge.checked = checked
            return edge
        }.sorted { (order[$0.from]!, order[$0.to]!) < (order[$1.from]!, order[$1.to]!) }
    }

    /// The graph limited to violating arrows (with findings, not allowed, or on a cycle) and
    /// to the arrows touching `focus` (a module's neighbourhood), with the nodes they join;
    /// `focus` alone stays when nothing touches it. Nil when `focus` names no node.
    public func filtered(onlyViolations: Bool, focus: String?) -> DependencyGraph? {
        if let focus, !nodes.contains(where: { $0.name == focus }) { return nil }
        guard onlyViolations || focus != nil else { return self }
        let kept = edges.filter { edge in
            (!onlyViolations || edge.isViolating || edge.inCycle) && (focus.map { edge.from == $0 || edge.to == $0 } ?? true)
        }
        let joined = Set(kept.flatMap { [$0.from, $0.to] } + (focus.map { [$0] } ?? []))
        return DependencyGraph(level: level, nodes: nodes.filter { joined.contains($0.name) }, edges: kept)
    }
}
