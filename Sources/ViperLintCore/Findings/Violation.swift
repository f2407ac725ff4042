/// One finding of one rule at one place.
public struct Violation: Sendable, Hashable, Codable {
    public var rule: String
    /// Which of its rule's findings this is, stable across rewordings of the message
    /// (`layer-dependency.inferred-entity`): what dashboards count and group by.
    public var messageID: String
    public var severity: Severity
    public var message: String
    /// Path relative to the project root, forward slashes.
    public var file: String
    public var line: Int
    public var column: Int
    public var module: String?
    public var layer: Layer?
    /// The finding's subject as one string, part of its fingerprint and baseline key: the code's
    /// `Type.member` for findings about code, else what the finding is about (the imported
    /// module, the cycle, the module, the `viperlint:` directive). Structured readers use
    /// `declaration`, `target` and `cycle`.
    public var symbol: String?
    /// For findings about code: the type it is declared in and the member (nil for
    /// file-level findings such as an import).
    public var declaration: FindingDeclaration?
    /// Other sites of the same problem, reported once at the first (in JSON and SARIF).
    public var related: [RelatedLocation] = []
    /// The project type the finding's code depends on, for findings about a reference
    /// (`layer-dependency`, `concrete-dependency`, ...): what graphs and dashboards link the
    /// finding to, without reading its message.
    public var target: FindingTarget?
    /// For a finding about a dependency cycle: its modules in order, the first repeated at the
    /// end (`["Home", "Detail", "Home"]`), so dashboards list exactly the cycles reported.
    public var cycle: [String]?

    public init(rule: String, severity: Severity, message: String, file: String, position: SourcePosition,
                module: String?, layer: Layer?, symbol: String?, messageID: String? = nil) {
        self.rule = rule
        self.messageID = messageID ?? rule
        self.severity = severity
        self.message = message
        self.file = file
        self.line = position.line
        self.column = position.column
        self.module = module
        self.layer = layer
        self.symbol = symbol
    }

    /// Report order: file (byte order), line, column, rule, message. Total, so output is
    /// the same bytes whatever order the rules and threads produced the findings in.
    public static func reportOrder(_ lhs: Violation, _ rhs: Violation) -> Bool {
        if lhs.file != rhs.file { return lhs.file.utf8.lexicographicallyPrecedes(rhs.file.utf8) }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        if lhs.column != rhs.column { return lhs.column < rhs.column }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        return lhs.message.utf8.lexicographicallyPrecedes(rhs.message.utf8)
    }
}

/// Another place that belongs to a finding: a further use of the same type in the same
/// declaration, which the finding's one message covers.
public struct RelatedLocation: Sendable, Hashable, Codable {
    /// Path relative to the project root, forward slashes.
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, position: SourcePosition, message: String) {
        self.file = file
        self.line = position.line
        self.column = position.column
        self.message = message
    }

    /// Whether this is the finding's target's declaration rather than a further use of it.
    public var isDeclarationSite: Bool { message.hasSuffix("is declared here") }
}

/// Where a finding's code is declared: `HomeInteractor` and `presenter`.
public struct FindingDeclaration: Sendable, Hashable, Codable {
    /// The declaring type's qualified name (an extension's code belongs to its type).
    public var type: String?
    /// The property, function or other member, when the code is inside one.
    public var member: String?

    public init(type: String?, member: String?) {
        self.type = type
        self.member = member
    }

    /// `Type.member`, `Type` or `member`: how messages and `symbol` name it.
    public var name: String {
        [type, member].compactMap { $0 }.joined(separator: ".")
    }
}

/// The type a finding's code refers to, classified.
public struct FindingTarget: Sendable, Hashable, Codable {
    /// Qualified name: `HomePresenter`, `HomeModels.Request`.
    public var type: String
    public var module: String?
    public var layer: Layer?

    public init(type: String, module: String?, layer: Layer?) {
        self.type = type
        self.module = module
        self.layer = layer
    }

    /// A project type as a finding's target.
    public init(_ symbol: TypeSymbol) {
        self.init(type: symbol.qualifiedName, module: symbol.module.module, layer: symbol.layer.layer)
    }
}
