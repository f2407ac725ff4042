/// The variants' presets, each the classic rule set changed where the variant differs
/// (VARIANTS.md). docs/configuration.md documents each matrix and its reasons.
extension Preset {
    /// SwiftUI VIPER template: the View talks only to its ViewState; the ViewState forwards
    /// to the Presenter through a protocol; the Router changes a shared NavigationService;
    /// only the Assembly (and the application view builder) constructs modules.
    static var swiftUITemplate: RuleSet {
        var ruleSet = classic
        ruleSet.builders = [.assembly]
        // The template keeps its shared services (the NavigationService among them) in
        // `Services/<Name>Service/`: stated, so arrows to them are checked.
        ruleSet.layers[.service, default: LayerSignals()].paths = ["**/Services/*Service/**"]
        ruleSet.dependencies[.view] = LayerDependencies(allow: [.viewModel, .contracts])
        ruleSet.dependencies[.viewModel] = LayerDependencies(allow: [.entity, .contracts], viaProtocol: [.presenter])
        ruleSet.dependencies[.presenter] = LayerDependencies(allow: [.viewModel, .entity, .contracts], viaProtocol: [.interactor, .router])
        ruleSet.dependencies[.router] = LayerDependencies(allow: [.service, .entity, .contracts])
        ruleSet.configure(WeakBackReferenceRule.self) {
            $0.backReferences = [.init(from: .presenter, to: .viewModel), .init(from: .interactor, to: .presenter),
                                 .init(from: .router, to: .view)]
        }
        return ruleSet
    }

    /// SwuiPWER: SwiftPM targets name the layers; the Wireframe builds modules and answers the
    /// view's destination requests; the view is generic over protocols for its view model,
    /// its event handler (the Presenter) and its destinations (the Wireframe). The view model
    /// class lives in the presenter's file, so `state-write-access` finds it by its name.
    static var swuiPWER: RuleSet {
        var ruleSet = classic
        ruleSet.layers[.view, default: LayerSignals()].targets = ["View"]
        ruleSet.layers[.presenter, default: LayerSignals()].targets = ["Presenter"]
        ruleSet.layers[.interactor, default: LayerSignals()].targets = ["UseCase", "Interactor"]
        ruleSet.layers[.service, default: LayerSignals()].targets = ["Gateway", "Repository"]
        ruleSet.layers[.entity, default: LayerSignals()].targets = ["Entity"]
        ruleSet.layers[.router, default: LayerSignals()].targets = ["Wireframe", "Router"]
        ruleSet.layers[.router, default: LayerSignals()].typeSuffixes += ["DestinationCreatable"]
        ruleSet.dependencies[.view] = LayerDependencies(allow: [.viewModel, .contracts], viaProtocol: [.presenter, .router])
        ruleSet.dependencies[.presenter] = LayerDependencies(allow: [.viewModel, .entity, .contracts], viaProtocol: [.view, .interactor])
        ruleSet.dependencies[.interactor] = LayerDependencies(allow: [.entity, .service, .contracts], viaProtocol: [.presenter])
        ruleSet.configure(ForbiddenImportRule.self) {
            $0.frameworks[.service] = ["UIKit", "SwiftUI"]
        }
        return ruleSet
    }

    /// Clean Swift: the flow is one-directional. The View calls the Interactor (BusinessLogic)
    /// and its Router (RoutingLogic); the Interactor calls the Presenter (PresentationLogic);
    /// the Presenter calls the View (DisplayLogic) through a weak reference. Per-scene
    /// `Models` enums are their own layer, Workers are services, the Configurator builds.
    static var cleanSwiftVIP: RuleSet {
        var ruleSet = classic
        ruleSet.layers[.models] = LayerSignals(typeSuffixes: ["Models"], fileSuffixes: ["Models"])
        ruleSet.layers[.router, default: LayerSignals()].typeSuffixes += ["DataPassing"]
        ruleSet.dependencies[.view] = LayerDependencies(allow: [.viewModel, .models, .contracts], viaProtocol: [.interactor, .router])
        // VIP with a Router (the Interactor decides, the Router navigates) reaches it through a protocol.
        ruleSet.dependencies[.interactor] = LayerDependencies(allow: [.entity, .service, .models, .contracts], viaProtocol: [.presenter, .router])
        ruleSet.dependencies[.presenter] = LayerDependencies(allow: [.viewModel, .models, .entity, .contracts], viaProtocol: [.view])
        ruleSet.dependencies[.models] = LayerDependencies(allow: [.entity, .viewModel])
        ruleSet.dependencies[.service] = LayerDependencies(allow: [.entity, .models, .contracts])
        ruleSet.dependencies[.contracts] = LayerDependencies(allow: [.viewModel, .entity, .models],
                                                             viaProtocol: [.view, .presenter, .interactor, .router])
        ruleSet.configure(WeakBackReferenceRule.self) {
            $0.backReferences = [.init(from: .presenter, to: .view), .init(from: .router, to: .view)]
        }
        // The scene's view controller wires its own VIP cycle in `setup()`.
        ruleSet.configure(ModuleConstructionRule.self) { $0.viewWiresOwnModule = true }
        return ruleSet
    }

    /// Layer-first VIPER with @Observable: protocols between View, Presenter and Interactor
    /// are optional, so those concrete references are allowed; the one app-wide Router makes
    /// presenters. The Presenter is the view's observable state, so its settable properties
    /// are checked like a view model's, and interactors are shared between screens.
    static var layerFirst: RuleSet {
        var ruleSet = classic
        ruleSet.dependencies[.view] = LayerDependencies(allow: [.presenter, .viewModel, .contracts])
        ruleSet.dependencies[.presenter] = LayerDependencies(allow: [.interactor, .router, .viewModel, .entity, .contracts])
        ruleSet.dependencies[.interactor] = LayerDependencies(allow: [.entity, .service, .contracts])
        ruleSet.configure(StateWriteAccessRule.self) { $0.layers = [.viewModel, .presenter] }
        // The app-wide Router makes and may keep presenters: it owns them.
        ruleSet.configure(WeakBackReferenceRule.self) {
            $0.backReferences = [.init(from: .interactor, to: .presenter), .init(from: .presenter, to: .view), .init(from: .router, to: .view)]
        }
        // Interactors serve several screens (a catalog interactor behind the catalog and the
        // book screens), so naming another screen's interactor is not a cross-module reference.
        ruleSet.configure(CrossModuleReferenceRule.self) { $0.sharedLayers = [.entity, .service, .interactor] }
        return ruleSet
    }
}

extension RuleSet {
    /// Changes the options of one rule in place.
    mutating func configure<R: Rule>(_ type: R.Type, _ change: (inout R) -> Void) {
        guard var configured = rules[R.id], var rule = configured.rule as? R else { return }
        change(&rule)
        configured.rule = rule
        rules[R.id] = configured
    }
}
