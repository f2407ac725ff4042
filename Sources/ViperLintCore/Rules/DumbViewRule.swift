/// `dumb-view`: a View formats data or runs logic over entity data.
public struct DumbViewRule: Rule, Equatable {
    public static let id = "dumb-view"
    public static let summary = "A View formats data or loops/branches over entity data outside SwiftUI builders"
    public static let judgesFilesAlone = true
    public static let defaultSeverity = Severity.off
    public static let measured = "off: not measured on a first look"
    public static let rationale = """
        A VIPER View shows what the Presenter prepared and forwards events. Creating \
        formatters, `String(format:)`, `.formatted(...)`, and loops or branches over entity \
        data are presentation logic that then escapes the Presenter's tests. Branches and \
        `ForEach` inside SwiftUI builders (`body`, `@ViewBuilder`) are layout and fine, and so \
        is a formatter injected into the view: the call site that builds it decides. Service \
        calls in views are reported by `misplaced-service-call`.
        Fix: let the Presenter produce display strings and flags in the view model.
        """

    /// Types whose creation in a View is formatting.
    public var formatterTypes = ["DateFormatter", "NumberFormatter", "DateComponentsFormatter", "DateIntervalFormatter",
                                 "MeasurementFormatter", "ByteCountFormatter", "PersonNameComponentsFormatter",
                                 "ListFormatter", "RelativeDateTimeFormatter", "ISO8601DateFormatter",
                                 "NSDateFormatter", "NSNumberFormatter", "NSDateComponentsFormatter", "NSByteCountFormatter",
                                 "NSISO8601DateFormatter"]
    /// Calls that format (see `CallPattern`).
    public var formattingCalls = ["formatted", "String(format:)", "NSString.stringWithFormat"]

    public static let options: [RuleOption<DumbViewRule>] = [
        .strings("formatterTypes", \.formatterTypes),
        .strings("formattingCalls", \.formattingCalls),
    ]

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        let queries = context.queries
        let patterns = formattingCalls.map(CallPattern.init)
        var violations: [Violation] = []
        func report(_ file: Int, _ location: CodeLocation, _ evidence: String) {
            let violation = context.violation("view-logic", file: file, at: location, where: { $0 == .view }) { subject, _ in
                "\(subject) \(evidence); a View shows what its Presenter prepared. "
                    + "Let the Presenter produce display-ready values in the view model."
            }
            violations += violation.map { [$0] } ?? []
        }
        for (fileIndex, file) in context.index.files.enumerated() where context.checks(file: fileIndex) {
            let facts = file.facts
            for call in facts.calls where queries.layer(at: call.location, inFile: fileIndex) == .view {
                if call.chain.count == 1, formatterTypes.contains(call.name) {
                    report(fileIndex, call.location, "creates \(withArticle("'\(call.name)'"))")
                } else if let pattern = patterns.first(where: { $0.matches(call) }) {
                    report(fileIndex, call.location, "formats data with '\(pattern)'")
                }
            }
            for flow in facts.controlFlow where !flow.location.inViewBuilder
                && queries.layer(at: flow.location, inFile: fileIndex) == .view {
                guard let data = queries.entityData(among: flow.identifiers, at: flow.location, inFile: fileIndex) else { continue }
                // `if items.isEmpty { load() }` decides whether to load or show a placeholder:
                // screen state, not logic over the data.
                if !flow.isLoop, Set(flow.identifiers) == [data.name, "isEmpty"] { continue }
                let what = flow.isLoop ? "loops over" : "branches on"
                report(fileIndex, flow.location, "\(what) entity data '\(data.name)' (\(data.entity.name)) with '\(flow.kind.rawValue)'")
            }
        }
        return violations
    }

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("A view controller creates a date formatter", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewController.swift", """
                    import UIKit

                    final class HomeViewController: UIViewController {
                        let label = UILabel()

                        func show(_ date: Date) {
                            let formatter = ↓DateFormatter()
                            label.text = formatter.string(from: date)
                        }
                    }
                    """),
            ]),
            RuleExample("A SwiftUI view formats numbers", files: [
                ("Cart/CartInteractor.swift", "final class CartInteractor {}\n"),
                ("Cart/CartPresenter.swift", "final class CartPresenter {}\n"),
                ("Cart/CartView.swift", """
                    import SwiftUI

                    struct CartView: View {
                        let total: Double
                        let count: Int

                        var body: some View {
                            VStack {
                                Text(↓String(format: "%.2f", total))
                                Text(↓count.formatted())
                            }
                        }
                    }
                    """),
            ]),
            RuleExample("A view controller branches on entity data outside a builder", files: [
                ("Orders/OrdersInteractor.swift", "final class OrdersInteractor {}\n"),
                ("Entities/Order.swift", "struct Order {\n    let isPaid: Bool\n}\n"),
                ("Orders/OrdersPresenter.swift", "final class OrdersPresenter {}\n"),
                ("Orders/OrdersViewController.swift", """
                    import UIKit

                    final class OrdersViewController: UIViewController {
                        var orders: [Order] = []

                        func refresh() {
                            ↓for order in orders {
                                ↓if order.isPaid, orders.count > 1 {
                                    print("paid")
                                }
                            }
                        }
                    }
                    """),
            ], configuration: #"{ "version": 1, "rules": { "layer-dependency": "off" } }"#),
        ],
        nonTriggering: [
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
