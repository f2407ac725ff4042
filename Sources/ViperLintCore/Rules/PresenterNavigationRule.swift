/// `presenter-navigation`: a Presenter navigates itself instead of asking its Router.
public struct PresenterNavigationRule: Rule, Equatable {
    public static let id = "presenter-navigation"
    public static let summary = "A Presenter navigates (push, present, dismiss, open URL, navigation state) instead of asking its Router"
    public static let judgesFilesAlone = true
    public static let defaultSeverity = Severity.warning
    public static let measured = "V2 first look, 5ab45ae: 0.62, 42 of 42 findings reviewed; recall 0.56 (9 labels)"
    public static let rationale = """
        Navigation is the Router's job: it knows the next module and how to build it. A \
        Presenter that pushes view controllers, presents, dismisses, opens URLs, mutates a \
        `NavigationPath`, writes a navigation service (`items.append`, `fullScreen =`, \
        `popup =`), replaces the window's root view controller or calls an app-wide router \
        singleton (`AppRouter.shared.setRoot(...)`, `SceneDelegate.shared...`) ties screens \
        together and cannot be tested without UIKit. Calls whose \
        receiver is the Presenter's own Router, Wireframe or Coordinator (`router.present(...)`) \
        are the delegation this rule asks for: the receiver decides.
        Fix: add a method to the Router's protocol (`func openDetail(id:)`) and call it.
        """

    /// Calls that navigate (see `CallPattern`): UIKit's signatures, so that a view's own
    /// `show(_ items:)` is not mistaken for `show(_:sender:)`; then their Objective-C
    /// selectors as viperlint reads them (`presentViewController:animated:completion:`).
    public var navigationCalls = ["pushViewController(_:animated:)", "popViewController(animated:)",
                                  "popToViewController(_:animated:)", "popToRootViewController(animated:)",
                                  "setViewControllers(_:animated:)", "present(_:animated:)", "dismiss(animated:)",
                                  "performSegue(withIdentifier:sender:)", "show(_:sender:)",
                                  "showDetailViewController(_:sender:)", "UIApplication.shared.open",
                                  "popViewControllerAnimated(_:)", "popToRootViewControllerAnimated(_:)",
                                  "presentViewController(_:animated:)", "dismissViewControllerAnimated(_:)",
                                  "performSegueWithIdentifier(_:sender:)", "showViewController(_:sender:)",
                                  "UIApplication.sharedApplication.openURL"]
    /// Members of a navigation service whose change navigates.
    public var navigationServiceMembers = ["items", "fullScreen", "popup", "sheet", "alert"]
    /// Types whose mutation navigates.
    public var navigationStateTypes = ["NavigationPath"]

    public static let options: [RuleOption<PresenterNavigationRule>] = [
        .strings("navigationCalls", \.navigationCalls),
        .strings("navigationServiceMembers", \.navigationServiceMembers),
        .strings("navigationStateTypes", \.navigationStateTypes),
    ]

    public init() {}

    /// Verbs of methods that move between screens, as a view exposes them to its presenter
    /// (`view.present(from:)`, `view.dismiss()`, `view.pop()`); showing an alert, an error or
    /// progress on the screen is the view's own job.
    static let navigationVerbs = ["present", "dismiss", "dissmiss", "pop", "push"]
    static let onScreenWords = ["alert", "error", "loading", "progress", "toast", "hud", "sheet", "message", "keyboard",
                                "confirmation", "selection", "picker", "menu", "option", "warning", "banner", "snackbar", "tooltip", "hint"]

    /// A navigation verb whose rest and argument labels name no on-screen element
    /// (`view.present(message:)` shows a label, `presentResetConfirmation()` an alert).
    static func isNavigationVerb(_ call: CallFact) -> Bool {
        let name = call.name
        guard let verb = navigationVerbs.first(where: name.hasPrefix) else { return false }
        let rest = name.dropFirst(verb.count)
        // `present`, `presentModal`, `popToRoot`: the verb is the whole word, not `presenter`/`popular`.
        guard rest.isEmpty || rest.first!.isUppercase else { return false }
        let words = ([String(rest)] + call.argumentLabels).map { $0.lowercased() }
        return !words.contains { word in onScreenWords.contains(where: word.contains) }
    }

    /// Whether the view's own method of that name takes an on-screen element
    /// (`func presentAlert(_ kind: AlertKind)`, whatever the method's spelling): it shows
    /// something on this screen, it does not navigate.
    static func showsOnScreenElement(_ method: String, declaredIn view: TypeSymbol, context: RuleContext) -> Bool {
        let types = [view] + context.adoptedProtocols(of: view)
        return types.contains { type in
            context.index.files[type.file].facts.functions.contains { function in
                function.location.context == type.declaration && function.name == method
                    && function.parameters.flatMap(\.typeNames).contains { name in onScreenWords.contains(where: name.lowercased().contains) }
            }
        }
    }

    /// A member that was handed the screen to present from (`present(from: UIViewController)`)
    /// is the module's entry point: another module's Router asked for this navigation.
    static func isEntryPoint(_ location: CodeLocation, in facts: FileFacts) -> Bool {
        guard let member = location.member else { return false }
        return facts.functions.contains { function in
            function.location.context == location.context && function.name == member
                && function.parameters.contains { $0.typeNames.contains { $0.hasSuffix("ViewController") || $0.hasSuffix("Controller") } }
        }
    }

    public func check(_ context: RuleContext) -> [Violation] {
        let queries = context.queries
        let patterns = navigationCalls.map(CallPattern.init)
        let routerNames = (context.ruleSet.signals(.router).typeSuffixes + ["router"]).map { $0.lowercased() }
        var violations: [Violation] = []
        func report(_ file: Int, _ location: CodeLocation, _ evidence: String) {
            let violation = context.violation("navigation", file: file, at: location, where: { $0 == .presenter }) { subject, _ in
                "\(subject) navigates itself: \(evidence). Ask the Router instead: add a method to its "
                    + "protocol (e.g. 'openDetail(id:)') and call it from the Presenter."
            }
            violations += violation.map { [$0] } ?? []
        }
        /// The receiver is the Presenter's router when it is named like one or typed as one.
        func isRouter(_ name: String, at location: CodeLocation, inFile file: Int) -> Bool {
            if routerNames.contains(where: { name.lowercased().contains($0) }) { return true }
            return queries.symbols(of: name, at: location, inFile: file).contains { $0.layer.layer == .router }
        }
        for (fileIndex, file) in context.index.files.enumerated() where context.checks(file: fileIndex) {
            for call in file.facts.calls where queries.layer(at: call.location, inFile: fileIndex) == .presenter {
                // The app's own router or scene reached through a singleton is not this module's Router.
                if let singleton = appWideNavigator(call.chain, at: call.location, inFile: fileIndex, isRouter: isRouter) {
                    report(fileIndex, call.location, "calls the app-wide '\(singleton)' ('\(call.text)') instead of its own Router")
                    continue
                }
                // A bare `present(...)` in a Presenter calls its own method, not UIKit.
                guard call.chain.count >= 2, !isRouter(call.chain[0], at: call.location, inFile: fileIndex) else { continue }
                if let pattern = patterns.first(where: { $0.matches(call) }) {
                    report(fileIndex, call.location, "calls '\(call.text)' (\(pattern))")
                } else if navigationServiceMembers.contains(where: { call.receiver.contains($0) }),
                          call.receiver.contains(where: { $0.lowercased().contains("navigation") }) {
                    report(fileIndex, call.location, "changes the navigation service with '\(call.text)'")
                } else if queries.typeNames(of: call.chain[0], at: call.location, inFile: fileIndex)
                            .contains(where: { navigationStateTypes.contains($0) }) {
                    report(fileIndex, call.location, "mutates navigation state '\(call.text)'")
                } else if Self.isNavigationVerb(call), !Self.isEntryPoint(call.location, in: file.facts) {
                    let views = queries.symbols(of: call.chain[0], at: call.location, inFile: fileIndex).filter { $0.layer.layer == .view }
                    if !views.isEmpty, !views.contains(where: { Self.showsOnScreenElement(call.name, declaredIn: $0, context: context) }) {
                        report(fileIndex, call.location, "has its view navigate ('\(call.text)')")
                    }
                }
            }
            for assignment in file.facts.assignments where queries.layer(at: assignment.location, inFile: fileIndex) == .presenter {
                if assignment.target.count >= 2, assignment.target.last == "rootViewController" {
                    report(fileIndex, assignment.location, "replaces the window's root view controller ('\(assignment.target.joined(separator: "."))')")
                    continue
                }
                guard let member = assignment.target.last, navigationServiceMembers.contains(member),
                      assignment.target.dropLast().contains(where: { $0.lowercased().contains("navigation") }),
                      !isRouter(assignment.target[0], at: assignment.location, inFile: fileIndex) else { continue }
                report(fileIndex, assignment.location, "sets '\(assignment.target.joined(separator: "."))' of the navigation service")
            }
        }
        return violations
    }

    /// Members through which apps reach their one instance of a type.
    static let singletonMembers: Set<String> = ["shared", "sharedInstance", "default", "current", "instance", "main"]

    /// `AppRouter.shared` in `AppRouter.shared.setRoot(...)`: a type named or classified as a
    /// router (or the app's or scene's delegate) reached through a singleton member.
    private func appWideNavigator(_ chain: [String], at location: CodeLocation, inFile file: Int,
                                  isRouter: (String, CodeLocation, Int) -> Bool) -> String? {
        guard chain.count >= 3, let first = chain[0].first, first.isUppercase, Self.singletonMembers.contains(chain[1]) else { return nil }
        let isDelegate = chain[0].hasSuffix("SceneDelegate") || chain[0].hasSuffix("AppDelegate")
        return isDelegate || isRouter(chain[0], location, file) ? "\(chain[0]).\(chain[1])" : nil
    }

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("A Presenter has its view dismiss and pop screens", files: [
                ("Pin/PinInteractor.swift", "final class PinInteractor {}\n"),
                ("Pin/PinViewController.swift", """
                    import UIKit

                    protocol PinViewInput: AnyObject {
                        func dismissModal()
                        func popToRoot()
                        func showAlert(_ text: String)
                    }

                    final class PinViewController: UIViewController, PinViewInput {
                        func dismissModal() {}
                        func popToRoot() {}
                        func showAlert(_ text: String) {}
                    }
                    """),
                ("Pin/PinPresenter.swift", """
                    import UIKit

                    final class PinPresenter {
                        weak var view: PinViewInput?

                        func didSave() {
                            view?.showAlert("Saved")
                            ↓view?.dismissModal()
                        }

                        func didFail() {
                            ↓view?.popToRoot()
                        }
                    }
                    """),
            ]),
            RuleExample("A Presenter switches the root screen through the app-wide router and the window", files: [
                ("App/AppRouter.swift", "import UIKit\n\nfinal class AppRouter {\n    static let shared = AppRouter()\n    func setRoot(_ controller: UIViewController) {}\n}\n"),
                ("Login/LoginInteractor.swift", "final class LoginInteractor {}\n"),
                ("Login/LoginPresenter.swift", """
                    import UIKit

                    final class LoginPresenter {
                        var router: LoginRouterInput?
                        weak var window: UIWindow?

                        func didLogin(home: UIViewController) {
                            ↓AppRouter.shared.setRoot(home)
                            ↓window?.rootViewController = home
                        }
                    }
                    """),
            ]),
            RuleExample("A Presenter pushes through its view's navigation controller", files: [("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"), ("Home/HomePresenter.swift", """
                import UIKit

                final class HomePresenter {
                    weak var view: UIViewController?

                    func didSelect() {
                        ↓view?.navigationController?.pushViewController(UIViewController(), animated: true)
                    }
                }
                """)]),
            RuleExample("A Presenter presents, dismisses and opens a URL", files: [("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"), ("Home/HomePresenter.swift", """
                import UIKit

                final class HomePresenter {
                    weak var viewController: UIViewController?

                    func didTapHelp(_ url: URL) {
                        ↓UIApplication.shared.open(url)
                        ↓viewController?.dismiss(animated: true)
                        ↓(viewController as? UINavigationController)?.present(UIViewController(), animated: true)
                    }
                }
                """)]),
            RuleExample("A Presenter writes the navigation service and a NavigationPath", files: [("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"), ("Home/HomePresenter.swift", """
                import SwiftUI

                final class HomePresenter {
                    let navigationService: NavigationService
                    var path: NavigationPath

                    init(navigationService: NavigationService, path: NavigationPath) {
                        self.navigationService = navigationService
                        self.path = path
                    }

                    func didTapItem(_ id: Int) {
                        ↓navigationService.items.append(.detail(id))
                        ↓navigationService.fullScreen = .login
                        ↓path.append(id)
                    }
                }
                """)], configuration: #"{ "version": 1, "rules": { "forbidden-import": "off" } }"#),
        ],
        nonTriggering: [
            RuleExample("A Clean Swift presenter asks its view to show an alert by a method whose name does not say so", files: [
                ("SignIn/SignInInteractor.swift", "final class SignInInteractor {}\n"),
                ("SignIn/SignInViewController.swift", """
                    import UIKit

                    enum AlertKind { case wrongPassword }

                    protocol SignInDisplayLogic: AnyObject {
                        func presentNotice(_ kind: AlertKind)
                    }

                    final class SignInViewController: UIViewController, SignInDisplayLogic {
                        func presentNotice(_ kind: AlertKind) {}
                    }
                    """),
                ("SignIn/SignInPresenter.swift", """
                    final class SignInPresenter {
                        weak var viewController: SignInDisplayLogic?

                        func presentFailure() {
                            viewController?.presentNotice(.wrongPassword)
                        }
                    }
                    """),
            ]),
            RuleExample("A module's entry point presents from the screen it is handed; a view shows a message", files: [
                ("Pin/PinInteractor.swift", "final class PinInteractor {}\n"),
                ("Pin/PinViewController.swift", """
                    import UIKit

                    protocol PinViewInput: AnyObject {
                        func present(fromViewController: UIViewController)
                        func present(message: String, animated: Bool)
                        func presentResetConfirmation()
                        func presentInvalidPinWarning()
                    }

                    final class PinViewController: UIViewController, PinViewInput {
                        func present(fromViewController: UIViewController) {}
                        func present(message: String, animated: Bool) {}
                        func presentResetConfirmation() {}
                        func presentInvalidPinWarning() {}
                    }
                    """),
                ("Pin/PinPresenter.swift", """
                    import UIKit

                    final class PinPresenter {
                        weak var view: PinViewInput?

                        func present(from controller: UIViewController) {
                            view?.present(fromViewController: controller)
                        }

                        func didFail() {
                            view?.present(message: "Wrong PIN", animated: true)
                            view?.presentResetConfirmation()
                            view?.presentInvalidPinWarning()
                        }
                    }
                    """),
            ]),
            RuleExample("Its own Router switches the root through the app-wide router; a Presenter reads another singleton", files: [
                ("App/AppRouter.swift", "import UIKit\n\nfinal class AppRouter {\n    static let shared = AppRouter()\n    func setRoot(_ controller: UIViewController) {}\n}\n"),
                ("Login/LoginInteractor.swift", "final class LoginInteractor {}\n"),
                ("Login/LoginRouter.swift", """
                    import UIKit

                    final class LoginRouter {
                        func openHome(_ home: UIViewController) {
                            AppRouter.shared.setRoot(home)
                        }
                    }
                    """),
                ("Login/LoginPresenter.swift", """
                    final class LoginPresenter {
                        var router: LoginRouter?

                        func didLogin() -> String {
                            router?.openHome(HomeViewController())
                            return AppSettings.shared.theme.name
                        }
                    }
                    """),
            ]),
            RuleExample("An MVP screen built by an Assembly, with a URL navigator helper, is not VIPER: its Presenter navigates", files: [
                ("Legacy/Story/StoryAssembly.swift", "enum StoryAssembly {\n    static func build() -> StoryViewController { StoryViewController() }\n}\n"),
                ("Legacy/Story/URLNavigator.swift", "import UIKit\n\nfinal class URLNavigator {\n    func open(_ url: URL) {}\n}\n"),
                ("Legacy/Story/StoryViewController.swift", "import UIKit\n\nfinal class StoryViewController: UIViewController {}\n"),
                ("Legacy/Story/StoryPresenter.swift", """
                    import UIKit

                    final class StoryPresenter {
                        weak var view: StoryViewController?

                        func close() {
                            view?.navigationController?.popViewController(animated: true)
                        }
                    }
                    """),
            ]),
            RuleExample("The Presenter asks its Router", path: "Home/HomePresenter.swift", """
                final class HomePresenter {
                    var router: HomeRouterInput?
                    var wireframe: HomeWireframeProtocol?

                    func didSelect(id: Int) {
                        router?.present(detailID: id)
                        wireframe?.dismiss()
                    }
                }
                """),
            RuleExample("The Presenter's coordinator is typed as a Router-layer protocol", files: [
                ("Home/HomeFlow.swift", """
                    protocol HomeFlow: AnyObject {
                        func show(_ id: Int)
                    }

                    final class HomeCoordinator: HomeFlow {
                        func show(_ id: Int) {}
                    }
                    """),
                ("Home/HomePresenter.swift", """
                    final class HomePresenter {
                        weak var flow: HomeFlow?

                        func didSelect(id: Int) {
                            flow?.show(id)
                        }
                    }
                    """),
            ]),
            RuleExample("A Clean Swift presenter calls its own present methods and the view displays", path: "Home/HomePresenter.swift", """
                final class HomePresenter {
                    weak var viewController: HomeDisplayLogic?

                    func presentArticles(_ titles: [String]) {
                        present(titles)
                        viewController?.displayArticles(titles)
                    }

                    private func present(_ titles: [String]) {}
                }
                """),
            RuleExample("A Router navigates", path: "Home/HomeRouter.swift", """
                import UIKit

                final class HomeRouter {
                    weak var viewController: UIViewController?

                    func openDetail() {
                        viewController?.navigationController?.pushViewController(UIViewController(), animated: true)
                    }
                }
                """),
        ]
    )
}
