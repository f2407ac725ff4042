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
    /// Functions, initializers and computed properties.
    public var functions: [FunctionFact] = []
    /// Every call expression.
    public var calls: [CallFact] = []
    /// Loops and branches.
    public var controlFlow: [ControlFlowFact] = []
    /// Assignments to members (`a.b = c`).
    public var assignments: [AssignmentFact] = []
    /// Writes of a bare name (or `self.name`) inside a type: `title = x`, `(title, b) = y`,
    /// `&title`. One-element targets, kept apart from `assignments`, which are member chains.
    public var selfWrites: [AssignmentFact] = []
    /// Key paths (`\.items`, `\State.items.count`), with the property names they go through.
    public var keyPaths: [AssignmentFact] = []
    /// Member names bound two-way through a `$` projection (`$viewState.query` gives `query`).
    public var bindings: [String] = []
    /// Member-access chains read from a value (`presenter.items`, `item.name`), for type inference.
    public var memberReads: [MemberReadFact] = []
    /// Members named without their type (`.systemGreen`) and handed to a call: what type they
    /// are comes from the parameter they fill.
    public var implicitMembers: [ImplicitMemberFact] = []
    /// Names bound to an expression (`let user = interactor.currentUser()`, `for item in items`,
    /// `ForEach(presenter.items) { item in ... }`), for type inference.
    public var valueBindings: [ValueBindingFact] = []
    /// Type aliases that name a type or a composition (`typealias HomeOutput = HomeOutputProtocol
    /// & AnyObject`): a type adopting the alias adopts what it names.
    public var typeAliases: [TypeAliasFact] = []
    /// What each function creates and connects (the wiring graph's raw material).
    public var wiring: [WiringFact] = []
    /// `viperlint:` comments.
    public var suppressions: [SuppressionFact] = []
    /// The first syntax error, when the file did not parse cleanly.
    public var parseError: ParseErrorFact?
    /// The license the file's header grants (`ForeignCode.licenseHeader`): its copyright line,
    /// or the grant's words. In a project whose files seldom carry one, the file is copied-in code.
    public var licenseHeader: String?

    public init(path: String, lineCount: Int = 0, imports: [ImportFact] = [], types: [TypeDeclFact] = [],
                references: [TypeReferenceFact] = [], parseError: ParseErrorFact? = nil) {
        self.path = path
        self.lineCount = lineCount
        self.imports = imports
        self.types = types
        self.references = references
        self.parseError = parseError
    }

    /// Whether every rule and suppression gets the same inputs from `other`: equal facts but
    /// for the file's length, which only ends open suppression regions, after every position a
    /// fact (and so a finding) can have.
    func givesTheSameFindings(as other: FileFacts) -> Bool {
        var other = other
        other.lineCount = lineCount
        return self == other
    }
}

/// Where a piece of code sits: the enclosing declaration, member and whether it is inside a
/// SwiftUI view builder (`body`, `@ViewBuilder`), where branching is layout, not logic.
public struct CodeLocation: Codable, Hashable, Sendable {
    public var position: SourcePosition
    // Stored in this order, and the index in 32 bits: 32 bytes a location instead of 48.
    private var storedContext: Int32
    public var inViewBuilder: Bool
    /// The enclosing member (property or function) name.
    public var member: String?

    /// Index of the innermost enclosing type declaration or extension in `FileFacts.types`.
    public var context: Int? {
        get { FactIndex.decode(storedContext) }
        set { storedContext = FactIndex.encode(newValue) }
    }

    public init(position: SourcePosition, context: Int?, member: String?, inViewBuilder: Bool) {
        self.position = position
        storedContext = FactIndex.encode(context)
        self.inViewBuilder = inViewBuilder
        self.member = member
    }

    private enum CodingKeys: String, CodingKey { case position, context, member, inViewBuilder }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(position: try container.decode(SourcePosition.self, forKey: .position),
                  context: try container.decodeIfPresent(Int.self, forKey: .context),
                  member: try container.decodeIfPresent(String.self, forKey: .member),
                  inViewBuilder: try container.decode(Bool.self, forKey: .inViewBuilder))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(position, forKey: .position)
        try container.encodeIfPresent(context, forKey: .context)
        try container.encodeIfPresent(member, forKey: .member)
        try container.encode(inViewBuilder, forKey: .inViewBuilder)
    }
}

/// An optional index into a file's declarations, held in 32 bits (-1 for none): a file has
/// far fewer than two billion declarations, and facts are held by the million.
enum FactIndex {
    static func encode(_ index: Int?) -> Int32 { index.map { $0 < 0 ? -1 : Int32(clamping: $0) } ?? -1 }
    static func decode(_ stored: Int32) -> Int? { stored < 0 ? nil : Int(stored) }
}

/// A function, initializer or computed property.
public struct FunctionFact: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable { case function, initializer, computedProperty }

    public var kind: Kind
    public var name: String
    public var location: CodeLocation
    public var isStatic: Bool
    /// 1 + decision points (`if`, `guard`, loops, `case`, `catch`, `&&`, `||`, `?:`).
    public var complexity: Int
    /// Parameter names with the type names of their annotations.
    public var parameters: [ParameterFact]
    /// Attribute names, and `settableMarker` for a computed property with a setter.
    public var attributes: [String]
    /// Type names of the result: a function's return type, a computed property's type.
    public var resultTypeNames: [String] = []

    /// Not an attribute name (no attribute has parentheses in its name): a `set` accessor.
    public static let settableMarker = "(set)"
    /// Not an attribute name either: a `mutating` method (a call may change the value).
    public static let mutatingMarker = "(mutating)"
}

public struct ParameterFact: Codable, Hashable, Sendable {
    public var name: String
    public var typeNames: [String]
}

/// A call: `URLSession.shared.dataTask(with:)` has the chain
/// `["URLSession", "shared", "dataTask"]`; `self.` is dropped, `JSONDecoder().decode` gives
/// `["JSONDecoder", "decode"]`.
public struct CallFact: Codable, Hashable, Sendable {
    public var chain: [String]
    public var argumentLabels: [String]
    public var location: CodeLocation

    /// The function called: the last component of the chain.
    public var name: String { chain.last ?? "" }
    /// The receiver's components (everything before the function name).
    public var receiver: ArraySlice<String> { chain.dropLast() }
    public var text: String { chain.joined(separator: ".") }
}

/// `typealias Name = A & B`: the alias and the type names it stands for.
public struct TypeAliasFact: Codable, Hashable, Sendable {
    public var name: String
    public var typeNames: [String]
}

/// A chain of member reads rooted at a value: `presenter.items.first?.name` has the chain
/// `["presenter", "items", "first", "name"]` (calls and subscripts read through).
public struct MemberReadFact: Codable, Hashable, Sendable {
    public var chain: [String]
    public var location: CodeLocation
    /// Whether the chain's last component is called (`booking.date.formatted()`).
    public var isCalled = false
    /// What takes the value the chain reads (after its own call, if any): the call it is an
    /// argument of, named as Swift names functions (`CustomDateFormatter.display(_:)`,
    /// `String(format:_:)`), or an arithmetic operator as `operator /`; nil for anything else.
    public var consumer: String?

    public init(chain: [String], location: CodeLocation, isCalled: Bool = false, consumer: String? = nil) {
        self.chain = chain
        self.location = location
        self.isCalled = isCalled
        self.consumer = consumer
    }
}

/// A member named without its type (`.systemGreen`, `.systemFont(ofSize: 12)`), handed to a
/// call as an argument: the parameter it fills gives its type.
public struct ImplicitMemberFact: Codable, Hashable, Sendable {
    public var name: String
    /// The call, named as Swift names functions (`OrderStatusView.Content(title:statusColor:)`).
    public var callee: String
    /// Which of the call's arguments it is, from 0.
    public var argument: Int
    public var location: CodeLocation

    public init(name: String, callee: String, argument: Int, location: CodeLocation) {
        self.name = name
        self.callee = callee
        self.argument = argument
        self.location = location
    }

    /// The call's argument labels (`_` for none).
    public var labels: [String] {
        guard let open = callee.firstIndex(of: "(") else { return [] }
        return callee[callee.index(after: open)...].split(whereSeparator: { $0 == ":" || $0 == ")" }).map(String.init)
    }

    /// The callee without its labels (`OrderStatusView.Content`).
    public var function: String { String(callee.prefix { $0 != "(" }) }
}

/// A name bound to the value of a chain: a local `let`/`var`, an `if let`/`guard let`, a
/// `for` loop's element, or the parameter of a closure passed to a collection call (`ForEach`,
/// `map`, `forEach`, `compactMap`, `filter`). Collections and their elements share type names.
public struct ValueBindingFact: Codable, Hashable, Sendable {
    public var name: String
    public var source: [String]
    public var location: CodeLocation
    /// For loop and closure parameters, the last line of their scope; nil for locals, which
    /// reach to the end of their function.
    public var endLine: Int?
}

/// A loop or a branch, with the identifiers its sequence or condition reads.
public struct ControlFlowFact: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable { case `for`, `while`, `repeat`, `if`, `guard`, `switch` }

    public var kind: Kind
    /// Lower-case identifiers in the sequence (`for`), condition or subject.
    public var identifiers: [String]
    public var location: CodeLocation

    public var isLoop: Bool { kind == .for || kind == .while || kind == .repeat }
}

/// An assignment to a member: `article.title = x` has the target `["article", "title"]`.
public struct AssignmentFact: Codable, Hashable, Sendable {
    public var target: [String]
    public var location: CodeLocation
}

/// A `// viperlint:` comment.
public struct SuppressionFact: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        /// `disable:next`: the next line.
        case next
        /// `disable:this`: this line.
        case this
        /// `disable`: from here to the matching `enable` or the end of the file.
        case disable
        case enable
        /// `disable-file`: the whole file.
        case file
        /// `disable:previous`: the line before (SwiftLint users' habit).
        case previous
        /// A `viperlint:` word that is no directive; `rules` holds it, to be reported.
        case unknown
    }

    public var kind: Kind
    /// Rule ids, or `all`.
    public var rules: [String]
    public var position: SourcePosition
}

/// `import UIKit`, `import struct UIKit.UIColor`, `@testable import App`.
public struct ImportFact: Codable, Hashable, Sendable {
    /// The dotted path: `["UIKit", "UIColor"]`.
    public var path: [String]
    public var position: SourcePosition
    /// Inside an `#if DEBUG` clause (`#if canImport(SwiftUI) && DEBUG` around a preview): code
    /// that debug builds compile and the app ships without.
    public var debugOnly = false

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
    /// Attribute names: `objc`, `MainActor`, `Observable`; for a protocol with associated
    /// types, also `associatedTypeMarker`; for a generic type, `genericMarker`.
    public var attributes: [String]
    public var properties: [PropertyFact]
    public var position: SourcePosition
}

extension TypeDeclFact {
    /// Not an attribute name (no attribute has parentheses): a protocol with associated types,
    /// which cannot be the type of a stored property or a parameter.
    public static let associatedTypeMarker = "(associatedtype)"

    /// Whether this is a protocol with associated types.
    public var hasAssociatedTypes: Bool { attributes.contains(Self.associatedTypeMarker) }

    /// Not an attribute name either: a type with generic parameters (`PickerViewController<Item>`).
    public static let genericMarker = "(generic)"

    /// Whether the type declares generic parameters.
    public var isGeneric: Bool { attributes.contains(Self.genericMarker) }
}

/// A stored property of a type.
public struct PropertyFact: Codable, Hashable, Sendable {
    public enum Ownership: String, Codable, Hashable, Sendable { case strong, weak, unowned }

    public var name: String
    /// Type names mentioned in the annotation, outermost first; `->` where a function type
    /// begins (`FactVisitor.functionTypeMarker`).
    public var typeNames: [String]
    public var ownership: Ownership
    public var isLet: Bool
    public var isStatic: Bool
    /// `private`, `fileprivate`, `internal`, `public`, `open` as written, if any.
    public var access: String?
    /// The access of the setter when written as `private(set)` and the like.
    public var setterAccess: String?
    public var attributes: [String]
    /// Whether the declaration gives an initial value (`let nav = UINavigationController()`).
    public var hasInitializer: Bool
    public var position: SourcePosition
    /// Without an annotation, the type its initial value creates (`var user = User()`; `[Item]()`
    /// gives `Array`, `Item`).
    public var initializerTypeNames: [String] = []
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
    private var storedContext: Int32
    /// The enclosing member (property or function) name, when there is one.
    public var member: String?
    /// For `staticAccess`: the member read (`shared` in `AppState.shared.user`).
    public var accessedMember: String?

    /// Index of the innermost enclosing type declaration or extension in `FileFacts.types`.
    public var context: Int? {
        get { FactIndex.decode(storedContext) }
        set { storedContext = FactIndex.encode(newValue) }
    }

    public init(name: String, kind: ReferenceKind, position: SourcePosition, context: Int?, member: String?,
                accessedMember: String? = nil) {
        self.name = name
        self.kind = kind
        self.position = position
        storedContext = FactIndex.encode(context)
        self.member = member
        self.accessedMember = accessedMember
    }

    private enum CodingKeys: String, CodingKey { case name, kind, position, context, member, accessedMember }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name), kind: try container.decode(ReferenceKind.self, forKey: .kind),
                  position: try container.decode(SourcePosition.self, forKey: .position),
                  context: try container.decodeIfPresent(Int.self, forKey: .context),
                  member: try container.decodeIfPresent(String.self, forKey: .member),
                  accessedMember: try container.decodeIfPresent(String.self, forKey: .accessedMember))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(kind, forKey: .kind)
        try container.encode(position, forKey: .position)
        try container.encodeIfPresent(context, forKey: .context)
        try container.encodeIfPresent(member, forKey: .member)
        try container.encodeIfPresent(accessedMember, forKey: .accessedMember)
    }
}

/// The first syntax error of a file that did not parse cleanly.
public struct ParseErrorFact: Codable, Hashable, Sendable {
    public var message: String
    public var position: SourcePosition
}
