/// What `viperlint classify` prints: every file and type with its module and layer, the
/// signal that decided each, and the files that got no layer.
public enum ClassificationReport {
    public static func text(_ index: ProjectIndex) -> String {
        var lines: [String] = []
        var unclassified: [String] = []
        for file in index.files {
            lines.append(TerminalText.printable(file.path))
            lines.append("  file: \(describe(file.layer)); \(describe(file.module))")
            for id in file.symbolIDs.compactMap({ $0 }) {
                let symbol = index.symbols[id]
                lines.append("  \(symbol.kind.rawValue) \(symbol.qualifiedName): \(describe(symbol.layer)); \(describe(symbol.module))")
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
        return lines.joined(separator: "\n") + "\n"
    }

    /// The VIPER modules with the layers found in each, and the type count of each layer:
    /// what to check first when findings look wrong.
    static func summary(_ index: ProjectIndex) -> [String] {
        var layersByModule: [String: Set<Layer>] = [:]
        var filesByModule: [String: Set<Int>] = [:]
        var typesByLayer: [Layer: Int] = [:]
        for symbol in index.symbols {
            guard let layer = symbol.layer.layer else { continue }
            typesByLayer[layer, default: 0] += 1
            if let module = symbol.module.module {
                layersByModule[module, default: []].insert(layer)
                filesByModule[module, default: []].insert(symbol.file)
            }
        }
        let modules = layersByModule.filter { $0.value.contains { $0.isModuleBound } }.keys
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var lines = ["Modules (\(modules.count)) with the layers of their types:"]
        for module in modules {
            let layers = Layer.allCases.filter { layersByModule[module]?.contains($0) == true }.map(\.name)
            let files = filesByModule[module]?.count ?? 0
            lines.append("  \(TerminalText.printable(module)): \(layers.joined(separator: ", ")) (\(files) \(files == 1 ? "file" : "files"))")
        }
        let layers = Layer.allCases.compactMap { layer in typesByLayer[layer].map { "\(layer.name) \($0)" } }
        lines.append("Types by layer: " + (layers.isEmpty ? "none" : layers.joined(separator: ", ")))
        return lines
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

    static func describe(_ decision: ModuleDecision) -> String {
        guard let module = decision.module, let signal = decision.signal else { return "no module" }
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
            ])
        }
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
                    ])
                })),
            ])
        }
        return JSONOutput.object([("version", .integer(1)), ("files", .array(files))]).rendered()
    }
}
