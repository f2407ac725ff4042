/// `dumb-view`: a View computes display values from entity data, or runs logic over it.
public struct DumbViewRule: Rule, Equatable {
    public static let id = "dumb-view"
    public static let summary = "A View computes from entity data (formats, converts, filters, sums) or branches over it outside SwiftUI builders"
    /// What a View computes is read from its own file and the project's declarations (the types
    /// of members, parameters and results), never from another file's bodies.
    public static let judgesFilesAlone = true
    public static let defaultSeverity = Severity.off
    public static let measured = "off: corpus 0.87 (17 of 17 findings reviewed; recall 0.23), V1 1.00 (6 of 6; recall 0.17), 4cf0986 and later"
    public static let rationale = """
        A VIPER View shows what the Presenter prepared and forwards events. A View that \
        formats an entity's date, converts its amounts, strips its text or filters and sums \
        its records does presentation logic that then escapes the Presenter's tests. What \
        decides is what the View computes from: a value read from an entity (`booking.date`, \
        `settings.gasPrice`, `events`) passed to a formatter, a `String(...)` conversion, a \
        project helper that returns text, arithmetic or a method that transforms it \
        (`formatted()`, `replacingOccurrences`, `filter`, `reduce`, `sorted`). A formatter in a View \
        that formats the View's own state (a calendar's month header) is rendering, and \
        showing a field as it is (`Text(booking.title)`) is what a View does. Loops and \
        branches over entity data outside SwiftUI builders are logic too; inside `body` and \
        `@ViewBuilder` they are layout, and a `guard`, an `if let` unwrap, an identity match \
        or a switch over an enum's case decides nothing about the data. Only Views of VIPER \
        modules are judged. One finding per function, the other computations its related sites.
        Fix: let the Presenter produce display strings and flags in the view model.
        """

    /// Types whose functions format (`ISO8601DateFormatter.string(from:)`, a formatter's init).
    public var formatterTypes = ["DateFormatter", "NumberFormatter", "DateComponentsFormatter", "DateIntervalFormatter",
                                 "MeasurementFormatter", "ByteCountFormatter", "PersonNameComponentsFormatter",
                                 "ListFormatter", "RelativeDateTimeFormatter", "ISO8601DateFormatter",
                                 "NSDateFormatter", "NSNumberFormatter", "NSDateComponentsFormatter", "NSByteCountFormatter",
                                 "NSISO8601DateFormatter"]
    /// Calls that format what they are given (see `CallPattern`).
    public var formattingCalls = ["formatted", "String(format:)", "NSString.stringWithFormat", "string(from:)", "localizedString"]

    public static let options: [RuleOption<DumbViewRule>] = [
        .strings("formatterTypes", \.formatterTypes),
        .strings("formattingCalls", \.formattingCalls),
    ]

    public init() {}

    /// Methods that compute a new value from an entity's collection (not lookups such as
    /// `first(where:)` or `contains`, which find a row to show).
    /// (`map` is left out: mapping records to rows or views is how a View renders a list.)
    static let collectionComputations: Set<String> = ["filter", "reduce", "sorted", "sort", "min", "max"]
    /// Whether an identifier names a record's identity (`id`, `walletId`, `uuid`, `identifier`).
    static func isIdentity(_ name: String) -> Bool {
        name == "id" || name == "uuid" || name == "identifier" || ["Id", "ID", "Uuid", "UUID", "Identifier"].contains(where: name.hasSuffix)
    }

    /// Types `+` joins rather than adds.
    static let textTypes: Set<String> = ["String", "Substring", "Character", "NSString", "NSAttributedString", "NSMutableAttributedString", "AttributedString"]
    /// Methods on an entity's field that do not compute a display value.
    static let nonComputing: Set<String> = ["forEach", "isEqual", "hash", "encode", "copy", "mutableCopy", "append", "remove",
                                            "insert", "removeAll"]

    public func check(_ context: RuleContext) -> [Violation] {
        let queries = context.queries
        let modules = Set(context.index.modules)
        let inference = TypeInference(index: context.index, queries: queries)
        let members = EntityMembers(context.index)
        let patterns = formattingCalls.map(CallPattern.init)
        var violations: [Violation] = []
        var reported: [String: Int] = [:]
        func report(_ file: Int, _ location: CodeLocation, _ evidence: String) {
            let key = "\(file):\(location.context ?? -1):\(location.member ?? "")"
            if let found = reported[key] {
                violations[found].related.append(RelatedLocation(file: context.index.files[file].path, position: location.position,
                                                                 message: "it also \(evidence)"))
                return
            }
            guard let violation = context.violation("view-logic", file: file, at: location, where: { $0 == .view }, message: { subject, _ in
                "\(subject) \(evidence); a View shows what its Presenter prepared. "
                    + "Let the Presenter hand the View the result (display strings and flags in its view model)."
            }), violation.module.map(modules.contains) == true else { return }
            reported[key] = violations.count
            violations.append(violation)
        }
        for (fileIndex, file) in context.index.files.enumerated() where context.checks(file: fileIndex) {
            let facts = file.facts
            var events: [(CodeLocation, String)] = []
            for (read, step, entity) in inference.reaches(inFile: fileIndex, reaching: [.entity])
            where queries.layer(at: read.location, inFile: fileIndex) == .view {
                if let evidence = computation(read, entityStep: step, entity: entity, members: members, patterns: patterns, context: context, file: fileIndex) {
                    events.append((read.location, evidence))
                }
            }
            // A `guard` in a View unwraps or finds the row an event is about and leaves early:
            // no display decision. Nor is matching a record by its identifier.
            for flow in facts.controlFlow where !flow.location.inViewBuilder && flow.kind != .guard
                && !flow.identifiers.contains(where: Self.isIdentity)
                && queries.layer(at: flow.location, inFile: fileIndex) == .view {
                guard let data = queries.entityData(among: flow.identifiers, at: flow.location, inFile: fileIndex) else { continue }
                // `if items.isEmpty { load() }` decides whether to load or show a placeholder:
                // screen state, not logic over the data.
                if !flow.isLoop, Set(flow.identifiers) == [data.name, "isEmpty"] { continue }
                // A branch on a case of an enum (a wallet type, a selection) picks what to draw:
                // rendering the Presenter's decision, not logic over records.
                if !flow.isLoop, data.entity.kind == .enum { continue }
                let what = flow.isLoop ? "loops over" : "branches on"
                events.append((flow.location, "\(what) entity data '\(data.name)' (\(data.entity.name)) with '\(flow.kind.rawValue)'"))
            }
            for (location, evidence) in events.sorted(by: { $0.0.position < $1.0.position }) { report(fileIndex, location, evidence) }
        }
        return violations
    }

    /// What a read of entity data computes, when it computes: a transforming method over the
    /// entity's records (`events.filter`, `events.reduce`) or on one of its fields
    /// (`booking.date.formatted()`, `item.text.replacingOccurrences(...)`), or a field handed
    /// to a formatting call, a project helper or arithmetic. Reading a field as it is, the
    /// entity's own methods (`ticket.status.iconName()`) and lookups (`first(where:)`) compute
    /// nothing here.
    func computation(_ read: MemberReadFact, entityStep step: Int, entity: TypeSymbol, members: EntityMembers,
                     patterns: [CallPattern], context: RuleContext, file: Int) -> String? {
        let chain = read.chain
        guard step + 1 < chain.count else { return nil }
        let next = chain[step + 1]
        let reached = chain[...step].joined(separator: ".")
        if !members.declares(entity, next, context: context) {
            // A method on the entity's value or on a collection of them.
            guard Self.collectionComputations.contains(next), read.isCalled || step + 1 < chain.count - 1 else { return nil }
            return "computes from entity data: '\(reached).\(next)' over '\(entity.name)' records"
        }
        // The entity's own method, called: its API.
        if read.isCalled, step + 1 == chain.count - 1 { return nil }
        let value = read.isCalled ? Array(chain.dropLast()) : chain
        let shown = value.joined(separator: ".")
        if read.isCalled, let method = chain.last, !Self.nonComputing.contains(method) {
            // A method an entity type declares is the entity's API (`bed.icon()`), not the View computing.
            if members.entityMethods.contains(method) { return nil }
            return "computes from entity data: '\(shown).\(method)(...)' on a field of '\(entity.name)'"
        }
        guard let consumer = read.consumer else { return nil }
        if consumer.hasPrefix("operator ") {
            // `+` joins text as often as it adds: only a field declared with another type adds.
            if consumer == "operator +" {
                let declared = step + 2 == value.count ? members.fieldTypeNames(entity, next, context: context) : []
                guard !declared.isEmpty, !declared.contains(where: Self.textTypes.contains) else { return nil }
            }
            return "computes with entity data: '\(shown)' of '\(entity.name)' in arithmetic ('\(consumer.dropFirst("operator ".count))')"
        }
        guard let callee = formattingCallee(consumer, patterns: patterns, members: members, context: context, file: file) else { return nil }
        return "formats entity data: '\(shown)' of '\(entity.name)' passed to '\(callee)'"
    }

    /// What project types declare: each type's methods and computed properties by type name
    /// (extensions included) with their result types, and the names of every method an entity
    /// type declares.
    struct EntityMembers {
        var methodsByType: [String: Set<String>] = [:]
        /// The result type names of each type's functions, by type name and function name.
        var resultTypes: [String: [String: [String]]] = [:]
        var entityMethods: Set<String> = []

        init(_ index: ProjectIndex) {
            for file in index.files {
                for function in file.facts.functions {
                    guard let context = function.location.context else { continue }
                    let type = file.facts.types[context].name
                    methodsByType[type, default: []].insert(function.name)
                    resultTypes[type, default: [:]][function.name, default: []] += function.resultTypeNames
                }
            }
            for symbol in index.symbols where symbol.layer.layer == .entity {
                entityMethods.formUnion(methodsByType[symbol.name] ?? [])
            }
        }

        /// The type names an entity's stored property is declared with.
        func fieldTypeNames(_ entity: TypeSymbol, _ name: String, context: RuleContext) -> [String] {
            context.index.storedProperties(of: entity).filter { $0.1.name == name }.flatMap { $0.1.typeNames }
        }

        /// Whether an entity declares a member (a stored property, a method or a computed property).
        func declares(_ entity: TypeSymbol, _ name: String, context: RuleContext) -> Bool {
            methodsByType[entity.name]?.contains(name) == true
                || context.index.storedProperties(of: entity).contains { $0.1.name == name }
        }
    }

    /// The callee of a call named `callee(labels:)` when it turns values into display values:
    /// one of `formattingCalls`, a function of one of `formatterTypes`, a `String` or
    /// `NSString` conversion, a call named for formatting, or a function returning text of a
    /// project helper type that is no VIPER layer (`DateHelper.friendly(_:) -> String`); nil
    /// for views, UI setters, navigation helpers and the module's other layers.
    func formattingCallee(_ consumer: String, patterns: [CallPattern], members: EntityMembers, context: RuleContext, file: Int) -> String? {
        guard let open = consumer.firstIndex(of: "(") else { return nil }
        let callee = String(consumer[..<open])
        let labels = consumer[consumer.index(after: open)...].split(whereSeparator: { $0 == ":" || $0 == ")" }).map(String.init)
        let parts = callee.split(separator: ".").map(String.init)
        guard let name = parts.last, let first = parts.first else { return nil }
        let call = CallFact(chain: parts, argumentLabels: labels,
                            location: CodeLocation(position: SourcePosition(line: 0, column: 0), context: nil, member: nil, inViewBuilder: false))
        if let pattern = patterns.first(where: { $0.matches(call) }) { return pattern.description }
        if formatterTypes.contains(first)
            || (parts.count == 1 && ["String", "NSString"].contains(name)) || name.lowercased().contains("format") {
            return callee
        }
        // A project helper's function that turns the value into text (`DateHelper.friendly(_:)
        // -> String`); one that takes it somewhere (`WebManager.shared.open(url)`) formats nothing.
        guard parts.count >= 2, first.unicodeScalars.first?.properties.isUppercase == true,
              let helper = context.index.resolve(first, from: nil, inFile: file), helper.layer.layer == nil, helper.kind != .protocol,
              members.resultTypes[helper.name]?[name]?.contains(where: Self.textTypes.contains) == true else { return nil }
        return callee
    }

    /// The Bookings module the examples share: an entity, the module's contracts, Interactor and Presenter.
    private static let bookingsModule: [(path: String, source: String)] = [
        ("Entities/Booking.swift", "import Foundation\n\nstruct Booking {\n    let id: Int\n    let date: Date\n    let fee: Double\n    let notes: String\n}\n"),
        ("Bookings/BookingsContracts.swift", "protocol BookingsViewInput: AnyObject {}\nprotocol BookingsPresenterInput: AnyObject {\n    func didSelect(id: Int)\n}\n"),
        ("Bookings/BookingsInteractor.swift", "final class BookingsInteractor {\n    weak var presenter: BookingsPresenter?\n}\n"),
        ("Bookings/BookingsPresenter.swift", """
            final class BookingsPresenter: BookingsPresenterInput {
                weak var view: BookingsViewInput?
                var interactor: BookingsInteractor?
                func didSelect(id: Int) {}
            }
            """),
    ]

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("A view controller formats an entity's date through a helper and converts its fee", files: Self.bookingsModule + [
                ("Helpers/DateHelper.swift", "import Foundation\n\nenum DateHelper {\n    static func friendly(_ date: Date) -> String { \"\" }\n}\n"),
                ("Bookings/BookingsViewController.swift", """
                    import UIKit

                    final class BookingsViewController: UIViewController, BookingsViewInput {
                        var presenter: BookingsPresenterInput?
                        let dateLabel = UILabel()
                        let feeLabel = UILabel()

                        func show(_ booking: Booking) {
                            dateLabel.text = DateHelper.friendly(↓booking.date)
                            feeLabel.text = String(format: "%.2f", booking.fee / 100)
                        }

                        func showNotes(of booking: Booking) {
                            let notes = booking.notes
                            dateLabel.text = ↓notes.replacingOccurrences(of: "<br>", with: "\\n")
                        }
                    }
                    """),
            ], configuration: #"{ "version": 1, "rules": { "layer-dependency": "off" } }"#),
            RuleExample("A SwiftUI view formats an entity's date and sums its records", files: Self.bookingsModule + [
                ("Bookings/BookingsView.swift", """
                    import SwiftUI

                    struct BookingsView: View {
                        let presenter: BookingsPresenterInput
                        let bookings: [Booking]

                        var body: some View {
                            VStack {
                                Text(↓bookings[0].date.formatted(date: .abbreviated, time: .omitted))
                                Text("\\(bookings.reduce(0) { $0 + $1.fee })")
                            }
                        }
                    }
                    """),
            ], configuration: #"{ "version": 1, "rules": { "layer-dependency": "off" } }"#),
            RuleExample("A view controller loops and branches over entity data outside a builder: one finding for the function", files: [
                ("Orders/OrdersInteractor.swift", "final class OrdersInteractor {}\n"),
                ("Entities/Order.swift", "struct Order {\n    let isPaid: Bool\n}\n"),
                ("Orders/OrdersPresenter.swift", "final class OrdersPresenter {}\n"),
                ("Orders/OrdersViewController.swift", """
                    import UIKit

                    final class OrdersViewController: UIViewController {
                        var orders: [Order] = []

                        func refresh() {
                            ↓for order in orders {
                                if order.isPaid, orders.count > 1 {
                                    print("paid")
                                }
                            }
                        }
                    }
                    """),
            ], configuration: #"{ "version": 1, "rules": { "layer-dependency": "off" } }"#),
        ],
        nonTriggering: [
            RuleExample("A view shows an entity's fields as they are, forwards its id and hands a field to a helper that opens it", files: Self.bookingsModule + [
                ("Bookings/BookingsViewController.swift", """
                    import UIKit

                    final class BookingsViewController: UIViewController, BookingsViewInput {
                        var presenter: BookingsPresenterInput?
                        let notesLabel = UILabel()

                        func show(_ booking: Booking) {
                            notesLabel.text = booking.notes
                            presenter?.didSelect(id: booking.id)
                            WebOpener.shared.open(booking.notes)
                        }
                    }
                    """),
                ("Helpers/WebOpener.swift", "final class WebOpener {\n    static let shared = WebOpener()\n    func open(_ link: String) {}\n}\n"),
            ], configuration: #"{ "version": 1, "rules": { "layer-dependency": "off" } }"#),
            RuleExample("A calendar view formats its own state, and a view controller its own date", files: Self.bookingsModule + [
                ("Bookings/BookingsView.swift", """
                    import SwiftUI

                    struct BookingsView: View {
                        let presenter: BookingsPresenterInput
                        @State private var month = Date()

                        var body: some View {
                            Text(month.formatted(.dateTime.month()))
                        }
                    }
                    """),
                ("Bookings/BookingsViewController.swift", """
                    import UIKit

                    final class BookingsViewController: UIViewController, BookingsViewInput {
                        var presenter: BookingsPresenterInput?
                        let label = UILabel()

                        func showToday() {
                            let formatter = DateFormatter()
                            label.text = formatter.string(from: Date())
                        }
                    }
                    """),
            ]),
            RuleExample("A view switches on an enum's case to pick what to draw and asks a field for its own icon", files: [
                ("Entities/Ticket.swift", """
                    enum TicketStatus {
                        case paid, open
                        func iconName() -> String { "" }
                    }

                    struct Ticket {
                        let status: TicketStatus
                    }
                    """),
                ("Tickets/TicketsContracts.swift", "protocol TicketsViewInput: AnyObject {}\nprotocol TicketsPresenterInput: AnyObject {}\n"),
                ("Tickets/TicketsInteractor.swift", "final class TicketsInteractor {\n    weak var presenter: TicketsPresenter?\n}\n"),
                ("Tickets/TicketsPresenter.swift", """
                    final class TicketsPresenter: TicketsPresenterInput {
                        weak var view: TicketsViewInput?
                        var interactor: TicketsInteractor?
                    }
                    """),
                ("Tickets/TicketsViewController.swift", """
                    import UIKit

                    final class TicketsViewController: UIViewController, TicketsViewInput {
                        var presenter: TicketsPresenterInput?
                        let iconView = UIImageView()

                        func show(_ ticket: Ticket, status: TicketStatus) {
                            switch status {
                            case .paid: iconView.alpha = 1
                            case .open: iconView.alpha = 0.5
                            }
                            iconView.image = UIImage(named: ticket.status.iconName())
                        }
                    }
                    """),
            ], configuration: #"{ "version": 1, "rules": { "layer-dependency": "off" } }"#),
            RuleExample("A view controller loads when its list is empty", files: [
                ("Entities/Article.swift", "struct Article {\n    let title: String\n}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewController.swift", """
                    final class HomeViewController {
                        var articles = [Article]()
                        var interactor: HomeInteractor?

                        func viewDidLoad() {
                            if articles.isEmpty {
                                reload()
                            }
                        }

                        func reload() {}
                    }
                    """),
            ]),
            RuleExample("Branches and ForEach inside body are layout", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeView.swift", """
                    import SwiftUI

                    struct HomeView: View {
                        let rows: [HomeRow]
                        let isEmpty: Bool

                        var body: some View {
                            if isEmpty {
                                Text("Nothing yet")
                            } else {
                                ForEach(rows) { row in Text(row.title) }
                            }
                        }

                        @ViewBuilder
                        func badge(_ rows: [HomeRow]) -> some View {
                            if rows.isEmpty { EmptyView() } else { Text("\\(rows.count)") }
                        }
                    }
                    """),
            ]),
            RuleExample("A formatter injected into the view", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewController.swift", """
                    import UIKit

                    final class HomeViewController: UIViewController {
                        let formatter: DateFormatter
                        let label = UILabel()

                        init(formatter: DateFormatter) {
                            self.formatter = formatter
                            super.init(nibName: nil, bundle: nil)
                        }

                        required init?(coder: NSCoder) { nil }
                    }
                    """),
            ]),
            RuleExample("A Presenter formats; the view shows the string", files: [
                ("Home/HomePresenter.swift", """
                    import Foundation

                    final class HomePresenter {
                        private let formatter = DateFormatter()

                        func title(for date: Date) -> String {
                            String(format: "%@", formatter.string(from: date))
                        }
                    }
                    """),
                ("Home/HomeViewController.swift", """
                    import UIKit

                    final class HomeViewController: UIViewController {
                        func show(title: String, isLoading: Bool) {
                            if isLoading { return }
                            self.title = title
                        }
                    }
                    """),
            ]),
        ]
    )
}
