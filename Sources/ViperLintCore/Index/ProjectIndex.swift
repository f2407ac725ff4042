/// One linted file with its classification.
public struct IndexedFile: Sendable {
    public let facts: FileFacts
    /// The SwiftPM target holding the file, if a manifest declares one.
    public let target: String?
    public internal(set) var layer: LayerDecision
    public internal(set) var module: ModuleDecision
    /// For each entry of `facts.types`, the symbol id, or nil for extensions.
    public internal(set) var symbolIDs: [Int?]
    /// The layer a config glob or the build target gives every declaration of the file
    /// (computed once per file: globs are not cheap).
    var explicitLayer: LayerDecision?
    /// The path's parts the classifier asks for again and again, split once: the file's base
    /// name (`HomePresenter` for `Home/HomePresenter.swift`) and its folders, outermost first.
    let fileName: String
    let folders: [String]

    public var path: String { facts.path }

    init(facts: FileFacts, target: String?) {
        self.facts = facts
        self.target = target
        layer = .none
        module = .none
        symbolIDs = []
        let parts = facts.path.split(separator: "/")
        fileName = SourceLanguage.baseName(parts.last.map(String.init) ?? facts.path)
        folders = parts.dropLast().map(String.init)
    }

    /// Folder paths containing the file, nearest first.
    var ancestorFolders: [String] { Self.ancestors(of: folders) }

    /// The paths of `folders` (outermost first) and of each folder above the last, nearest first.
    static func ancestors(of folders: [String]) -> [String] {
        (0..<folders.count).reversed().map { folders[0...$0].joined(separator: "/") }
    }
}

/// A declared type of the project (not an extension), with its classification.
public struct TypeSymbol: Sendable {
    public let id: Int
    public let file: Int
    /// Index into the file's `facts.types`.
    public let declaration: Int
    public let kind: TypeKind
    public let name: String
    public let qualifiedName: String
    public internal(set) var layer: LayerDecision
    public internal(set) var module: ModuleDecision
    /// Names of inherited types and conformances, from the declaration and its extensions.
    public internal(set) var conformances: [String]
    /// Protocols: whether only classes can conform (so a reference can be `weak`).
    public internal(set) var isClassBound: Bool
}

/// The project-wide symbol table: every file and type with its module and layer, and name
/// resolution for type references. Built once per run; rules only read it.
public struct ProjectIndex: Sendable {
    public internal(set) var files: [IndexedFile]
    public internal(set) var symbols: [TypeSymbol]
    /// Qualified name -> symbol ids.
    var symbolsByName: [String: [Int]]
    /// Every tail of a nested type's qualified name (`B.C` and `C` for `A.B.C`): a name that
    /// is none of them resolves the same in every scope, so its lookup skips the scope walk
    /// (most references name top-level or external types). Nil: not computed, always walk.
    var nestedNameSuffixes: Set<String>?
    /// Protocol symbol id -> ids of the types that conform to it.
    var conformersByProtocol: [Int: [Int]]
    /// Build targets of the project's manifests.
    public let targets: [BuildTarget]
    /// For each file, its references that resolved to a project type, in source order. Kept
    /// per file as resolved: joining them into one array held every reference twice for a
    /// moment, the peak of a warm run on a large project.
    public internal(set) var resolvedReferencesByFile: [[ResolvedReference]] = []
    /// Every reference that resolved to a project type, in file and source order.
    public var resolvedReferences: FlattenSequence<[[ResolvedReference]]> { resolvedReferencesByFile.joined() }
    /// Symbol id -> stored properties declared outside the type's declaration: Objective-C
    /// class extensions (`@interface Home ()`) and `@implementation` instance variables.
    var extensionProperties: [Int: [(file: Int, property: PropertyFact)]] = [:]
    /// Every group of types that got a module name (a folder, a name prefix, a config glob),
    /// with whether the code shows it is a VIPER module and why: what reports count and list
    /// as modules. A group without that evidence (`Cells/`, `Network/`, the prefix of a lone
    /// `FooModuleInput`) keeps its name for the rules that tell one group's code from
    /// another's, but is never called a module to the user.
    public internal(set) var moduleEvidence: [String: ModuleEvidence] = [:]

    /// The groups the code shows to be VIPER modules, sorted.
    public var modules: [String] { moduleEvidence.filter(\.value.isModule).keys.sorted() }

    /// Whether a module name (a group of types) is a VIPER module by its code's evidence.
    public func isModule(_ name: String?) -> Bool {
        guard let name else { return false }
        return moduleEvidence[name]?.isModule == true
    }

    /// The name to show for a group: itself when it is a VIPER module, else nil.
    public func shownModule(_ name: String?) -> String? { isModule(name) ? name : nil }

    public func declaration(of symbol: TypeSymbol) -> TypeDeclFact {
        files[symbol.file].facts.types[symbol.declaration]
    }

    /// A type's stored properties with the file each is declared in: the declaration's, then
    /// those its Objective-C class extensions and implementation add.
    public func storedProperties(of symbol: TypeSymbol) -> [(file: Int, property: PropertyFact)] {
        declaration(of: symbol).properties.map { (symbol.file, $0) } + (extensionProperties[symbol.id] ?? [])
    }

    /// The project type a name refers to from a place in a file, or nil for external types
    /// (`UIImage`) and names that are ambiguous between modules.
    ///
    /// Nested scopes are searched first (`Request` inside `HomeModels` is `HomeModels.Request`),
    /// then top-level names; a leading module qualifier (`UIKit.`, `App.`: see `isModuleQualifier`) is ignored.
    public func resolve(_ name: String, from context: Int?, inFile fileIndex: Int) -> TypeSymbol? {
        resolvedID(name, from: context, inFile: fileIndex).map { symbols[$0] }
    }

    /// `resolve`'s symbol id. Ids, not symbols, are passed around: copying a `TypeSymbol` (or
    /// an `IndexedFile`) retains each of its strings and arrays, and this runs for every
    /// reference of the project.
    func resolvedID(_ name: String, from context: Int?, inFile fileIndex: Int) -> Int? {
        var current = nestedNameSuffixes?.contains(name) == false ? nil : context
        while let index = current {
            if let symbol = unique(symbolsByName["\(files[fileIndex].facts.types[index].qualifiedName).\(name)"], fileIndex: fileIndex) {
                return symbol
            }
            current = files[fileIndex].facts.types[index].parent
        }
        if let ids = symbolsByName[name] { return unique(ids, fileIndex: fileIndex) }
        if let dot = name.firstIndex(of: "."), symbolsByName[String(name[..<dot])] == nil,
           isModuleQualifier(name[..<dot], inFile: fileIndex) {
            return resolvedID(String(name[name.index(after: dot)...]), from: context, inFile: fileIndex)
        }
        return nil
    }

    /// Modules every Swift file may name without importing them (`Swift.Result`), and those
    /// UIKit and SwiftUI re-export.
    static let implicitModules: Set<Substring> = ["Swift", "Foundation", "Dispatch", "ObjectiveC", "Darwin", "CoreGraphics", "QuartzCore"]

    /// Whether a name's first component is a module, so that `Module.Type` is `Type`: one the
    /// file imports, a build target, one always visible, or a folder the file is in (an Xcode
    /// target's sources sit in a folder of its name: `novawallet.ChainModel`). Any other
    /// unknown qualifier is a type from outside the project (SwiftGen's `L10n.Profile`, a test
    /// target's `AccessibilityIdentifiers.Profile`): its member is not the project's
    /// top-level type of that name.
    func isModuleQualifier(_ qualifier: Substring, inFile fileIndex: Int) -> Bool {
        Self.implicitModules.contains(qualifier) || files[fileIndex].facts.imports.contains { $0.module == qualifier }
            || targets.contains { $0.name == qualifier } || files[fileIndex].path.split(separator: "/").dropLast().contains(qualifier)
    }

    static func nestedNameSuffixes(of qualifiedNames: some Sequence<String>) -> Set<String> {
        var suffixes = Set<String>()
        // Split on bytes, as the lookup key `Scope.name` is joined: every `.` counts, even one
        // a combining mark would fold into a character.
        for name in qualifiedNames {
            var rest = Substring(name).utf8
            while let dot = rest.firstIndex(of: UInt8(ascii: ".")) {
                rest = rest[rest.index(after: dot)...]
                suffixes.insert(String(Substring(rest)))
            }
        }
        return suffixes
    }

    private func unique(_ ids: [Int]?, fileIndex: Int) -> Int? {
        guard let ids, !ids.isEmpty else { return nil }
        if ids.count == 1 { return ids[0] }
        let sameFile = ids.filter { symbols[$0].file == fileIndex }
        if sameFile.count == 1 { return sameFile[0] }
        let module = files[fileIndex].module.module
        let sameModule = ids.filter { module != nil && symbols[$0].module.module == module }
        if sameModule.count == 1 { return sameModule[0] }
        let target = files[fileIndex].target
        let sameTarget = ids.filter { target != nil && files[symbols[$0].file].target == target }
        if sameTarget.count == 1 { return sameTarget[0] }
        return nil
    }

    /// The symbol that owns code at a declaration index: the type itself, or for an extension
    /// the extended project type; nil at file scope or when extending an external type.
    public func owner(ofDeclaration index: Int?, inFile fileIndex: Int) -> TypeSymbol? {
        ownerID(ofDeclaration: index, inFile: fileIndex).map { symbols[$0] }
    }

    func ownerID(ofDeclaration index: Int?, inFile fileIndex: Int) -> Int? {
        guard let index else { return nil }
        if let id = files[fileIndex].symbolIDs[index] { return id }
        return resolvedID(files[fileIndex].facts.types[index].name, from: files[fileIndex].facts.types[index].parent, inFile: fileIndex)
    }

    /// The layer and module of code at a declaration index (file scope when nil).
    public func classification(ofDeclaration index: Int?, inFile fileIndex: Int) -> (layer: Layer?, module: String?) {
        if let owner = ownerID(ofDeclaration: index, inFile: fileIndex) {
            return (symbols[owner].layer.layer, symbols[owner].module.module)
        }
        return (files[fileIndex].layer.layer, files[fileIndex].module.module)
    }

    /// Project protocols a type conforms to, directly or through an extension.
    public func protocols(conformedToBy symbol: TypeSymbol) -> [TypeSymbol] {
        symbol.conformances.compactMap { name in
            resolve(name, from: nil, inFile: symbol.file).flatMap { $0.kind == .protocol ? $0 : nil }
        }
    }

    /// Every project type declared under a top-level name, however ambiguous: a name two
    /// declarations share (a stale copy of a file beside the compiled one) resolves to none,
    /// but a question about any of them ("does a protocol of this name require `member`?")
    /// can still be asked of all.
    public func symbols(named name: String) -> [TypeSymbol] {
        (symbolsByName[name] ?? []).map { symbols[$0] }
    }

    /// Whether a type adopts one of these protocols of other modules (SwiftUI's `View`),
    /// directly or through the project protocols it adopts (`protocol ContainerView: View`).
    public func adopts(anyOf names: Set<String>, _ symbol: TypeSymbol) -> Bool {
        var pending = symbol.conformances.map { ($0, symbol.file) }
        var seen: Set<Int> = [symbol.id]
        while let (name, file) = pending.popLast() {
            if names.contains(name.split(separator: ".").last.map(String.init) ?? name) { return true }
            guard let adopted = resolve(name, from: nil, inFile: file), adopted.kind == .protocol, seen.insert(adopted.id).inserted else { continue }
            pending += declaration(of: adopted).inherited.map { ($0, adopted.file) }
        }
        return false
    }

    /// Project types that conform to a protocol.
    public func conformers(of symbol: TypeSymbol) -> [TypeSymbol] {
        (conformersByProtocol[symbol.id] ?? []).map { symbols[$0] }
    }
}

/// Whether a group of types (a module name) is a VIPER module, and the evidence for it or
/// what it lacks, as `classify` shows it.
public struct ModuleEvidence: Sendable, Hashable, Codable {
    /// True when the code wires two of the group's VIPER roles to each other (a builder
    /// creating its parts, a Presenter holding its View's or Interactor's protocol).
    public var isModule: Bool
    /// The evidence (`HomeAssembly (Assembly) names HomePresenter (Presenter)`), or why it is
    /// not a module (`no builder wires it; roles seen: View`).
    public var reason: String

    public init(isModule: Bool, reason: String) {
        self.isModule = isModule
        self.reason = reason
    }
}

/// A type reference whose target is a project type, with both ends classified.
public struct ResolvedReference: Sendable {
    public let file: Int
    public let reference: TypeReferenceFact
    /// The layer and module of the code that contains the reference.
    public let fromLayer: Layer?
    public let fromModule: String?
    /// The symbol id of the referenced type.
    public let target: Int
}
