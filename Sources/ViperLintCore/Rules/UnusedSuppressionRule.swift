/// `unused-suppression`: a `viperlint:` comment that silenced nothing. The linter reports it
/// after every other rule ran (see `SuppressionFilter`); `check` itself finds nothing.
public struct UnusedSuppressionRule: Rule, Equatable {
    public static let id = "unused-suppression"
    public static let summary = "A viperlint:disable comment silenced nothing"
    public static let defaultSeverity = Severity.warning
    public static let measured = "not measured: it reports the project's own viperlint comments, not its architecture"
    public static let rationale = """
        A suppression that silences nothing hides the next real finding at that place and \
        tells readers about a problem that is gone. Comments naming unknown rules, `enable` \
        without `disable`, and comments with no rule id are reported too.
        Fix: remove the comment, or correct the rule id.
        """

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] { [] }

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("A suppression on a line with no finding", path: "Home/HomeInteractor.swift", """
                import Foundation
                ↓// viperlint:disable:next forbidden-import -- was UIKit
                import Combine

                final class HomeInteractor {}
                """),
            RuleExample("A suppression naming an unknown rule", path: "Home/HomeInteractor.swift", """
                ↓// viperlint:disable:next forbiden-import
                import UIKit

                final class HomeInteractor {}
                """),
            RuleExample("A region that silences nothing, and an enable without disable", path: "Home/HomePresenter.swift", """
                ↓// viperlint:disable concrete-dependency
                final class HomePresenter {}
                // viperlint:enable concrete-dependency
                ↓// viperlint:enable layer-dependency
                """),
        ],
        nonTriggering: [
            RuleExample("A used disable:next with a reason", path: "Home/HomeInteractor.swift", """
                // viperlint:disable:next forbidden-import -- UIImage decoding moves to a service in #123
                import UIKit

                final class HomeInteractor {}
                """),
            RuleExample("A used disable-file and disable:this", files: [
                ("Home/HomeInteractor.swift", """
                    // viperlint:disable-file forbidden-import
                    import UIKit
                    import SwiftUI

                    final class HomeInteractor {}
                    """),
                ("Home/HomePresenter.swift", """
                    import UIKit // viperlint:disable:this all

                    final class HomePresenter {}
                    """),
            ]),
            RuleExample("A used region", files: [("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"), ("Home/HomePresenter.swift", """
                // viperlint:disable forbidden-import
                import UIKit
                import SwiftUI
                // viperlint:enable forbidden-import

                final class HomePresenter {}
                """)]),
        ]
    )
}
