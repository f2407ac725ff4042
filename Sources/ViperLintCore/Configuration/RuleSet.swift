/// How files and types of one layer are recognised. Each list is one kind of signal; the
/// classifier tries them in the documented precedence (see `ClassificationSignal`).
public struct LayerSignals: Sendable, Equatable {
    /// Globs relative to the configuration file's folder: the strongest signal.
    public var paths: [String] = []
    /// Build targets (SwiftPM targets, or imported Swift modules) that hold this layer; globs
    /// such as `*ModuleInterface`, matched case-insensitively.
    public var targets: [String] = []
    /// Type-name suffixes, e.g. `Presenter`; matched case-sensitively, longest first.
    public var typeSuffixes: [String] = []
    /// File-name suffixes (without `.swift`), e.g. `ViewController`.
    public var fileSuffixes: [String] = []
    /// Folder names, matched case-insensitively; spaces allowed.
    public var folders: [String] = []
    /// Type-name suffixes that keep a type out of this layer when only its file or folder
    /// says so (a `DateFormatterHelper` in `Entities/` is not an entity).
    public var excludedTypeSuffixes: [String] = []

    public init(paths: [String] = [], targets: [String] = [], typeSuffixes: [String] = [],
                fileSuffixes: [String] = [], folders: [String] = [], excludedTypeSuffixes: [String] = []) {
        self.paths = paths
        self.targets = targets
        self.typeSuffixes = typeSuffixes
        self.fileSuffixes = fileSuffixes
        self.folders = folders
        self.excludedTypeSuffixes = excludedTypeSuffixes
    }
}

/// What one layer may depend on: `allow` freely, `viaProtocol` only through protocols.
/// Its own layer is always allowed; everything else is forbidden.
public struct LayerDependencies: Sendable, Equatable {
    public var allow: [Layer] = []
    public var viaProtocol: [Layer] = []

    public init(allow: [Layer] = [], viaProtocol: [Layer] = []) {
        self.allow = allow
        self.viaProtocol = viaProtocol
    }
}

/// How a module (feature, screen) is told.
public struct ModuleSettings: Sendable, Equatable {
    /// Globs with one `*` that captures the module name, e.g. `Modules/*/**`.
    public var paths: [String] = []
    /// Folders that group layers inside a module without being a module or a layer,
    /// e.g. `User Interface`; matched case-insensitively.
    public var groupingFolders: [String] = []

    public init(paths: [String] = [], groupingFolders: [String] = []) {
        self.paths = paths
        self.groupingFolders = groupingFolders
    }
}

/// A rule with the severity and options the configuration gave it.
public struct ConfiguredRule: Sendable {
    public var severity: Severity
    public var rule: any Rule

    public init(severity: Severity, rule: any Rule) {
        self.severity = severity
        self.rule = rule
    }
}

/// `overrides[n]`: rule settings for the files matching `paths`. The rule entries are kept as
/// validated JSON and applied on top of whatever configuration the file has at that point.
public struct RuleOverride: Sendable, Equatable {
    public var paths: [String]
    public var rules: [String: JSONValue.Located]
}

/// The complete, validated configuration of one run. Immutable once loaded.
public struct RuleSet: Sendable {
    /// Globs of files to lint, relative to the configuration folder.
    public var include: [String]
    /// Globs of files and folders never linted (vendored and generated code by default).
    public var exclude: [String]
    public var layers: [Layer: LayerSignals]
    /// Protocol-name suffixes removed before a protocol's name is matched against layer
    /// type suffixes (`HomeViewInput` -> `HomeView` -> View). Only suffixes that keep the
    /// implementer's name belong here: `Output` and `Delegate` do not.
    public var protocolSuffixes: [String]
    public var modules: ModuleSettings
    /// Layers that build and wire modules; they may reference every layer.
    public var builders: [Layer]
    public var dependencies: [Layer: LayerDependencies]
    /// Data and service APIs by category (`networking`, `persistence`, ...): type-name or
    /// function-name globs, shared by the rules that find I/O in the wrong place.
    public var apis: [String: [String]]
    /// Per-path rule changes, applied in order to the files their globs match.
    public var overrides: [RuleOverride]
    /// Configured rules by id.
    public var rules: [String: ConfiguredRule]

    public func signals(_ layer: Layer) -> LayerSignals { layers[layer] ?? LayerSignals() }

    /// Layers this rule set can recognise (some signal names them), in architectural order;
    /// messages list only these.
    public var activeLayers: [Layer] {
        Layer.allCases.filter { layer in
            let signals = self.signals(layer)
            return !(signals.paths.isEmpty && signals.targets.isEmpty && signals.typeSuffixes.isEmpty
                && signals.fileSuffixes.isEmpty && signals.folders.isEmpty)
        }
    }

    public func dependencies(of layer: Layer) -> LayerDependencies { dependencies[layer] ?? LayerDependencies() }

    public func isBuilder(_ layer: Layer) -> Bool { builders.contains(layer) }

    /// The rules that run, in registry order.
    public var enabledRules: [ConfiguredRule] {
        RuleRegistry.all.compactMap { type in rules[type.id] }.filter { $0.severity != .off }
    }

    public func severity(of ruleID: String) -> Severity { rules[ruleID]?.severity ?? .off }
}

extension RuleSet: Equatable {
    public static func == (lhs: RuleSet, rhs: RuleSet) -> Bool {
        guard lhs.include == rhs.include, lhs.exclude == rhs.exclude, lhs.layers == rhs.layers,
              lhs.protocolSuffixes == rhs.protocolSuffixes, lhs.modules == rhs.modules,
              lhs.builders == rhs.builders, lhs.dependencies == rhs.dependencies,
              lhs.apis == rhs.apis, lhs.overrides == rhs.overrides,
              Set(lhs.rules.keys) == Set(rhs.rules.keys) else { return false }
        return lhs.rules.allSatisfy { id, configured in
            guard let other = rhs.rules[id] else { return false }
            return configured.severity == other.severity && configured.rule.isEqual(to: other.rule)
        }
    }
}
