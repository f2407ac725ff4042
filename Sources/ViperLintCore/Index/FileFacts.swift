/// Everything the rules need to know about one Swift file, extracted once from its syntax
/// tree. Plain values: built in parallel, compared in tests, cacheable by content hash.
public struct FileFacts: Codable, Hashable, Sendable {
    /// Path relative to the project root, with forward slashes.
    public var path: String
    public var lineCount: Int
    public var imports: [ImportFact]
    /// Type declarations and extensions, in source order; nested ones name their parent.
    public var types: [TypeDeclFact]
    public var references: [TypeReferenceFact]
    /// The first syntax error, when the file did not parse cleanly.
    public var parseError: ParseErrorFact?

    public init(path: String, lineCount: Int = 0, imports: [ImportFact] = [], types: [TypeDeclFact] = [],
                references: [TypeReferenceFact] = [], parseError: ParseErrorFact? = nil) {
        self.path = path
        self.lineCount = lineCount
        self.imports = imports
        self.types = types
        self.references = references
        self.parseError = parseError
    }
}

/// `import UIKit`, `import struct UIKit.UIColor`, `@testable import App`.
public struct ImportFact: Codable, Hashable, Sendable {
    /// The dotted path: `["UIKit", "UIColor"]`.
    public var path: [String]
    public var position: SourcePosition

    /// The top-level module imported.
    public var module: String { path.first ?? "" }
    public var fullName: String { path.joined(separator: ".") }
}

public enum TypeKind: String, Codable, Hashable, Sendable {
    case `class`, `struct`, `enum`, actor, `protocol`, `extension`

    /// Whether values of this kind are concrete (not a protocol, not an extension).
    public var isConcrete: Bool { self != .protocol && self != .extension }
}

/// A type declaration or an extension.
public struct TypeDeclFact: Codable, Hashable, Sendable {
    public var kind: TypeKind
    /// The declared name; for an extension, the extended type as written (`Home.State`).
    public var name: String
    /// Dotted name including enclosing types: `HomeModels.Request`.
    public var qualifiedName: String
    /// Index of the enclosing declaration in `FileFacts.types`.
    public var parent: Int?
    /// Inherited types and conformances as written, without generic arguments.
    public var inherited: [String]
    /// Attribute names: `objc`, `MainActor`, `Observable`.
    public var attributes: [String]
    public var properties: [PropertyFact]
    public var position: SourcePosition
}

/// A stored property of a type.
public struct PropertyFact: Codable, Hashable, Sendable {
    public enum Ownership: String, Codable, Hashable, Sendable { case strong, weak, unowned }

    public var name: String
    /// The type annotation as written (`HomeInteractorOutput?`), if any.
    public var typeText: String?
    /// Type names mentioned in the annotation, outermost first.
    public var typeNames: [String]
    public var ownership: Ownership
    public var isLet: Bool
    public var isStatic: Bool
    /// `private`, `fileprivate`, `internal`, `public`, `open` as written, if any.
    public var access: String?
    /// The access of the setter when written as `private(set)` and the like.
    public var setterAccess: String?
    public var attributes: [String]
    public var position: SourcePosition
}

/// How a type is used at a reference site.
public enum ReferenceKind: String, Codable, Hashable, Sendable, CaseIterable {
    /// `let x: T`, parameters, return types.
    case annotation
    /// `class A: T`, `extension A: T`.
    case conformance
    /// `Foo<T>`.
    case genericArgument
    /// `T()`, `T(...)`.
    case instantiation
    /// `T.shared`, `T.make()`, `T.self`.
    case staticAccess
    /// `as T`, `as? T`, `is T`.
    case cast
    /// A bare type name in an expression (passed as a value).
    case expression
}

/// One mention of a type name in code.
public struct TypeReferenceFact: Codable, Hashable, Sendable {
    /// The name as written, dotted when qualified (`HomeModels.Request`).
    public var name: String
    public var kind: ReferenceKind
    public var position: SourcePosition
    /// Index of the innermost enclosing type declaration or extension in `FileFacts.types`.
    public var context: Int?
    /// The enclosing member (property or function) name, when there is one.
    public var member: String?
}

/// The first syntax error of a file that did not parse cleanly.
public struct ParseErrorFact: Codable, Hashable, Sendable {
    public var message: String
    public var position: SourcePosition
}
