/// The kind of evidence that decided a file's or a type's layer or module, in the order of
/// precedence used by the classifier (strongest first for layers).
public enum ClassificationSignal: String, Codable, Sendable, Hashable {
    case configGlob = "config glob"
    case buildTarget = "build target"
    case typeNameSuffix = "type-name suffix"
    /// Protocols only: the layer of every project type that conforms to it.
    case conformance = "conformance"
    /// Concrete types only, when no name or place says anything: what the code declares it
    /// to be (a `UIViewController` subclass, an `NSManagedObject` subclass, `@NSManaged` data).
    case baseType = "base type"
    /// Concrete types only: what the type's stored references show it does, over what its
    /// name or place said (a view model that holds its view or router plays the Presenter).
    case role = "role"
    case fileNameSuffix = "file-name suffix"
    case folderName = "folder name"
    /// Nested types and extensions: the layer of the type they belong to.
    case enclosingType = "enclosing type"
    /// Modules only: the folder that holds the module's layer files.
    case moduleFolder = "module folder"
    /// Modules only: the type or file name without its layer suffix.
    case namePrefix = "name prefix"
    /// Modules only: a builder wires the type to the module's view (`WiredModules`).
    case wiring = "wiring"
}

/// Why a file or a type got its layer (or none).
public struct LayerDecision: Sendable, Hashable, Codable {
    public var layer: Layer?
    public var signal: ClassificationSignal?
    /// The concrete evidence: the glob, the target, the suffix, the folder.
    public var evidence: String
    /// Set when a layer was found but not applied, and says why.
    public var note: String?

    public static let none = LayerDecision(layer: nil, signal: nil, evidence: "no layer signal", note: nil)

    public init(layer: Layer?, signal: ClassificationSignal?, evidence: String, note: String? = nil) {
        self.layer = layer
        self.signal = signal
        self.evidence = evidence
        self.note = note
    }

    /// Whether the layer came from something the user stated (a glob or a build target),
    /// rather than from naming conventions.
    public var isExplicit: Bool { signal == .configGlob || signal == .buildTarget }
}

/// Why a file or a type belongs to its module (or none).
public struct ModuleDecision: Sendable, Hashable, Codable {
    public var module: String?
    public var signal: ClassificationSignal?
    public var evidence: String
    /// The module's folder, for modules named after one.
    public var folder: String?

    public init(module: String?, signal: ClassificationSignal?, evidence: String, folder: String? = nil) {
        self.module = module
        self.signal = signal
        self.evidence = evidence
        self.folder = folder
    }

    public static let none = ModuleDecision(module: nil, signal: nil, evidence: "no module signal")
}
