/// What `viperlint classify` prints: every file and type with its module and layer, the
/// signal that decided each, and the files that got no layer.
public enum ClassificationReport {
    public static func text(_ index: ProjectIndex) -> String {
        var lines: [String] = []
        var unclassified: [String] = []
        let wiring = wiredPositions(index)
        for file in index.files {
            lines.append(TerminalText.printable(file.path))
            lines.append("  file: \(describe(file.layer)); \(describe(file.module, in: index))")
            for id in file.symbolIDs.compactMap({ $0 }) {
                let symbol = index.symbols[id]
                lines.append("  \(symbol.kind.rawValue) \(symbol.qualifiedName): \(describe(symbol.layer)); \(describe(symbol.module, in: index))")
                if let positions = wiring[symbol.qualifiedName] {
                    lines.append("    wired as " + positions.prefix(2).map(\.text).joined(separator: "; ")
                                 + (positions.count > 2 ? "; and by \(positions.count - 2) more builders" : ""))
                } else if symbol.kind != .protocol, let layer = symbol.layer.layer, Self.wiredLayers.contains(layer) {
                    lines.append("    not wired into a module by any builder in the code: its role is what its name and place say")
                }
            }
            let hasLayeredType = file.symbolIDs.compactMap { $0 }.contains { index.symbols[$0].layer.layer != nil }
            if file.layer.layer == nil && !hasLayeredType { unclassified.append(TerminalText.printable(file.path)) }
        }
        lines.append("")
        if unclassified.isEmpty {
            lines.append("Every file has a layer.")
        } else {
            lines.append("Files with no layer (\(unclassified.count)): not checked by layer rules.")
            lines += unclassified.map { "  \($0)" }
        }
        lines.append("")
        lines += summary(index)
        // Module names and evidence quote folder names anyone can choose: none reaches the terminal raw.
        return lines.map { TerminalText.printable($0) }.joined(separator: "\n") + "\n"
    }

    /// The layers a builder's wiring places (`WiringGraph.Position`).
    static let wiredLayers: Set<Layer> = [.view, .viewModel, .presenter, .interactor, .router]

    /// One place a builder wires a type at.
    struct WiredPosition {
        var position: WiringGraph.Position
        var builder: String
        var file: String
        var line: Int

        /// `presenter by HomeRouter.createModule (Modules/Home/HomeRouter.swift:6)`.
        var text: String { "\(position.rawValue) by \(builder) (\(file):\(line))" }
    }

    /// Each type's positions in the wiring graph, in builder order: what the wiring says of its
    /// role, beside what names and folders said.
    static func wiredPositions(_ index: ProjectIndex) -> [String: [WiredPosition]] {
        var positions: [String: [WiredPosition]] = [:]
        for builder in WiringGraph(index).builders {
            for (type, position) in builder.positions {
                positions[type, default: []].append(WiredPosition(position: position, builder: builder.name, file: builder.file, line: builder.line))
            }
        }
        return positions
    }

    /// The VIPER modules with the layers found in each and the evidence that makes each one a
    /// module, the groups of types that are no module and why (a folder of cells, `Network/`),
    /// and the type count of each layer: what to check first when findings look wrong.
    static func summary(_ index: ProjectIndex) -> [String] {
        var layersByModule: [String: Set<Layer>] = [:]
        var filesByModule: [String: Set<Int>] = [:]
        var typesByLayer: [Layer: Int] = [:]
        for symbol in index.symbols {
            // Every file a group's types are declared in, layered or not: a group of unlayered
            // helpers still has its files.
            if let module = symbol.module.module { filesByModule[module, default: []].insert(symbol.file) }
            guard let layer = symbol.layer.layer else { continue }
            typesByLayer[layer, default: 0] += 1
            if let module = symbol.module.module { layersByModule[module, default: []].insert(layer) }
        }
        func entry(_ module: String) -> String {
            let layers = Layer.allCases.filter { layersByModule[module]?.contains($0) == true }.map(\.name)
            let files = filesByModule[module]?.count ?? 0
            return "  \(TerminalText.printable(module)): " + (layers.isEmpty ? "no layer" : layers.joined(separator: ", "))
                + " (\(files) \(files == 1 ? "file" : "files"))"
        }
        let byBytes: (String, String) -> Bool = { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let modules = index.modules.sorted(by: byBytes)
        var lines = ["Modules (\(modules.count)) with the layers of their types:"]
        for module in modules {
            lines.append(entry(module))
            lines.append("    " + (index.moduleEvidence[module]?.reason ?? ""))
        }
        // Groups a name or a folder made that hold typed code: what a user may have taken for a
        // module. Groups of nothing a layer or a name speaks for are not listed.
        let others = index.moduleEvidence.filter { name, evidence in
            !evidence.isModule && (layersByModule[name].map { $0.contains { $0.isModuleBound } } ?? false || evidence.reason.contains("by name only"))
        }.keys.sorted(by: byBytes)
        if !others.isEmpty {
            lines.append("Not modules (\(others.count)): groups of types the code does not wire as VIPER modules:")
            for name in others {
                lines.append(entry(name))
                lines.append("    not a module: " + (index.moduleEvidence[name]?.reason ?? ""))
            }
        }
        let layers = Layer.allCases.compactMap { layer in typesByLayer[layer].map { "\(layer.name) \($0)" } }
        lines.append("Types by layer: " + (layers.isEmpty ? "none" : layers.joined(separator: ", ")))
        return lines
    }

    /// `classify --explain NAME`: for each type of that name (simple or qualified), the evidence
    /// for its layer and module, the evidence against (why a name or a place was not enough),
    /// and what ties it to the rest of the code: the protocols it adopts, who uses it, what it
    /// names. Nil when no type has that name.
    public static func explain(_ name: String, in index: ProjectIndex) -> String? {
        let matches = index.symbols.filter { $0.name == name || $0.qualifiedName == name }
        guard !matches.isEmpty else { return nil }
        func label(_ id: Int) -> String {
            let symbol = index.symbols[id]
            return TerminalText.printable(symbol.qualifiedName) + " (" + (symbol.layer.layer?.name ?? "no layer") + ")"
        }
        func listed(_ ids: [Int]) -> String {
            guard !ids.isEmpty else { return "none" }
            let shown = ids.prefix(8).map(label).joined(separator: ", ")
            return ids.count > 8 ? shown + " and \(ids.count - 8) more" : shown
        }
        var usedBy: [Int: [Int]] = [:]
        var names: [Int: [Int]] = [:]
        for resolved in index.resolvedReferences {
            guard let owner = index.owner(ofDeclaration: resolved.reference.context, inFile: resolved.file)?.id,
                  owner != resolved.target else { continue }
            if !(usedBy[resolved.target]?.contains(owner) ?? false) { usedBy[resolved.target, default: []].append(owner) }
            if !(names[owner]?.contains(resolved.target) ?? false) { names[owner, default: []].append(resolved.target) }
        }
        var lines: [String] = []
        for symbol in matches {
            let position = index.declaration(of: symbol).position
            lines.append("\(symbol.kind.rawValue) \(TerminalText.printable(symbol.qualifiedName)) at "
                + "\(TerminalText.printable(index.files[symbol.file].path)):\(position.line)")
            if let layer = symbol.layer.layer, let signal = symbol.layer.signal {
                lines.append("  layer: \(layer.name), by \(signal.rawValue): \(symbol.layer.evidence)")
            } else {
                lines.append("  layer: none (a candidate at most: no finding is about it or points at it)")
            }
            lines.append("  against: " + (symbol.layer.note ?? "nothing"))
            lines.append("  module: " + describe(symbol.module, in: index))
            let adopted = index.protocols(conformedToBy: symbol).map(\.id)
            lines.append("  adopts: " + listed(adopted))
            if symbol.kind == .protocol { lines.append("  adopted by: " + listed(index.conformers(of: symbol).map(\.id))) }
            lines.append("  used by: " + listed(usedBy[symbol.id] ?? []))
            lines.append("  names: " + listed(names[symbol.id] ?? []))
        }
        // Module names and evidence quote folder names anyone can choose: none reaches the terminal raw.
        return lines.map { TerminalText.printable($0) }.joined(separator: "\n") + "\n"
    }

    static func describe(_ decision: LayerDecision) -> String {
        var text: String
        if let layer = decision.layer, let signal = decision.signal {
            text = "layer \(layer.name) (\(signal.rawValue): \(decision.evidence))"
        } else {
            text = "no layer"
        }
        if let note = decision.note { text += " [\(note)]" }
        return text
    }

    /// `module Home (module folder: ...)`; a group the code does not show to be a module is
    /// `group Cells (...), not a module` (the summary says why).
    static func describe(_ decision: ModuleDecision, in index: ProjectIndex) -> String {
        guard let module = decision.module, let signal = decision.signal else { return "no module" }
        guard index.isModule(module) else { return "group \(module) (\(signal.rawValue): \(decision.evidence)), not a module" }
        return "module \(module) (\(signal.rawValue): \(decision.evidence))"
    }

    public static func json(_ index: ProjectIndex) -> String {
        func layer(_ decision: LayerDecision) -> JSONOutput {
            .object([
                ("name", .optional(decision.layer?.name)),
                ("signal", .optional(decision.layer == nil ? nil : decision.signal?.rawValue)),
                ("evidence", .optional(decision.layer == nil ? nil : decision.evidence)),
                ("note", .optional(decision.note)),
            ])
        }
        func module(_ decision: ModuleDecision) -> JSONOutput {
            .object([
                ("name", .optional(decision.module)),
                ("signal", .optional(decision.signal?.rawValue)),
                ("evidence", .optional(decision.module == nil ? nil : decision.evidence)),
                ("isModule", .bool(index.isModule(decision.module))),
            ])
        }
        // Every group of types with whether it is a VIPER module and why, modules first.
        let names = index.moduleEvidence.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let groups = (names.filter(index.isModule) + names.filter { !index.isModule($0) }).map { name -> JSONOutput in
            .object([
                ("name", .string(name)),
                ("isModule", .bool(index.isModule(name))),
                ("evidence", .string(index.moduleEvidence[name]?.reason ?? "")),
            ])
        }
        let wiring = wiredPositions(index)
        let files = index.files.map { file -> JSONOutput in
            .object([
                ("file", .string(file.path)),
                ("target", .optional(file.target)),
                ("layer", layer(file.layer)),
                ("module", module(file.module)),
                ("types", .array(file.symbolIDs.compactMap { $0 }.map { id in
                    let symbol = index.symbols[id]
                    return .object([
                        ("name", .string(symbol.qualifiedName)),
                        ("kind", .string(symbol.kind.rawValue)),
                        ("line", .integer(index.declaration(of: symbol).position.line)),
                        ("layer", layer(symbol.layer)),
                        ("module", module(symbol.module)),
                        ("wiring", .array((wiring[symbol.qualifiedName] ?? []).map { wired in
                            .object([
                                ("position", .string(wired.position.rawValue)),
                                ("builder", .string(wired.builder)),
                                ("file", .string(wired.file)),
                                ("line", .integer(wired.line)),
                            ])
                        })),
                    ])
                })),
            ])
        }
        return JSONOutput.object([("version", .integer(1)), ("modules", .array(groups)), ("files", .array(files))]).rendered()
    }
}
