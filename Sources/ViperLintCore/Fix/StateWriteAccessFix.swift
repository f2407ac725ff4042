extension StateWriteAccessRule: FixableRule {
    public static let fixableFindings = ["state-write-access.writable-state"]

    /// `private(set)` when only the type itself writes the property; `fileprivate(set)` when
    /// other code in its file does; a person's decision when code in another file does (a View
    /// writing display state must send an event instead) or a protocol requires a setter.
    /// "Writes" is `PropertyWrites`, the rule's own notion.
    public func fix(_ violation: Violation, context: RuleContext) -> FixDecision {
        guard SourceLanguage(path: violation.file) == .swift else { return .needsPerson("only Swift files are fixed") }
        guard let declaration = violation.declaration, let name = declaration.member,
              let typeName = declaration.type, let symbol = context.symbol(named: typeName),
              let property = context.index.declaration(of: symbol).properties.first(where: { $0.name == name })
        else { return .needsPerson("the type is not found again") }
        if Self.requiredByProtocol(name, of: symbol, context: context) {
            return .needsPerson("a protocol requires '\(name)' { get set }")
        }
        let verdict = PropertyWrites(of: [name], context: context).verdict(for: property, of: symbol, context: context)
        if let site = verdict.elsewhere {
            return .needsPerson("\(context.index.files[site.file].path):\(site.position.line) may set '\(name)'"
                                + (site.byView ? ": send that change as an event first" : ", so its setter must stay visible there"))
        }
        return .edits([FixEdit(file: violation.file, line: violation.line,
                               change: .restrictSetter(property: name, access: verdict.inOwnersFile ? "fileprivate" : "private"))])
    }
}
