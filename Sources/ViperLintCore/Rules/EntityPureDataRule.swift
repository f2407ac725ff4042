/// `entity-pure-data`: an Entity holds behaviour instead of plain data.
public struct EntityPureDataRule: Rule, Equatable {
    public static let id = "entity-pure-data"
    public static let summary = "An Entity declares logic: functions, computed properties with control flow, or service calls"
    public static let defaultSeverity = Severity.warning
    public static let rationale = """
        Entities are the data the Interactor works on: plain values that every layer can pass \
        around. Validation, formatting and I/O on an entity spread business rules into every \
        place that touches it. Initializers and the requirements of Codable, Equatable, \
        Hashable, Identifiable and Comparable (`allowedFunctions`) are fine, and so are \
        computed properties without control flow. References to other layers are reported by \
        `layer-dependency`.
        Fix: move the function into the Interactor (rules), the Presenter (formatting) or a \
        Service (I/O), and keep the entity a value.
        """

    /// Function names an entity may declare (protocol requirements).
    public var allowedFunctions = ["encode", "hash", "==", "<", "<=", ">", ">="]

    public static let options: [RuleOption<EntityPureDataRule>] = [.strings("allowedFunctions", \.allowedFunctions)]

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        let queries = context.queries
        var violations: [Violation] = []
        func report(_ file: Int, _ location: CodeLocation, _ evidence: String) {
            let violation = context.violation(file: file, at: location, where: { $0 == .entity }) { subject, _ in
                "\(subject) \(evidence); an Entity is plain data. Move the logic into the Interactor, "
                    + "the Presenter (formatting) or a Service (I/O)."
            }
            violations += violation.map { [$0] } ?? []
        }
        for (fileIndex, file) in context.index.files.enumerated() {
            let facts = file.facts
            var functionsWithFlow = Set<String>()
            for flow in facts.controlFlow {
                if let member = flow.location.member { functionsWithFlow.insert("\(flow.location.context ?? -1).\(member)") }
            }
            for function in facts.functions where queries.layer(at: function.location, inFile: fileIndex) == .entity {
                switch function.kind {
                case .initializer:
                    continue
                case .function where !allowedFunctions.contains(function.name):
                    report(fileIndex, function.location, "is a function (only initializers and protocol requirements such as 'encode', 'hash', '==' belong in an entity)")
                case .computedProperty where functionsWithFlow.contains("\(function.location.context ?? -1).\(function.name)"):
                    report(fileIndex, function.location, "is a computed property with control flow")
                default:
                    continue
                }
            }
            for call in facts.calls where queries.layer(at: call.location, inFile: fileIndex) == .entity {
                guard let use = queries.apiUse(of: call, inFile: fileIndex) else { continue }
                report(fileIndex, call.location, "calls \(use.category) API '\(use.call)'")
            }
        }
        return violations
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
            RuleExample("An entity extension saves itself", path: "Entities/Article.swift", """
                import Foundation

                struct Article: Codable {
                    let id: Int
                }

                extension Article {
                    ↓func save() {
                        ↓UserDefaults.standard.set(id, forKey: "last")
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
