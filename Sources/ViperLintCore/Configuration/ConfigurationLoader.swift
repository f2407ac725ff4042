import Foundation

/// Reads `.viperlint.json` / `.viperlint.yml` / `rules.json` files strictly: every unknown key,
/// wrong type, unknown rule id or layer name is reported with its key path, line and column,
/// all at once. YAML is read into the same located tree as JSON (`YAMLConfigurationParser`).
public enum ConfigurationLoader {
    /// The name `init` writes, and the one messages name first.
    public static let fileName = ".viperlint.json"
    /// Every name a project's configuration may have; a folder holds at most one of them.
    public static let fileNames = [".viperlint.json", ".viperlint.yml", ".viperlint.yaml"]
    /// The names for messages.
    public static let fileNamesForMessages = ".viperlint.json or .viperlint.yml"
    public static let currentVersion = 1

    static let topLevelKeys = ["$schema", "$comment", "version", "extends", "include", "exclude", "excludeReplacingDefaults", "scope", "layers",
                               "protocolSuffixes", "modules", "builders", "dependencies", "conventions", "apis", "rules", "overrides"]
    static let layerKeys = ["paths", "targets", "typeSuffixes", "fileSuffixes", "folders", "excludedTypeSuffixes"]

    /// The rule set used when a project has no configuration file: the `viper` preset, which
    /// the repository's `rules.json` spells out.
    public static var defaultRuleSet: RuleSet { Preset.viper.ruleSet }

    /// Largest configuration read: a hand-written one is a few KB.
    static let maximumConfigurationSize = 4 * 1_048_576

    /// The configuration file of `folder`, or nil; two of them (`.viperlint.json` and
    /// `.viperlint.yml`, say) are an error, since neither could be said to win.
    public static func file(in folder: URL, exists: (URL) -> Bool) throws(ConfigurationError) -> URL? {
        let found = fileNames.map { folder.appendingPathComponent($0) }.filter(exists)
        if found.count > 1 { throw .conflicting(files: found.map(\.path)) }
        return found.first
    }

    /// Whether `name` is one of `fileNames`.
    public static func isConfigurationName(_ name: String) -> Bool {
        fileNames.contains(name)
    }

    public static func load(file: URL) throws(ConfigurationError) -> RuleSet {
        let data: Data
        // Read without blocking and only as a regular file: a FIFO, a device or a folder given
        // as the configuration is named for what it is.
        switch SourceReader.readFile(file.path, limit: maximumConfigurationSize) {
        case let .success(bytes): data = bytes
        case let .failure(failure):
            throw .unreadable(file: file.path, reason: FileManager.default.fileExists(atPath: file.path) ? failure.reason : "no such file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(file: file.path, reason: "the file is not UTF-8 text")
        }
        return try decode(text, file: file.path)
    }

    /// Decodes configuration text on top of the preset it `extends` (default `viper`); the
    /// file's extension tells JSON from YAML (`ConfigurationFormat`).
    public static func decode(_ text: String, file: String) throws(ConfigurationError) -> RuleSet {
        let document: JSONValue.Located
        do {
            document = try ConfigurationFormat(path: file).parse(text)
        } catch {
            throw .syntax(file: file, error)
        }
        let diagnostics = ConfigDiagnostics()
        let root = ConfigNode(located: document, keyPath: "", diagnostics: diagnostics)
        let ruleSet = decode(root)
        if !diagnostics.problems.isEmpty {
            throw .invalid(file: file, problems: diagnostics.problems)
        }
        return ruleSet
    }

    private static func decode(_ root: ConfigNode) -> RuleSet {
        guard let members = root.object(allowedKeys: topLevelKeys) else { return defaultRuleSet }
        let byKey = Dictionary(members.map { ($0.key, $0.node) }, uniquingKeysWith: { first, _ in first })

        if let version = byKey["version"] {
            if let number = version.integer(in: 1...Int.max), number != currentVersion {
                version.problem("unsupported version \(number); this viperlint reads version \(currentVersion)")
            }
        } else {
            root.problem("missing \"version\": \(currentVersion)")
        }
        var ruleSet = defaultRuleSet
        if let extends = byKey["extends"], let name = extends.string() {
            if let preset = Preset(rawValue: name) {
                ruleSet = preset.ruleSet
            } else {
                let names = Preset.allCases.map(\.rawValue)
                extends.problem("unknown preset '\(name)'\(ClosestName.hint(for: name, among: names)); presets are \(names.joined(separator: ", "))")
            }
        }
        if let node = byKey["$schema"] { _ = node.string() }
        // Notes for people (`init` writes why it allowed an arrow): a string or a list of them.
        if let node = byKey["$comment"] {
            if case .array = node.located.value { _ = node.stringArray() } else { _ = node.string() }
        }
        if let node = byKey["include"], let globs = node.stringArray() {
            if globs.isEmpty, node.array()?.isEmpty == true {
                node.problem("an empty list includes no file: remove the key to lint every Swift and Objective-C file, or list globs such as \"Sources/**\"")
            }
            ruleSet.include = globs
        }
        // `exclude` adds to the preset's list (tests, vendored and generated folders), as
        // SwiftLint users expect; `excludeReplacingDefaults` replaces it.
        if let node = byKey["excludeReplacingDefaults"], let globs = node.stringArray() {
            if byKey["exclude"] != nil {
                node.problem("use either \"exclude\" (added to the built-in excludes) or \"excludeReplacingDefaults\" (instead of them), not both")
            }
            ruleSet.exclude = globs
        } else if let node = byKey["exclude"], let globs = node.stringArray() {
            ruleSet.exclude += globs.filter { !ruleSet.exclude.contains($0) }
        }
        if let node = byKey["scope"] { decodeScope(node, into: &ruleSet) }
        if let node = byKey["protocolSuffixes"], let suffixes = node.stringArray() { ruleSet.protocolSuffixes = suffixes }
        if let node = byKey["builders"], let layers = node.layerArray() { ruleSet.builders = layers }
        if let node = byKey["layers"] { decodeLayers(node, into: &ruleSet) }
        if let node = byKey["modules"] { decodeModules(node, into: &ruleSet) }
        if let node = byKey["dependencies"] { decodeDependencies(node, into: &ruleSet) }
        if let node = byKey["conventions"] { decodeConventions(node, into: &ruleSet) }
        if let node = byKey["apis"] {
            for (category, list) in node.object(keyNamed: "API category", validate: { _ in nil }) ?? [] {
                if let patterns = list.stringArray() { ruleSet.apis[category] = patterns }
            }
        }
        if let node = byKey["rules"] { decodeRules(node, into: &ruleSet) }
        if let node = byKey["overrides"] { decodeOverrides(node, into: &ruleSet) }
        return ruleSet
    }

    private static func decodeLayers(_ node: ConfigNode, into ruleSet: inout RuleSet) {
        for (layer, entry) in node.layerKeyedObject() ?? [] {
            guard let members = entry.object(allowedKeys: layerKeys) else { continue }
            var signals = ruleSet.signals(layer)
            for (key, value) in members {
                guard let list = value.stringArray() else { continue }
                switch key {
                case "paths": signals.paths = list
                case "targets": signals.targets = list
                case "typeSuffixes": signals.typeSuffixes = list
                case "fileSuffixes": signals.fileSuffixes = list
                case "folders": signals.folders = list
                case "excludedTypeSuffixes": signals.excludedTypeSuffixes = list
                default: break
                }
            }
            ruleSet.layers[layer] = signals
        }
    }

    private static func decodeScope(_ node: ConfigNode, into ruleSet: inout RuleSet) {
        for (key, value) in node.object(allowedKeys: ["skipGenerated", "skipLibraries", "onlyTargetFiles"]) ?? [] {
            guard let flag = value.bool() else { continue }
            switch key {
            case "skipGenerated": ruleSet.scope.skipGenerated = flag
            case "skipLibraries": ruleSet.scope.skipLibraries = flag
            default: ruleSet.scope.onlyTargetFiles = flag
            }
        }
    }

    private static func decodeModules(_ node: ConfigNode, into ruleSet: inout RuleSet) {
        for (key, value) in node.object(allowedKeys: ["paths", "groupingFolders"]) ?? [] {
            guard let list = value.stringArray() else { continue }
            if key == "paths" {
                let elements = value.array() ?? []
                for (index, pattern) in list.enumerated() {
                    let segments = pattern.split(separator: "/")
                    guard let capturing = segments.firstIndex(where: { $0 != "**" && $0.contains("*") }) else {
                        elements[index].problem("a module glob needs a '*' segment that captures the module name, e.g. \"Modules/*/**\"")
                        continue
                    }
                    // The capture is a folder's name only when a segment follows it.
                    if capturing == segments.index(before: segments.endIndex) {
                        elements[index].problem("the '*' that names the module is the last segment, so it captures file names; "
                            + "name the module's folder and everything in it, e.g. \"\(segments.dropLast().joined(separator: "/").replacingOccurrences(of: "/**", with: ""))/*/**\"")
                    }
                }
                ruleSet.modules.paths = list
            } else {
                ruleSet.modules.groupingFolders = list
            }
        }
    }

    private static func decodeDependencies(_ node: ConfigNode, into ruleSet: inout RuleSet) {
        for (layer, entry) in node.layerKeyedObject() ?? [] {
            guard let members = entry.object(allowedKeys: ["allow", "viaProtocol"]) else { continue }
            var dependencies = ruleSet.dependencies(of: layer)
            for (key, value) in members {
                guard let layers = value.layerArray() else { continue }
                if key == "allow" { dependencies.allow = layers } else { dependencies.viaProtocol = layers }
            }
            let both = Set(dependencies.allow).intersection(dependencies.viaProtocol)
            if !both.isEmpty {
                entry.problem("\(both.sorted().map(\.name).joined(separator: ", ")) is in both 'allow' and 'viaProtocol'; list each layer once")
            }
            ruleSet.dependencies[layer] = dependencies
        }
    }

    /// `conventions`: `[{ "from": layer, "to": layer, "modules": n, "of": m }]`, the arrows
    /// `init` measured most modules take: each is allowed (`to` joins `from`'s `allow`, and
    /// leaves its `viaProtocol`), and remembered so `lint --explain` can say what it spares.
    private static func decodeConventions(_ node: ConfigNode, into ruleSet: inout RuleSet) {
        guard let entries = node.array() else { return }
        var listed: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            guard let members = entry.object(allowedKeys: ["from", "to", "modules", "of"]) else { continue }
            let byKey = Dictionary(members.map { ($0.key, $0.node) }, uniquingKeysWith: { first, _ in first })
            guard let fromNode = byKey["from"], let toNode = byKey["to"], let modulesNode = byKey["modules"], let ofNode = byKey["of"] else {
                entry.problem("a convention needs \"from\" and \"to\" layers, and the \"modules\" that take it \"of\" those with the layer")
                continue
            }
            guard let from = fromNode.layer(), let to = toNode.layer(),
                  let modules = modulesNode.integer(in: 0...Int.max), let outOf = ofNode.integer(in: 0...Int.max) else { continue }
            if modules > outOf { modulesNode.problem("\(modules) modules of \(outOf): a convention cannot be taken by more modules than have its layer") }
            if from == to { toNode.problem("a convention is an arrow between two layers; '\(from.name)' to itself is none") }
            // One entry per arrow: a second one (with other counts, say) could not be said to win.
            let arrow = "\(from.name) -> \(to.name)"
            if let first = listed[arrow] {
                entry.problem("\(arrow) is already listed (conventions[\(first)]); list each arrow once")
                continue
            }
            listed[arrow] = index
            ruleSet.allow(TeamConvention(from: from, to: .layer(to), modules: modules, outOf: outOf, decision: .allowed))
        }
    }

    /// `overrides`: `[{ "paths": [globs], "rules": { id: severity or options } }]`. Each entry
    /// is validated now and kept as JSON, to be applied to the files it matches.
    private static func decodeOverrides(_ node: ConfigNode, into ruleSet: inout RuleSet) {
        for entry in node.array() ?? [] {
            guard let members = entry.object(allowedKeys: ["paths", "rules"]) else { continue }
            var paths: [String]?
            var rules: [String: JSONValue.Located] = [:]
            for (key, value) in members {
                if key == "paths" {
                    paths = value.stringArray()
                } else {
                    var scratch = ruleSet
                    decodeRules(value, into: &scratch)
                    if case let .object(ruleMembers) = value.located.value {
                        for member in ruleMembers { rules[member.key] = member.value }
                    }
                }
            }
            guard let paths else {
                entry.problem("an override needs \"paths\": the globs of the files it applies to")
                continue
            }
            ruleSet.overrides.append(RuleOverride(paths: paths, rules: rules))
        }
    }

    /// Applies rule entries already validated by `decodeOverrides`.
    static func applying(_ rules: [String: JSONValue.Located], to ruleSet: RuleSet) -> RuleSet {
        var result = ruleSet
        let members = rules.keys.sorted().map { JSONValue.Member(key: $0, keyPosition: rules[$0]!.position, value: rules[$0]!) }
        let node = ConfigNode(located: JSONValue.Located(value: .object(members), position: SourcePosition(line: 1, column: 1)),
                              keyPath: "rules", diagnostics: ConfigDiagnostics())
        decodeRules(node, into: &result)
        return result
    }

    private static func decodeRules(_ node: ConfigNode, into ruleSet: inout RuleSet) {
        let ids = RuleRegistry.ids
        let members = node.object(keyNamed: "rule id") { id in
            ids.contains(id) ? nil : RuleRegistry.removed[id] ?? (ClosestName.hint(for: id, among: ids) + "; run 'viperlint rules' for the list")
        }
        for (id, entry) in members ?? [] {
            guard let type = RuleRegistry.type(withID: id) else { continue }
            var configured = ruleSet.rules[id] ?? ConfiguredRule(severity: type.defaultSeverity, rule: type.init())
            // `"rule-id": "warning"` is shorthand for `{ "severity": "warning" }`.
            if case .string = entry.located.value {
                if let severity = entry.severity() { configured.severity = severity }
                ruleSet.rules[id] = configured
                continue
            }
            guard let options = entry.object(allowedKeys: ["severity", "measured"] + type.optionKeys, what: "option") else { continue }
            for (key, value) in options {
                if key == "severity", let severity = value.severity() { configured.severity = severity }
                if key == "measured", let measured = value.string() { configured.measured = measured }
            }
            configured.rule = configured.rule.configured(withAny: options.filter { $0.key != "severity" && $0.key != "measured" })
            ruleSet.rules[id] = configured
        }
    }
}

extension Rule {
    func configured(withAny options: [(key: String, node: ConfigNode)]) -> any Rule {
        options.isEmpty ? self : configured(with: options)
    }
}
