extension WeakBackReferenceRule: FixableRule {
    public static let fixableFindings = ["weak-back-reference.strong-back-reference"]

    /// `weak var` when the object stays owned elsewhere (another strong holder in the project,
    /// or a view controller, which the view hierarchy owns) and, for a protocol, when it can be
    /// made class-bound (no struct or enum adopts it).
    public func fix(_ violation: Violation, context: RuleContext) -> FixDecision {
        guard SourceLanguage(path: violation.file) == .swift else { return .needsPerson("only Swift files are fixed") }
        guard let declaration = violation.declaration, let name = declaration.member,
              let typeName = declaration.type, let holder = context.symbol(named: typeName) else { return .needsPerson("the type is not found again") }
        let weak = FixEdit(file: violation.file, line: violation.line, change: .makeWeak(property: name))
        guard let targetName = violation.target?.type, let target = context.symbol(named: targetName) else {
            // A UIKit view controller: the view hierarchy owns it.
            return viewControllerTypes.contains(violation.target?.type ?? "") ? .edits([weak]) : .needsPerson("the referenced type is not found")
        }
        let implementations = Self.implementations(of: target, context: context)
        guard !implementations.isEmpty else { return .needsPerson("nothing in the project implements '\(target.name)': who owns it?") }
        let others = context.index.symbols.filter { $0.id != holder.id && ($0.kind == .class || $0.kind == .actor || $0.kind == .struct) }
        for implementation in implementations where implementation.layer.layer != .view {
            guard Self.holders(of: implementation, among: others, context: context).contains(where: { $0.ownership == .strong }) else {
                return .needsPerson("nothing else holds '\(implementation.name)' strongly: a weak reference would let it go")
            }
        }
        guard target.kind == .protocol, !target.isClassBound else { return .edits([weak]) }
        let valueTypes = context.index.conformers(of: target).filter { $0.kind == .struct || $0.kind == .enum }
        if let valueType = valueTypes.first {
            return .needsPerson("'\(valueType.name)' (a value type) adopts '\(target.name)', which so cannot be class-bound")
        }
        let protocolFile = context.index.files[target.file].path
        guard SourceLanguage(path: protocolFile) == .swift else { return .needsPerson("'\(target.name)' is declared in Objective-C") }
        return .edits([weak, FixEdit(file: protocolFile, line: context.index.declaration(of: target).position.line,
                                     change: .bindToClasses(protocolName: target.name))])
    }
}
