/// Writes a rule set as configuration JSON: what `viperlint init` writes and what a preset
/// snapshot records. Decoding the output gives back the same rule set.
public enum RuleSetEncoder {
    /// The whole rule set, every key spelled out.
    public static func encode(_ ruleSet: RuleSet, extends preset: Preset? = nil) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("version", .integer(ConfigurationLoader.currentVersion))]
        if let preset { members.append(("extends", .string(preset.rawValue))) }
        members += [
            ("include", .strings(ruleSet.include)),
            // `exclude` adds to the built-in excludes: a list without them is spelled as the replacement it is.
            (ruleSet.exclude.starts(with: Preset.defaultExclude) ? "exclude" : "excludeReplacingDefaults", .strings(ruleSet.exclude)),
            ("scope", .object([("skipGenerated", .bool(ruleSet.scope.skipGenerated)),
                               ("skipLibraries", .bool(ruleSet.scope.skipLibraries)),
                               ("onlyTargetFiles", .bool(ruleSet.scope.onlyTargetFiles))])),
            ("layers", layers(ruleSet.layers)),
            ("protocolSuffixes", .strings(ruleSet.protocolSuffixes)),
            ("modules", .object([("paths", .strings(ruleSet.modules.paths)),
                                 ("groupingFolders", .strings(ruleSet.modules.groupingFolders))])),
            ("builders", .layers(ruleSet.builders)),
            // The conventions are allowed on decoding: spelled once, as themselves.
            ("dependencies", dependencies(ruleSet.dependenciesWithoutConventions ?? ruleSet.dependencies)),
        ]
        if !ruleSet.conventions.isEmpty { members.append(("conventions", conventions(ruleSet.conventions))) }
        members += [
            ("apis", .object(ruleSet.apis.keys.sorted().map { ($0, .strings(ruleSet.apis[$0]!)) })),
            ("rules", rules(ruleSet.rules)),
        ]
        return .object(members)
    }

    static func layers(_ layers: [Layer: LayerSignals]) -> JSONOutput {
        .object(Layer.allCases.compactMap { layer in
            guard let signals = layers[layer] else { return nil }
            let fields: [(String, [String])] = [
                ("paths", signals.paths), ("targets", signals.targets), ("typeSuffixes", signals.typeSuffixes),
                ("fileSuffixes", signals.fileSuffixes), ("folders", signals.folders),
                ("excludedTypeSuffixes", signals.excludedTypeSuffixes),
            ]
            return (layer.name, .object(fields.filter { !$0.1.isEmpty }.map { ($0.0, .strings($0.1)) }))
        })
    }

    /// `conventions`: each allowed layer arrow with its count.
    static func conventions(_ conventions: [TeamConvention]) -> JSONOutput {
        .array(conventions.compactMap { convention in
            guard case .layer(let to) = convention.to else { return nil }
            return .object([("from", .string(convention.from.name)), ("to", .string(to.name)),
                            ("modules", .integer(convention.modules)), ("of", .integer(convention.outOf))])
        })
    }

    static func dependencies(_ dependencies: [Layer: LayerDependencies]) -> JSONOutput {
        .object(Layer.allCases.compactMap { layer in
            dependencies[layer].map { (layer.name, .object([("allow", .layers($0.allow)), ("viaProtocol", .layers($0.viaProtocol))])) }
        })
    }

    static func rules(_ rules: [String: ConfiguredRule]) -> JSONOutput {
        .object(RuleRegistry.all.compactMap { type in
            rules[type.id].map { configured in
                (type.id, .object([("severity", .string(configured.severity.rawValue)), ("measured", .string(configured.measured))]
                                  + configured.rule.encodedOptions))
            }
        })
    }
}
