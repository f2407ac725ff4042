/// Every rule viperlint knows, in documentation order. Adding a rule is one file and one
/// line here; a test fails when a rule type is missing.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        LayerDependencyRule.self,
        ConcreteDependencyRule.self,
        ForbiddenImportRule.self,
        RouterBusinessLogicRule.self,
        MisplacedServiceCallRule.self,
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
        NamingRule.self,
        UnusedSuppressionRule.self,
    ]

    public static var ids: [String] { all.map { $0.id } }

    public static func type(withID id: String) -> (any Rule.Type)? {
        all.first { $0.id == id }
    }
}
