/// `entity-pure-data`: an Entity holds behaviour instead of plain data.
public struct EntityPureDataRule: Rule, Equatable {
    public static let id = "entity-pure-data"
    public static let summary = "An Entity declares logic: functions, computed properties with control flow, or service calls"
    public static let defaultSeverity = Severity.off
    public static let rationale = """
        Entities are the data the Interactor works on: plain values that every layer can pass \
        around. Validation, formatting and I/O on an entity spread business rules into every \
        place that touches it. Off by default: teams differ on whether a model may carry \
        behaviour (measured on real apps, most reported functions were accepted practice); \
        turn it on for the strict variants (layer-first VIPER: "entities are pure data"). \
        One finding per entity, listing its functions. Initializers, protocol and framework \
        requirements (Codable, Equatable, Hashable, Comparable, NSCoding, NSCopying, \
        LocalizedError, CustomStringConvertible, Realm and Core Data hooks: `allowedFunctions`), \
        members of extensions that add a conformance, `@NSManaged` accessors and test factories \
        (`mock…`, `stub…`, `preview…`, `sample…`) are fine, and so are computed properties without \
        control flow. I/O in an entity is `misplaced-service-call`'s; references to other layers \
        are `layer-dependency`'s.
        Fix: move the function into the Interactor (rules), the Presenter (formatting) or a \
        Service (I/O), and keep the entity a value.
        """

    /// Function names an entity may declare (protocol requirements).
    public var allowedFunctions = [
        "encode", "hash", "==", "<", "<=", ">", ">=", "isEqual", "isEqualTo*", "compare",
        "description", "debugDescription", "hashValue", "id", "errorDescription", "failureReason",
        "recoverySuggestion", "helpAnchor", "encodeWithCoder", "encode(with:)", "copy", "copyWithZone", "copy(with:)",
        "mutableCopyWithZone", "supportsSecureCoding", "primaryKey", "ignoredProperties", "indexedProperties",
        "fetchRequest", "entityName", "entity", "entityInManagedObjectContext", "insertInManagedObjectContext",
        "awakeFromInsert", "awakeFromFetch", "willSave", "didSave", "prepareForDeletion", "validateForInsert",
        "validateForUpdate", "primitive*", "setPrimitive*", "add*Object", "add*Objects", "remove*Object",
        "remove*Objects", "mock*", "stub*", "fake*", "preview*", "sample*", "fixture*",
    ]

    public static let options: [RuleOption<EntityPureDataRule>] = [.strings("allowedFunctions", \.allowedFunctions)]

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        let queries = context.queries
        let allowed = allowedFunctions.map(Glob.init)
        // Per entity (its declaration's file and index): the members that are logic, in order.
        var evidence: [String: [(file: Int, location: CodeLocation, text: String)]] = [:]
        var order: [String] = []
        func note(_ file: Int, _ location: CodeLocation, _ text: String) {
            let owner = context.index.owner(ofDeclaration: location.context, inFile: file)
            let key = owner.map { "\($0.id)" } ?? "\(file):\(location.context ?? -1)"
            if evidence[key] == nil { order.append(key) }
            evidence[key, default: []].append((file, location, text))
        }
        for (fileIndex, file) in context.index.files.enumerated() {
            let facts = file.facts
            var functionsWithFlow = Set<String>()
            for flow in facts.controlFlow {
                if let member = flow.location.member { functionsWithFlow.insert("\(flow.location.context ?? -1).\(member)") }
            }
            for function in facts.functions where queries.layer(at: function.location, inFile: fileIndex) == .entity {
                guard function.kind != .initializer, !isRequirement(function, in: facts, allowed: allowed) else { continue }
                if function.kind == .function {
                    note(fileIndex, function.location, "'\(function.name)'")
                } else if functionsWithFlow.contains("\(function.location.context ?? -1).\(function.name)") {
                    note(fileIndex, function.location, "'\(function.name)' (a computed property with control flow)")
                }
            }
        }
        return order.compactMap { key in
            let members = evidence[key]!.sorted { ($0.file, $0.location.position) < ($1.file, $1.location.position) }
            let first = members[0]
            let names = members.map(\.text)
            let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " and \(names.count - 5) more" : "")
            let location = CodeLocation(position: first.location.position, context: first.location.context,
                                        member: nil, inViewBuilder: false)
            return context.violation("entity-logic", file: first.file, at: location, where: { $0 == .entity }) { subject, _ in
                "\(subject) holds logic: \(shown); an Entity is plain data. Move the logic into the Interactor, "
                    + "the Presenter (formatting) or a Service (I/O)."
            }
        }
    }

    /// Initializers aside: what a protocol or framework asks an entity to implement.
    private func isRequirement(_ function: FunctionFact, in facts: FileFacts, allowed: [Glob]) -> Bool {
        if allowed.contains(where: { $0.matches(function.name) }) { return true }
        if function.attributes.contains("NSManaged") || function.attributes.contains("objc") && function.name.hasPrefix("set") { return true }
        // A member of an extension that adds a conformance implements that protocol.
        if let context = function.location.context, facts.types[context].kind == .extension, !facts.types[context].inherited.isEmpty {
            return true
        }
        return false
    }

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("An entity validates itself", path: "Entities/User.swift", """
                struct User {
                    let email: String

                    ↓func isValid() -> Bool {
                        email.contains("@")
                    }
                }
                """),
            RuleExample("An entity formats with control flow in a computed property", path: "Entities/Order.swift", """
                struct Order {
                    let total: Int

                    ↓var label: String {
                        if total > 100 { return "big" }
                        return "small"
                    }
                }
                """),
            RuleExample("An entity extension saves itself, and validates: one finding for the entity", path: "Entities/Article.swift", """
                import Foundation

                struct Article: Codable {
                    let id: Int
                }

                extension Article {
                    ↓func save() {
                        UserDefaults.standard.set(id, forKey: "last")
                    }

                    func validate() -> Bool { id > 0 }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("Codable, Equatable and Hashable requirements and initializers", path: "Entities/Article.swift", """
                struct Article: Codable, Hashable {
                    let id: Int
                    let title: String

                    init(id: Int, title: String) {
                        self.id = id
                        self.title = title
                    }

                    func encode(to encoder: Encoder) throws {}

                    func hash(into hasher: inout Hasher) {
                        hasher.combine(id)
                    }

                    static func == (lhs: Article, rhs: Article) -> Bool {
                        lhs.id == rhs.id
                    }
                }
                """),
            RuleExample("Framework and protocol requirements, conformance extensions and test factories", path: "Entities/Account.swift", """
                import Foundation

                final class Account: NSObject, NSCoding {
                    let name: String

                    init(name: String) { self.name = name }

                    func encode(with coder: NSCoder) { coder.encode(name, forKey: "name") }

                    override func isEqual(_ object: Any?) -> Bool { (object as? Account)?.name == name }

                    static func primaryKey() -> String? { "name" }

                    static func mock(name: String = "Ann") -> Account { Account(name: name) }
                }

                enum AccountError: Error {
                    case locked
                }

                extension AccountError: LocalizedError {
                    var errorDescription: String? {
                        switch self {
                        case .locked: return "Locked"
                        }
                    }

                    var failureHint: String { "Try again" }
                }
                """),
            RuleExample("A computed property without control flow", path: "Entities/User.swift", """
                struct User: Identifiable {
                    let firstName: String
                    let lastName: String
                    var id: String { firstName + lastName }
                }
                """),
            RuleExample("Logic on entities in an Interactor", files: [
                ("Entities/User.swift", "struct User {\n    let email: String\n}\n"),
                ("Home/HomeInteractor.swift", """
                    final class HomeInteractor {
                        func isValid(_ user: User) -> Bool {
                            user.email.contains("@")
                        }
                    }
                    """),
            ]),
        ]
    )
}
