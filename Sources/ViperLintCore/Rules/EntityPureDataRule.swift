/// `entity-pure-data`: an Entity holds behaviour instead of plain data.
public struct EntityPureDataRule: Rule, Equatable {
    public static let id = "entity-pure-data"
    public static let summary = "An Entity validates or formats for display: logic that belongs in the Interactor or the Presenter"
    public static let defaultSeverity = Severity.off
    public static let measured = "off: corpus, on for the measurement: 0.20, 9 reviewed"
    public static let rationale = """
        Entities are the data the Interactor works on: plain values that every layer can pass \
        around. Validation on an entity (`isValid`, `validate()`) is a business rule the \
        Interactor owns and tests; display formatting on it (`String(format:)`, formatters, \
        `.formatted()`, localized strings) is the Presenter's job, and ties the data to one \
        screen. What teams accept on a model is not reported: lookups and derived values over \
        its own fields, copies (`with…`, `byReplacing…`), JSON and persistence mapping, \
        initializers, protocol and framework requirements (Codable, Equatable, Hashable, \
        Comparable, NSCoding, NSCopying, LocalizedError, Realm and Core Data hooks: \
        `allowedFunctions`), members of extensions that add a conformance and test factories \
        (`mock…`, `stub…`, `preview…`, `sample…`); reviewers of real apps called those \
        findings wrong. Protocols declare requirements, not logic, and extensions of types the \
        project does not declare are no entity's. One finding per entity, listing its \
        members. I/O in an entity is `misplaced-service-call`'s; references to other layers \
        are `layer-dependency`'s. Off by default: on the corpus apps reviewers accepted 1 of \
        its 9 findings (validation there guarded serialization or crypto invariants; localized \
        titles on small enums are common practice), and the entity logic they labelled by \
        reading code (state changes and queries on a settings model) is what teams keep on \
        models. Turn it on for the strict variants (layer-first VIPER: "entities are pure data").
        Fix: move validation into the Interactor and formatting into the Presenter (or a \
        formatter it uses), and keep the entity a value.
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
    /// Member names that validate (globs): business rules.
    public var validationNames = ["validate*", "isValid*"]
    /// Calls that format for display (see `CallPattern`).
    public var formattingCalls = ["formatted", "String(format:)", "NSString.stringWithFormat", "NSLocalizedString",
                                  "String(localized:)", "localizedStringWithFormat"]
    /// Types whose creation is formatting.
    public var formatterTypes = ["DateFormatter", "NumberFormatter", "DateComponentsFormatter", "DateIntervalFormatter",
                                 "MeasurementFormatter", "ByteCountFormatter", "PersonNameComponentsFormatter",
                                 "ListFormatter", "RelativeDateTimeFormatter", "NSDateFormatter", "NSNumberFormatter"]

    public static let options: [RuleOption<EntityPureDataRule>] = [
        .strings("allowedFunctions", \.allowedFunctions),
        .strings("validationNames", \.validationNames),
        .strings("formattingCalls", \.formattingCalls),
        .strings("formatterTypes", \.formatterTypes),
    ]

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        let queries = context.queries
        let allowed = allowedFunctions.map(Glob.init)
        let validation = validationNames.map(Glob.init)
        let patterns = formattingCalls.map(CallPattern.init)
        // Per entity (its symbol): the members that are logic, in order.
        var evidence: [Int: [(file: Int, location: CodeLocation, text: String)]] = [:]
        var order: [Int] = []
        for (fileIndex, file) in context.index.files.enumerated() {
            let facts = file.facts
            // Members that format, by their declaration and name.
            var formatting: [String: String] = [:]
            for call in facts.calls {
                guard let member = call.location.member else { continue }
                let key = "\(call.location.context ?? -1).\(member)"
                guard formatting[key] == nil else { continue }
                if call.chain.count == 1, formatterTypes.contains(call.name) {
                    formatting[key] = "creates \(withArticle("'\(call.name)'"))"
                } else if let pattern = patterns.first(where: { $0.matches(call) }) {
                    formatting[key] = "formats with '\(pattern)'"
                }
            }
            for function in facts.functions where function.kind != .initializer {
                guard let owner = context.index.owner(ofDeclaration: function.location.context, inFile: fileIndex),
                      owner.kind != .protocol, owner.layer.layer == .entity,
                      queries.layer(at: function.location, inFile: fileIndex) == .entity,
                      !isRequirement(function, in: facts, allowed: allowed) else { continue }
                let text: String
                // A settable `isValid` is an accessor over a stored attribute, not a rule.
                if validation.contains(where: { $0.matches(function.name) }), !function.attributes.contains(FunctionFact.settableMarker) {
                    text = "'\(function.name)' (validation)"
                } else if let how = formatting["\(function.location.context ?? -1).\(function.name)"] {
                    text = "'\(function.name)' (\(how))"
                } else {
                    continue
                }
                if evidence[owner.id] == nil { order.append(owner.id) }
                evidence[owner.id, default: []].append((fileIndex, function.location, text))
            }
        }
        return order.compactMap { id in
            let members = evidence[id]!.sorted { ($0.file, $0.location.position) < ($1.file, $1.location.position) }
            let first = members[0]
            let names = members.map(\.text)
            let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " and \(names.count - 5) more" : "")
            let location = CodeLocation(position: first.location.position, context: first.location.context,
                                        member: nil, inViewBuilder: false)
            return context.violation("entity-logic", file: first.file, at: location, where: { $0 == .entity }) { subject, _ in
                "\(subject) holds logic: \(shown); an Entity is plain data. Move validation into the Interactor "
                    + "and formatting into the Presenter."
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
            RuleExample("An entity formats itself for display in a computed property", path: "Entities/Order.swift", """
                import Foundation

                struct Order: Codable {
                    let total: Double

                    ↓var label: String {
                        String(format: "%.2f EUR", total)
                    }
                }
                """),
            RuleExample("An entity extension saves itself, and validates: one finding for the entity", path: "Entities/Article.swift", """
                import Foundation

                struct Article: Codable {
                    let id: Int
                }

                extension Article {
                    func save() {
                        UserDefaults.standard.set(id, forKey: "last")
                    }

                    ↓func validate() -> Bool { id > 0 }

                    func dateText(_ date: Date) -> String {
                        let formatter = DateFormatter()
                        return formatter.string(from: date)
                    }
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
            RuleExample("Lookups, copies and mapping that teams keep on a model", path: "Entities/Wallet.swift", """
                struct Wallet: Codable {
                    let accounts: [String: Int]

                    func balance(for name: String) -> Int {
                        guard let value = accounts[name] else { return 0 }
                        return value
                    }

                    func byReplacing(_ name: String, with value: Int) -> Wallet {
                        var copy = accounts
                        copy[name] = value
                        return Wallet(accounts: copy)
                    }
                }
                """),
            RuleExample("A protocol in a model folder declares requirements, and an extension of a library type is no entity", files: [
                ("Model/Pricing.swift", """
                    protocol Pricing {
                        func validatePrice() -> Bool
                    }
                    """),
                ("Model/Decimal+Text.swift", """
                    import Foundation

                    extension Decimal {
                        func validateRange() -> Bool { self > 0 }
                    }
                    """),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {\n    var pricing: Pricing?\n}\n"),
            ]),
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
