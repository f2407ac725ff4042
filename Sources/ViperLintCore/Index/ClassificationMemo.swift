import Foundation

/// The classifier's decisions of the last run of a project, reused when nothing they depend
/// on changed. Classification reads declarations, names and paths, never positions or what
/// function bodies do, so an edit inside a body (the usual commit) keeps every layer and
/// module: the run then skips the classifier, the largest cost after parsing.
///
/// Keyed by a signature of everything classification reads: the rule set, the build targets
/// and each file's `classificationSignature`. One small binary file per project in the cache
/// folder; a missing, foreign or damaged one only costs a full classification. A test
/// scrambles every fact left out of the signature and checks the classification is unchanged.
struct ClassificationMemo: Sendable {
    static let formatVersion = 5

    let file: URL
    private let key: CacheKey

    init(cache: FactCache, root: String) {
        let name = SHA256.hex(SHA256.digest(Array(root.utf8))).prefix(32)
        key = cache.key
        file = cache.folder.appendingPathComponent("classes-\(name).bin")
    }

    /// The signature of a whole run's classification inputs.
    static func signature(fileSignatures: [[UInt8]], ruleSet: RuleSet, targets: [BuildTarget], detectsPreset: Bool) -> [UInt8] {
        var writer = ByteWriter()
        writer.int(formatVersion)
        writer.int(FactCache.formatVersion)
        writer.string(FactCache.buildIdentity)
        writer.string(RuleSetEncoder.encode(ruleSet).rendered())
        writer.bool(detectsPreset)
        writer.array(targets) { writer, target in
            writer.string(target.name)
            writer.string(target.folder)
        }
        writer.array(fileSignatures) { writer, signature in writer.byteArray(signature) }
        return SHA256.digest(writer.bytes)
    }

    /// The decisions stored under `signature`, if the memo holds exactly those.
    func load(signature: [UInt8]) -> ClassifierDecisions? {
        guard let bytes = key.contents(of: file) else { return nil }
        var reader = ByteReader(bytes)
        guard let stored = try? reader.byteArray(), stored == signature,
              let decisions = try? ClassifierDecisions(reading: &reader), reader.isAtEnd else { return nil }
        return decisions
    }

    /// Replaces the memo (atomically: readers see a whole memo or the previous one).
    func store(_ decisions: ClassifierDecisions, signature: [UInt8]) {
        var writer = ByteWriter()
        writer.byteArray(signature)
        decisions.write(into: &writer)
        key.replace(file, with: writer.bytes)
    }
}

extension FileFacts {
    /// A digest of the facts classification and preset detection read: the path, imports,
    /// declarations without positions, functions' names, owners and result types, type aliases, and the set of type names
    /// referenced with the declaration that names each and whether it creates it. Positions,
    /// calls, branches, assignments and member reads are left out.
    var classificationSignature: [UInt8] {
        var writer = ByteWriter()
        writer.string(path)
        writer.array(imports) { writer, fact in writer.strings(fact.path) }
        writer.array(types) { writer, type in writer.declaration(type, positions: false) }
        writer.array(functions) { writer, function in
            writer.string(function.kind.rawValue)
            writer.string(function.name)
            writer.optional(function.location.context) { $0.int($1) }
            writer.bool(function.isStatic)
            // What a type's members give (`var icon: UIImage?`) tells display data from entities.
            writer.strings(function.resultTypeNames)
        }
        // Who names what (and in which member: display code), and whether it creates it (the
        // evidence of roles, RoleEvidence): a reference's owner and use, never its position.
        writer.strings(Set(references.map { reference in
            let use = reference.kind == .instantiation ? "new" : reference.kind == .conformance ? "is" : "use"
            return "\(reference.context ?? -1) \(reference.member ?? "") \(use) \(reference.name)"
        }).sorted())
        // What a conformance through an alias adopts.
        writer.array(typeAliases) { writer, alias in
            writer.string(alias.name)
            writer.strings(alias.typeNames)
        }
        return SHA256.digest(writer.bytes)
    }
}

/// What the classifier decided for every file and type, in index order: what the memo keeps.
struct ClassifierDecisions: Sendable, Equatable {
    struct File: Sendable, Equatable {
        var layer: LayerDecision
        var module: ModuleDecision
        var explicitLayer: LayerDecision?
    }

    struct Symbol: Sendable, Equatable {
        var layer: LayerDecision
        var module: ModuleDecision
        var isClassBound: Bool
    }

    var files: [File]
    var symbols: [Symbol]
    var conformersByProtocol: [Int: [Int]]
    /// Which groups of types are VIPER modules, and why (`ProjectIndex.moduleEvidence`).
    var moduleEvidence: [String: ModuleEvidence] = [:]
    /// Without a configuration file: the preset detected, and the folders it did not know.
    var detectedPreset: Preset?
    var customFolders: [PresetDetector.CustomFolder] = []

    init(index: ProjectIndex, detection: PresetDetector.Result?) {
        detectedPreset = detection?.preset
        customFolders = detection?.customFolders ?? []
        files = index.files.map { File(layer: $0.layer, module: $0.module, explicitLayer: $0.explicitLayer) }
        symbols = index.symbols.map { Symbol(layer: $0.layer, module: $0.module, isClassBound: $0.isClassBound) }
        conformersByProtocol = index.conformersByProtocol
        moduleEvidence = index.moduleEvidence
    }

    init(reading reader: inout ByteReader) throws(ByteReader.Malformed) {
        files = try reader.array { reader throws(ByteReader.Malformed) in
            File(layer: try reader.layerDecision(), module: try reader.moduleDecision(),
                 explicitLayer: try reader.optional { reader throws(ByteReader.Malformed) in try reader.layerDecision() })
        }
        symbols = try reader.array { reader throws(ByteReader.Malformed) in
            Symbol(layer: try reader.layerDecision(), module: try reader.moduleDecision(), isClassBound: try reader.bool())
        }
        var conformers: [Int: [Int]] = [:]
        let symbolCount = symbols.count
        // Symbol ids must name symbols: the memo is a file, and a file is input.
        func symbolID(_ reader: inout ByteReader) throws(ByteReader.Malformed) -> Int {
            let id = try reader.int()
            guard id >= 0, id < symbolCount else { throw ByteReader.Malformed() }
            return id
        }
        let protocolCount = try reader.int()
        guard protocolCount >= 0, protocolCount <= symbolCount else { throw ByteReader.Malformed() }
        for _ in 0..<protocolCount {
            let key = try symbolID(&reader)
            conformers[key] = try reader.array(symbolID)
        }
        conformersByProtocol = conformers
        var evidence: [String: ModuleEvidence] = [:]
        let moduleCount = try reader.int()
        guard moduleCount >= 0 else { throw ByteReader.Malformed() }
        for _ in 0..<moduleCount {
            let name = try reader.string()
            evidence[name] = ModuleEvidence(isModule: try reader.bool(), reason: try reader.string())
        }
        moduleEvidence = evidence
        detectedPreset = try reader.optional { reader throws(ByteReader.Malformed) in
            guard let preset = Preset(rawValue: try reader.string()) else { throw ByteReader.Malformed() }
            return preset
        }
        customFolders = try reader.array { reader throws(ByteReader.Malformed) in
            PresetDetector.CustomFolder(name: try reader.string(), layer: try reader.raw(Layer.self), occurrences: try reader.int())
        }
    }

    /// The detected preset's rules, as detection gave them (nil with a configuration file).
    var detection: PresetDetector.Result? {
        detectedPreset.map { PresetDetector.Result(scores: [], preset: $0, customFolders: customFolders, extraRoles: []) }
    }

    func write(into writer: inout ByteWriter) {
        writer.array(files) { writer, file in
            writer.layerDecision(file.layer)
            writer.moduleDecision(file.module)
            writer.optional(file.explicitLayer) { $0.layerDecision($1) }
        }
        writer.array(symbols) { writer, symbol in
            writer.layerDecision(symbol.layer)
            writer.moduleDecision(symbol.module)
            writer.bool(symbol.isClassBound)
        }
        writer.int(conformersByProtocol.count)
        for key in conformersByProtocol.keys.sorted() {
            writer.int(key)
            writer.array(conformersByProtocol[key]!) { $0.int($1) }
        }
        writer.int(moduleEvidence.count)
        for name in moduleEvidence.keys.sorted() {
            writer.string(name)
            writer.bool(moduleEvidence[name]!.isModule)
            writer.string(moduleEvidence[name]!.reason)
        }
        writer.optional(detectedPreset) { $0.string($1.rawValue) }
        writer.array(customFolders) { writer, folder in
            writer.string(folder.name)
            writer.string(folder.layer.rawValue)
            writer.int(folder.occurrences)
        }
    }
}

private extension ByteWriter {
    mutating func layerDecision(_ decision: LayerDecision) {
        optional(decision.layer) { $0.string($1.rawValue) }
        optional(decision.signal) { $0.string($1.rawValue) }
        string(decision.evidence)
        optional(decision.note) { $0.string($1) }
    }

    mutating func moduleDecision(_ decision: ModuleDecision) {
        optional(decision.module) { $0.string($1) }
        optional(decision.signal) { $0.string($1.rawValue) }
        string(decision.evidence)
        optional(decision.folder) { $0.string($1) }
    }
}

private extension ByteReader {
    mutating func layerDecision() throws(Malformed) -> LayerDecision {
        LayerDecision(layer: try optional { reader throws(Malformed) in try reader.raw(Layer.self) },
                      signal: try optional { reader throws(Malformed) in try reader.raw(ClassificationSignal.self) },
                      evidence: try string(), note: try optional { reader throws(Malformed) in try reader.string() })
    }

    mutating func moduleDecision() throws(Malformed) -> ModuleDecision {
        ModuleDecision(module: try optional { reader throws(Malformed) in try reader.string() },
                       signal: try optional { reader throws(Malformed) in try reader.raw(ClassificationSignal.self) },
                       evidence: try string(), folder: try optional { reader throws(Malformed) in try reader.string() })
    }
}
