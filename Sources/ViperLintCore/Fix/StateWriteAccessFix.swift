extension StateWriteAccessRule: FixableRule {
    public static let fixableFindings = ["state-write-access.writable-state"]

    /// Methods that change a value in place: `viewModel.items.append(x)` needs the setter too.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "popLast", "popFirst",
        "sort", "reverse", "shuffle", "swapAt", "formUnion", "formIntersection", "formSymmetricDifference", "subtract",
        "toggle", "merge", "updateValue", "removeValue", "replaceSubrange", "negate",
    ]

    /// `private(set)` when only the type itself writes the property; `fileprivate(set)` when
    /// other code in its file does; a person's decision when code in another file does (a View
    /// writing display state must send an event instead) or a protocol requires a setter.
    public func fix(_ violation: Violation, context: RuleContext) -> FixDecision {
        guard SourceLanguage(path: violation.file) == .swift else { return .needsPerson("only Swift files are fixed") }
        guard let declaration = violation.declaration, let name = declaration.member,
              let typeName = declaration.type, let symbol = context.symbol(named: typeName) else { return .needsPerson("the type is not found again") }
        if Self.requiredByProtocol(name, of: symbol, context: context) {
            return .needsPerson("a protocol requires '\(name)' { get set }")
        }
        var access = "private"
        for (fileIndex, file) in context.index.files.enumerated() {
            // Files that extend the type may write the property without naming an owner.
            let extendsType = fileIndex != symbol.file && file.facts.types.contains { $0.kind == .extension && $0.name == symbol.name }
            let writes = file.facts.assignments.compactMap { assignment -> SourcePosition? in
                guard assignment.target.last == name else { return nil }
                let owner = assignment.target.count >= 2 ? assignment.target[assignment.target.count - 2] : "self"
                return owner != "self" || extendsType ? assignment.location.position : nil
            } + file.facts.calls.compactMap { call -> SourcePosition? in
                let chain = call.chain
                guard chain.count >= 2, chain[chain.count - 2] == name, Self.mutatingMethods.contains(call.name),
                      chain.count >= 3 || extendsType else { return nil }
                return call.location.position
            }
            guard let first = writes.first else { continue }
            if fileIndex != symbol.file {
                return .needsPerson("\(file.path):\(first.line) sets '\(name)': send that change as an event first")
            }
            access = "fileprivate"
        }
        return .edits([FixEdit(file: violation.file, line: violation.line, change: .restrictSetter(property: name, access: access))])
    }
}
