/// A canonical VIPER layer (see VARIANTS.md). The order of the cases is the
/// architectural order used in reports and graphs: from the screen down to the data.
public enum Layer: String, CaseIterable, Codable, Sendable, Comparable {
    case view = "View"
    case viewModel = "ViewModel"
    case presenter = "Presenter"
    case interactor = "Interactor"
    case entity = "Entity"
    case router = "Router"
    case assembly = "Assembly"
    case contracts = "Contracts"
    case service = "Service"
    /// Clean Swift's per-scene request/response/view-model types (`enum ListOrdersModels`).
    case models = "Models"

    /// The name users write in configuration files and read in reports.
    public var name: String { rawValue }

    /// Layers that belong to one screen. A View or ViewModel counts as a VIPER layer only
    /// inside a module that shows VIPER evidence; the others are evidence themselves.
    public var needsModuleEvidence: Bool { self == .view || self == .viewModel }

    /// Layers whose presence makes a folder or a name prefix a VIPER module.
    public var isModuleEvidence: Bool {
        self == .presenter || self == .interactor || self == .router || self == .assembly
    }

    /// Layers that belong to one module; Entity and Service are shared across modules, so
    /// their names never make a module.
    public var isModuleBound: Bool { self != .entity && self != .service }

    public static func < (lhs: Layer, rhs: Layer) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Finds a layer by its configuration name, ignoring case.
    public init?(name: String) {
        guard let match = Layer.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
            return nil
        }
        self = match
    }
}

/// How serious a finding is. `off` disables a rule.
public enum Severity: String, CaseIterable, Codable, Sendable, Comparable {
    case error, warning, off

    /// The precision on a first look (apps nobody here had reviewed) a rule needs to be an
    /// `error` by default: a gate that refuses commits must be right when it does.
    public static let errorPrecision = 0.95

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
