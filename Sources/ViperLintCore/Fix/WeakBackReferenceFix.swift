extension WeakBackReferenceRule: FixableRule {
    public static let fixableFindings = ["weak-back-reference.strong-back-reference"]

    public func fix(_ violation: Violation, context: RuleContext) -> FixDecision {
        fix(violation, context: context, planned: [])
    }

    /// `weak var` when the object stays owned elsewhere (another strong holder in the project
    /// that this run does not make weak too, or a view controller, which the view hierarchy
    /// owns) and, for a protocol, when it can be made class-bound (no value type adopts it or a
    /// protocol refining it, and it declares no `mutating` member).
    public func fix(_ violation: Violation, context: RuleContext, planned: [FixEdit]) -> FixDecision {
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
        // Two references that are each other's only other strong holder: the first is made
        // weak, the second stays, or the object would be freed at once.
        let madeWeak = Set(planned.compactMap { edit -> String? in
            guard case let .makeWeak(property) = edit.change else { return nil }
            return "\(edit.file):\(edit.line):\(property)"
        })
        let others = context.index.symbols.filter { $0.id != holder.id && ($0.kind == .class || $0.kind == .actor || $0.kind == .struct) }
        for implementation in implementations where implementation.layer.layer != .view {
            let strong = Self.holders(of: implementation, among: others, context: context).filter { file, property in
                property.ownership == .strong
                    && !madeWeak.contains("\(context.index.files[file].path):\(property.position.line):\(property.name)")
            }
            guard !strong.isEmpty else {
                return .needsPerson("nothing else holds '\(implementation.name)' strongly"
                                    + (madeWeak.isEmpty ? "" : " once this run's other 'weak' fixes are made")
                                    + ": a weak reference would let it go")
            }
        }
        guard target.kind == .protocol, !target.isClassBound else { return .edits([weak]) }
        if let reason = Self.cannotBeClassBound(target, context: context) { return .needsPerson(reason) }
        let protocolFile = context.index.files[target.file].path
        guard SourceLanguage(path: protocolFile) == .swift else { return .needsPerson("'\(target.name)' is declared in Objective-C") }
        return .edits([weak, FixEdit(file: protocolFile, line: context.index.declaration(of: target).position.line,
                                     change: .bindToClasses(protocolName: target.name))])
    }

    /// Why `protocolSymbol` cannot take `AnyObject`: a struct or enum adopts it or a protocol
    /// refining it (directly or through others), or it or a refining protocol is adopted by a
    /// type of no known kind; `SourceRewriter` also refuses a `mutating` member in its file.
    static func cannotBeClassBound(_ protocolSymbol: TypeSymbol, context: RuleContext) -> String? {
        let protocols = context.index.symbols.filter { $0.kind == .protocol }
        var seen: Set<Int> = [protocolSymbol.id]
        var pending = [protocolSymbol]
        while let next = pending.popLast() {
            // The index lists concrete adopters; protocols refining this one are looked up.
            let refining = protocols.filter { context.index.protocols(conformedToBy: $0).contains { $0.id == next.id } }
            for adopter in context.index.conformers(of: next) + refining where seen.insert(adopter.id).inserted {
                switch adopter.kind {
                case .protocol: pending.append(adopter)
                case .class, .actor: continue
                default:
                    let through = next.id == protocolSymbol.id ? "" : " through '\(next.name)'"
                    return "'\(adopter.name)' (a value type) adopts '\(protocolSymbol.name)'\(through), which so cannot be class-bound"
                }
            }
        }
        return nil
    }
}
