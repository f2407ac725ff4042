/// Every rule viperlint knows, in documentation order. Adding a rule is one file and one
/// line here; a test fails when a rule type is missing.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        LayerDependencyRule.self,
        ConcreteDependencyRule.self,
        ForbiddenImportRule.self,
        RouterBusinessLogicRule.self,
        MisplacedServiceCallRule.self,
        ServiceInjectionRule.self,
        EntityPureDataRule.self,
        EntityMutationRule.self,
        DumbViewRule.self,
        PresenterNavigationRule.self,
        WeakBackReferenceRule.self,
        StateWriteAccessRule.self,
        ModuleConstructionRule.self,
        CrossModuleReferenceRule.self,
        ModuleCompletenessRule.self,
        ModuleCycleRule.self,
        UnusedSuppressionRule.self,
    ]

    public static var ids: [String] { all.map { $0.id } }

    /// Rules that no longer exist, with what to do about a configuration that names one (the
    /// text follows "unknown rule id 'X'").
    public static let removed: [String: String] = [
        "naming": "; the rule 'naming' was removed in 0.2.0 (type names are a team's style: none of its findings on real apps was right); delete this key",
    ]

    public static func type(withID id: String) -> (any Rule.Type)? {
        all.first { $0.id == id }
    }
}
