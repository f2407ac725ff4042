/// `module-completeness`: a VIPER module lacks a required layer.
public struct ModuleCompletenessRule: Rule, Equatable {
    public static let id = "module-completeness"
    public static let summary = "A VIPER module lacks a layer listed in requiredLayers"
    public static let judgesFilesAlone = true
    public static let defaultSeverity = Severity.off
    public static let measured = "off: not measured on a first look"
    public static let rationale = """
        A module with a Presenter but no View (or the other way round) is usually half \
        moved or misnamed: its files sit in the wrong folder, or a layer lives in another \
        module. Modules with a Presenter, or with a View and an Interactor, are checked; \
        an Interactor alone is a shared object, not a screen. Interactor and Router \
        are not required by default because real modules share them or omit them on purpose. \
        A layer implemented only as a protocol adopted by a shared object counts as present. \
        Only modules count: where the project wires its modules in code, a group whose code \
        wires none of its VIPER roles to another (a folder of cells, network code, a base \
        class filed under `CoreData/`) is no module, whatever it lacks.
        Fix: add the missing layer, move its file into the module's folder, or lower \
        `requiredLayers`.
        """

    public var requiredLayers: [Layer] = [.view, .presenter]

    public static let options: [RuleOption<ModuleCompletenessRule>] = [.layers("requiredLayers", \.requiredLayers)]

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        var layersByModule: [String: Set<Layer>] = [:]
        var anchors: [String: TypeSymbol] = [:]
        for symbol in context.index.symbols {
            guard let module = symbol.module.module, let layer = symbol.layer.layer else { continue }
            // A group that is no module (`ProjectIndex.isModule`) lacks nothing.
            guard context.index.isModule(module) else { continue }
            layersByModule[module, default: []].insert(layer)
            // The finding sits on the module's first Presenter class, else its first Interactor.
            guard symbol.kind.isConcrete, layer == .presenter || layer == .interactor else { continue }
            if anchors[module] == nil || (layer == .presenter && anchors[module]?.layer.layer != .presenter) {
                anchors[module] = symbol
            }
        }
        var violations: [Violation] = []
        for module in anchors.keys.sorted() {
            guard let anchor = anchors[module], let present = layersByModule[module] else { continue }
            // An Interactor alone (no Presenter, no View) is a shared object or a service, not a screen.
            if anchor.layer.layer == .interactor && !present.contains(.view) { continue }
            let missing = requiredLayers.filter { !present.contains($0) }
            guard !missing.isEmpty else { continue }
            let has = present.sorted().map(\.name).joined(separator: ", ")
            let message = "Module '\(module)' has no \(missing.map(\.name).joined(separator: " and ")) (it has \(has)). "
                + "Add the missing layer or move its files into the module's folder; a module found in the wrong place "
                + "shows in 'viperlint classify'."
            violations.append(context.violation("missing-layer", file: anchor.file, at: context.index.declaration(of: anchor).position,
                                                module: module, layer: anchor.layer.layer, symbol: module, message: message))
        }
        return violations
    }

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("A module with a Presenter and an Interactor but no View", files: [
                ("Home/HomePresenter.swift", "final class ↓HomePresenter {}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
            ]),
            RuleExample("A module with a View and an Interactor but no Presenter", files: [
                ("Cart/CartViewController.swift", "final class CartViewController {}\n"),
                ("Cart/CartInteractor.swift", "final class ↓CartInteractor {}\n"),
            ]),
            RuleExample("A stricter configuration that also requires a Router", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomeViewController.swift", "final class HomeViewController {}\n"),
                ("Home/HomePresenter.swift", "final class ↓HomePresenter {}\n"),
            ], configuration: #"{ "version": 1, "rules": { "module-completeness": { "requiredLayers": ["View", "Presenter", "Router"] } } }"#),
            RuleExample("In a folder of screens, a Presenter and Interactor whose View is named for another screen", files: [
                ("Screens/OptionsPresenter.swift", "final class ↓OptionsPresenter {}\n"),
                ("Screens/OptionsInteractor.swift", "final class OptionsInteractor {}\n"),
                ("Screens/PreferenceViewController.swift", "final class PreferenceViewController {}\n"),
                ("Screens/ProfilePresenter.swift", "final class ProfilePresenter {}\n"),
                ("Screens/ProfileInteractor.swift", "final class ProfileInteractor {}\n"),
                ("Screens/ProfileViewController.swift", "final class ProfileViewController {}\n"),
            ]),
        ],
        nonTriggering: [
            RuleExample("View and Presenter, no Interactor on purpose", files: [
                ("About/AboutViewController.swift", "final class AboutViewController {}\n"),
                ("About/AboutPresenter.swift", "final class AboutPresenter {}\n"),
            ]),
            RuleExample("The Presenter is a protocol adopted by a shared object", files: [
                ("Home/HomeViewController.swift", "final class HomeViewController {\n    weak var output: HomePresenterProtocol?\n}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenterProtocol.swift", "protocol HomePresenterProtocol: AnyObject {}\n"),
            ]),
            RuleExample("A required Interactor implemented only as a protocol adopted by a shared object", files: [
                ("Home/HomeViewController.swift", "final class HomeViewController {}\n"),
                ("Home/HomePresenter.swift", "final class HomePresenter {\n    var interactor: HomeInteractorInput?\n}\n"),
                ("Home/HomeInteractorInput.swift", "protocol HomeInteractorInput: AnyObject {}\n"),
                ("Shared/AppInteractor.swift", "final class AppInteractor: HomeInteractorInput {}\n"),
            ], configuration: #"{ "version": 1, "rules": { "module-completeness": { "requiredLayers": ["View", "Presenter", "Interactor"] } } }"#),
            RuleExample("A flow coordinator alone is not a screen module", files: [
                ("Onboarding/OnboardingCoordinator.swift", "final class OnboardingCoordinator {}\n"),
            ]),
            RuleExample("Singular and plural names one screen: OptionsPresenter and OptionViewController", files: [
                ("Screens/OptionsPresenter.swift", "final class OptionsPresenter {}\n"),
                ("Screens/OptionsInteractor.swift", "final class OptionsInteractor {}\n"),
                ("Screens/OptionViewController.swift", "final class OptionViewController {}\n"),
                ("Screens/ProfilePresenter.swift", "final class ProfilePresenter {}\n"),
                ("Screens/ProfileInteractor.swift", "final class ProfileInteractor {}\n"),
                ("Screens/ProfileViewController.swift", "final class ProfileViewController {}\n"),
            ]),
            RuleExample("A base presenter filed in a Core Data folder is no module without a View", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter: FetchedListPresenter {\n    weak var view: HomeViewController?\n    var interactor: HomeInteractor?\n}\n"),
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomeViewController.swift", "import UIKit\n\nfinal class HomeViewController: UIViewController {\n    var presenter: HomePresenter?\n}\n"),
                ("CoreData/FetchedListPresenter.swift", "class FetchedListPresenter {\n    func reloadStored() {}\n}\n"),
            ]),
            RuleExample("A view-only screen is no VIPER module", files: [
                ("About/AboutView.swift", "import SwiftUI\n\nstruct AboutView: View {\n    var body: some View { Text(\"About\") }\n}\n"),
            ]),
        ]
    )
}
