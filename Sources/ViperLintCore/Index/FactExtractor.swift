import SwiftParser
import SwiftSyntax

/// Turns one Swift source file into `FileFacts`. Pure: the same text gives the same facts.
///
/// Every `#if` branch is read (the visitor walks all clauses), preview code (`#Preview`,
/// `PreviewProvider` types) is skipped, and generic parameters never count as type references.
public enum FactExtractor {
    /// The deepest nesting the parser accepts; deeper code becomes a parse error instead of a
    /// stack overflow. Set explicitly because debug builds of SwiftParser default to 20.
    public static let maximumNestingLevel = 256

    /// Syntax trees deeper than this (a chain of 50,000 `?.b`) would overflow the stack of
    /// the recursive walks over them; such files are not analyzed.
    public static let maximumTreeDepth = 10_000
    /// Smaller files cannot hold a tree that deep, so they skip the depth check.
    static let depthCheckSize = 64 * 1024

    /// The facts of a file, or why it is not analyzed.
    public static func extract(path: String, source: String) -> Result<FileFacts, SkippedPath> {
        var text = source
        return text.withUTF8 { buffer in
            let tree = Parser.parse(source: buffer, maximumNestingLevel: maximumNestingLevel)
            if buffer.count > depthCheckSize, exceedsDepth(Syntax(tree), limit: maximumTreeDepth) {
                return .failure(SkippedPath(path: path, reason: "not analyzed: its syntax tree is more than \(maximumTreeDepth) levels deep"))
            }
            return .success(facts(path: path, tree: tree, source: source))
        }
    }

    public static func facts(path: String, source: String) -> FileFacts {
        switch extract(path: path, source: source) {
        case let .success(facts): return facts
        case let .failure(skip):
            var facts = FileFacts(path: path)
            facts.parseError = ParseErrorFact(message: skip.reason, position: SourcePosition(line: 1, column: 1))
            return facts
        }
    }

    /// Whether the tree is deeper than `limit`, measured without recursion.
    static func exceedsDepth(_ root: Syntax, limit: Int) -> Bool {
        var stack: [(node: Syntax, depth: Int)] = [(root, 0)]
        while let (node, depth) = stack.popLast() {
            if depth > limit { return true }
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return false
    }

    static func facts(path: String, tree: SourceFileSyntax, source: String) -> FileFacts {
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let visitor = FactVisitor(converter: converter)
        visitor.walk(tree)
        var facts = FileFacts(path: path)
        facts.lineCount = converter.location(for: tree.endPosition).line
        facts.imports = visitor.imports
        facts.types = visitor.types
        facts.references = visitor.references
        facts.functions = visitor.functions
        facts.calls = visitor.calls
        facts.controlFlow = visitor.controlFlow
        facts.assignments = visitor.assignments
        facts.selfWrites = visitor.selfWrites
        facts.keyPaths = visitor.keyPaths
        facts.memberReads = visitor.memberReads
        facts.implicitMembers = visitor.implicitMembers
        facts.valueBindings = visitor.valueBindings
        facts.bindings = Array(Set(visitor.bindings)).sorted()
        facts.typeAliases = visitor.typeAliases
        facts.wiring = visitor.wiring
        facts.suppressions = SuppressionComments.parse(tree: tree, converter: converter, source: source)
        facts.licenseHeader = ForeignCode.licenseHeader(in: source)
        if tree.hasError {
            facts.parseError = FirstSyntaxError.find(in: tree, converter: converter)
        }
        return facts
    }
}

/// Walks a syntax tree once and records imports, declarations and type references.
final class FactVisitor: SyntaxVisitor {
    private let converter: SourceLocationConverter
    private(set) var imports: [ImportFact] = []
    private(set) var types: [TypeDeclFact] = []
    private(set) var references: [TypeReferenceFact] = []
    private(set) var functions: [FunctionFact] = []
    private(set) var calls: [CallFact] = []
    private(set) var controlFlow: [ControlFlowFact] = []
    private(set) var assignments: [AssignmentFact] = []
    private(set) var selfWrites: [AssignmentFact] = []
    private(set) var keyPaths: [AssignmentFact] = []
    private(set) var memberReads: [MemberReadFact] = []
    private(set) var implicitMembers: [ImplicitMemberFact] = []
    private(set) var valueBindings: [ValueBindingFact] = []
    private(set) var bindings: [String] = []
    private(set) var typeAliases: [TypeAliasFact] = []
    private(set) var wiring: [WiringFact] = []

    /// Indices into `functions` of the enclosing functions, whose complexity is being counted.
    private var functionStack: [Int] = []
    /// How many enclosing declarations are SwiftUI view builders (`body`, `@ViewBuilder`).
    private var viewBuilderDepth = 0
    /// For each variable declaration being visited, what it pushed (a function, a builder).
    private var variableScopes: [(member: Bool, function: Bool, builder: Bool)] = []

    /// Indices into `types` of the enclosing declarations.
    private var contextStack: [Int] = []
    /// Enclosing member names (properties, functions), innermost last.
    private var memberStack: [String] = []
    /// Generic parameter and associated type names in scope.
    private var genericScopes: [Set<String>] = []
    /// For each type declaration being visited, whether it was entered (preview providers are
    /// skipped, yet `visitPost` is still called for them).
    private var enteredTypes: [Bool] = []

    init(converter: SourceLocationConverter) {
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    private func position(of node: some SyntaxProtocol) -> SourcePosition {
        let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return SourcePosition(line: location.line, column: location.column)
    }

    private func location(of node: some SyntaxProtocol) -> CodeLocation {
        CodeLocation(position: position(of: node), context: contextStack.last, member: memberStack.last,
                     inViewBuilder: viewBuilderDepth > 0)
    }

    // MARK: Imports

    /// An `#if` clause's condition (`canImport(UIKit)`, `os(iOS)`) names modules and
    /// platforms, not types: only the clause's code is read.
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        let debug = node.condition.map(Self.requiresDebug) ?? false
        if debug { debugClauseDepth += 1 }
        if let elements = node.elements { walk(elements) }
        if debug { debugClauseDepth -= 1 }
        return .skipChildren
    }

    /// Whether a clause's code compiles only in debug builds: its condition requires `DEBUG`
    /// (`DEBUG`, `canImport(SwiftUI) && DEBUG`), not merely mentions it (`!DEBUG`, `DEBUG || X`).
    static func requiresDebug(_ condition: ExprSyntax) -> Bool {
        if let reference = condition.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == "DEBUG" }
        if let parenthesized = condition.as(TupleExprSyntax.self), parenthesized.elements.count == 1,
           let inner = parenthesized.elements.first?.expression {
            return requiresDebug(inner)
        }
        // `#if` conditions reach the visitor unfolded: `a && b` is a flat sequence of operands and operators.
        if let sequence = condition.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            let operators = elements.compactMap { $0.as(BinaryOperatorExprSyntax.self)?.operator.text }
            guard !operators.isEmpty, operators.allSatisfy({ $0 == "&&" }) else { return false }
            return elements.contains { requiresDebug($0) }
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self), infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "&&" {
            return requiresDebug(infix.leftOperand) || requiresDebug(infix.rightOperand)
        }
        return false
    }
    private var debugClauseDepth = 0

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        let path = node.path.map { $0.name.text }
        imports.append(ImportFact(path: path, position: position(of: node.importKeyword), debugOnly: debugClauseDepth > 0))
        if let module = path.first, Self.uiFrameworks.contains(module) { importsUIFramework = true }
        return .skipChildren
    }

    /// Frameworks a view's file imports. Member reads and value bindings serve only the
    /// inference of what views use, and cost a tenth of extraction: other files skip them.
    static let uiFrameworks: Set<String> = ["SwiftUI", "UIKit", "AppKit", "Cocoa"]
    private var importsUIFramework = false

    // MARK: Type declarations

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(.class, name: node.name.text, node: Syntax(node), inheritance: node.inheritanceClause,
                  attributes: node.attributes, generics: node.genericParameterClause)
    }
    override func visitPost(_ node: ClassDeclSyntax) { leaveType() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(.struct, name: node.name.text, node: Syntax(node), inheritance: node.inheritanceClause,
                  attributes: node.attributes, generics: node.genericParameterClause)
    }
    override func visitPost(_ node: StructDeclSyntax) { leaveType() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(.enum, name: node.name.text, node: Syntax(node), inheritance: node.inheritanceClause,
                  attributes: node.attributes, generics: nil)
    }
    override func visitPost(_ node: EnumDeclSyntax) { leaveType() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(.actor, name: node.name.text, node: Syntax(node), inheritance: node.inheritanceClause,
                  attributes: node.attributes, generics: node.genericParameterClause)
    }
    override func visitPost(_ node: ActorDeclSyntax) { leaveType() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        let associated = node.memberBlock.members.compactMap { $0.decl.as(AssociatedTypeDeclSyntax.self)?.name.text }
        return enterType(.protocol, name: node.name.text, node: Syntax(node), inheritance: node.inheritanceClause,
                         attributes: node.attributes, generics: nil, extraGenericNames: associated)
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { leaveType() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = Self.typeName(node.extendedType) ?? node.extendedType.trimmedDescription
        // The extended type is not recorded as a reference: the extension's code belongs to
        // that type, wherever the file is.
        return enterType(.extension, name: extended, node: Syntax(node), inheritance: node.inheritanceClause,
                         attributes: node.attributes, generics: nil, isExtension: true)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { leaveType() }

    private static func inheritsPreviewProvider(_ clause: InheritanceClauseSyntax?) -> Bool {
        clause?.inheritedTypes.contains { typeName($0.type) == "PreviewProvider" } ?? false
    }

    private func enterType(
        _ kind: TypeKind, name: String, node: Syntax, inheritance: InheritanceClauseSyntax?,
        attributes: AttributeListSyntax, generics: GenericParameterClauseSyntax?,
        extraGenericNames: [String] = [], isExtension: Bool = false
    ) -> SyntaxVisitorContinueKind {
        // Preview providers are development aids, not app code.
        if Self.inheritsPreviewProvider(inheritance) {
            enteredTypes.append(false)
            return .skipChildren
        }
        enteredTypes.append(true)
        let parent = contextStack.last
        let qualified: String
        if isExtension {
            qualified = name
        } else if let parent {
            qualified = "\(types[parent].qualifiedName).\(name)"
        } else {
            qualified = name
        }
        let inherited = inheritance?.inheritedTypes.compactMap { Self.typeName($0.type) } ?? []
        types.append(TypeDeclFact(
            kind: kind, name: name, qualifiedName: qualified, parent: isExtension ? nil : parent,
            inherited: inherited,
            attributes: Self.attributeNames(attributes) + (kind == .protocol && !extraGenericNames.isEmpty ? [TypeDeclFact.associatedTypeMarker] : [])
                + (generics?.parameters.isEmpty == false ? [TypeDeclFact.genericMarker] : []),
            properties: [],
            position: position(of: nameToken(of: node) ?? node)))
        contextStack.append(types.count - 1)
        var scope = Set(extraGenericNames)
        generics?.parameters.forEach { scope.insert($0.name.text) }
        genericScopes.append(scope)
        return .visitChildren
    }

    private func nameToken(of node: Syntax) -> Syntax? {
        if let decl = node.as(ClassDeclSyntax.self) { return Syntax(decl.name) }
        if let decl = node.as(StructDeclSyntax.self) { return Syntax(decl.name) }
        if let decl = node.as(EnumDeclSyntax.self) { return Syntax(decl.name) }
        if let decl = node.as(ActorDeclSyntax.self) { return Syntax(decl.name) }
        if let decl = node.as(ProtocolDeclSyntax.self) { return Syntax(decl.name) }
        if let decl = node.as(ExtensionDeclSyntax.self) { return Syntax(decl.extendedType) }
        return nil
    }

    private func leaveType() {
        guard enteredTypes.removeLast() else { return }
        contextStack.removeLast()
        genericScopes.removeLast()
    }

    // MARK: Members

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? "_"
        let isMember = node.parent?.is(MemberBlockItemSyntax.self) == true
        if isMember, let context = contextStack.last {
            recordProperties(node, in: context)
        }
        // Local variables are not members: code in a function keeps the function's name.
        if isMember { memberStack.append(name) }
        if !isMember {
            for binding in node.bindings {
                guard let local = binding.pattern.as(IdentifierPatternSyntax.self), let value = binding.initializer?.value else { continue }
                recordValueBinding(local.identifier.text, to: value, at: binding, endLine: nil)
            }
        }
        var scope: (member: Bool, function: Bool, builder: Bool) = (isMember, false, false)
        if isMember, let accessors = node.bindings.first?.accessorBlock, !Self.isObserverOnly(accessors) {
            var attributes = Self.attributeNames(node.attributes)
            // A settable computed property or protocol requirement (`{ get set }`) is marked,
            // since adopters cannot hide its setter.
            if case let .accessors(list) = accessors.accessors,
               list.contains(where: { $0.accessorSpecifier.tokenKind == .keyword(.set) }) {
                attributes.append(FunctionFact.settableMarker)
            }
            beginFunction(.computedProperty, name: name, at: node, isStatic: Self.isStatic(node.modifiers),
                          parameters: [], attributes: attributes)
            functions[functions.count - 1].resultTypeNames = node.bindings.first?.typeAnnotation.map { Self.typeNames(in: $0.type) } ?? []
            scope.function = true
            // `var body: some View` and `@ViewBuilder` properties lay views out.
            if name == "body" || attributes.contains("ViewBuilder") {
                viewBuilderDepth += 1
                scope.builder = true
            }
        }
        variableScopes.append(scope)
        return .visitChildren
    }
    override func visitPost(_ node: VariableDeclSyntax) {
        let scope = variableScopes.removeLast()
        if scope.member { memberStack.removeLast() }
        if scope.function { endFunction() }
        if scope.builder { viewBuilderDepth -= 1 }
    }

    private static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
    }

    private func recordProperties(_ node: VariableDeclSyntax, in context: Int) {
        var ownership = PropertyFact.Ownership.strong
        var isStatic = false
        var access: String?
        var setterAccess: String?
        for modifier in node.modifiers {
            switch modifier.name.text {
            case "weak": ownership = .weak
            case "unowned": ownership = .unowned
            case "static", "class": isStatic = true
            case "private", "fileprivate", "internal", "public", "open", "package":
                if modifier.detail?.detail.text == "set" {
                    setterAccess = modifier.name.text
                } else {
                    access = modifier.name.text
                }
            default: break
            }
        }
        let attributes = Self.attributeNames(node.attributes)
        let isLet = node.bindingSpecifier.tokenKind == .keyword(.let)
        for binding in node.bindings {
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            if let accessors = binding.accessorBlock, !Self.isObserverOnly(accessors) { continue }
            let typeSyntax = binding.typeAnnotation?.type
            types[context].properties.append(PropertyFact(
                name: identifier.identifier.text,
                typeNames: typeSyntax.map(Self.typeNames(in:)) ?? [],
                ownership: ownership, isLet: isLet, isStatic: isStatic, access: access,
                setterAccess: setterAccess, attributes: attributes,
                hasInitializer: binding.initializer != nil,
                position: position(of: identifier),
                initializerTypeNames: typeSyntax == nil ? binding.initializer.map { Self.createdTypeNames($0.value) } ?? [] : []))
        }
    }

    /// Stored properties may have `willSet`/`didSet`; anything else is computed.
    private static func isObserverOnly(_ block: AccessorBlockSyntax) -> Bool {
        guard case let .accessors(list) = block.accessors else { return false }
        return list.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let attributes = Self.attributeNames(node.attributes)
        enterFunction(node.name.text, generics: node.genericParameterClause)
        let isMutating = node.modifiers.contains { $0.name.tokenKind == .keyword(.mutating) }
        beginFunction(.function, name: node.name.text, at: node, isStatic: Self.isStatic(node.modifiers),
                      parameters: Self.parameters(node.signature.parameterClause),
                      attributes: attributes + (isMutating ? [FunctionFact.mutatingMarker] : []))
        functions[functions.count - 1].resultTypeNames = node.signature.returnClause.map { Self.typeNames(in: $0.type) } ?? []
        recordWiring(of: node.body)
        if attributes.contains("ViewBuilder") { viewBuilderDepth += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) {
        if Self.attributeNames(node.attributes).contains("ViewBuilder") { viewBuilderDepth -= 1 }
        endFunction()
        leaveFunction()
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        enterFunction("init", generics: node.genericParameterClause)
        beginFunction(.initializer, name: "init", at: node, isStatic: false,
                      parameters: Self.parameters(node.signature.parameterClause), attributes: Self.attributeNames(node.attributes))
        recordWiring(of: node.body)
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) {
        endFunction()
        leaveFunction()
    }

    /// What the function just begun creates and connects.
    private func recordWiring(of body: CodeBlockSyntax?) {
        guard let body, let fact = WiringExtractor.wiring(of: body, function: functions.count - 1, converter: converter) else { return }
        wiring.append(fact)
    }

    private func enterFunction(_ name: String, generics: GenericParameterClauseSyntax?) {
        memberStack.append(name)
        genericScopes.append(Set(generics?.parameters.map { $0.name.text } ?? []))
    }

    private func leaveFunction() {
        memberStack.removeLast()
        genericScopes.removeLast()
    }

    private func beginFunction(_ kind: FunctionFact.Kind, name: String, at node: some SyntaxProtocol, isStatic: Bool,
                               parameters: [ParameterFact], attributes: [String]) {
        functions.append(FunctionFact(kind: kind, name: name, location: location(of: node), isStatic: isStatic,
                                      complexity: 1, parameters: parameters, attributes: attributes))
        functionStack.append(functions.count - 1)
    }

    private func endFunction() { functionStack.removeLast() }

    private func countDecision() {
        if let current = functionStack.last { functions[current].complexity += 1 }
    }

    private static func parameters(_ clause: FunctionParameterClauseSyntax) -> [ParameterFact] {
        clause.parameters.map { parameter in
            ParameterFact(name: (parameter.secondName ?? parameter.firstName).text, typeNames: typeNames(in: parameter.type))
        }
    }

    // MARK: Behaviour: calls, control flow, assignments, bindings

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let chain = ExpressionChain.components(of: node.calledExpression)
        if !chain.isEmpty {
            let labels = node.arguments.map { $0.label?.text ?? "_" }
            calls.append(CallFact(chain: chain, argumentLabels: labels, location: location(of: node)))
        }
        return .visitChildren
    }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        recordControlFlow(.for, reading: Syntax(node.sequence), at: node)
        if let element = node.pattern.as(IdentifierPatternSyntax.self) {
            recordValueBinding(element.identifier.text, to: node.sequence, at: node, endLine: endLine(of: node))
        }
        return .visitChildren
    }

    override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind {
        recordControlFlow(.while, reading: Syntax(node.conditions), at: node)
        return .visitChildren
    }

    override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind {
        recordControlFlow(.repeat, reading: Syntax(node.condition), at: node)
        return .visitChildren
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        // An `if let` only unwraps: the identifiers are those of the conditions that test something.
        countDecision()
        let tests = node.conditions.filter { !$0.condition.is(OptionalBindingConditionSyntax.self) }
        controlFlow.append(ControlFlowFact(kind: .if, identifiers: tests.flatMap { ExpressionChain.identifiers(in: Syntax($0)) },
                                           location: location(of: node)))
        return .visitChildren
    }

    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        recordControlFlow(.guard, reading: Syntax(node.conditions), at: node)
        return .visitChildren
    }

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        controlFlow.append(ControlFlowFact(kind: .switch, identifiers: ExpressionChain.identifiers(in: Syntax(node.subject)),
                                           location: location(of: node)))
        return .visitChildren
    }

    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
        if case .case = node.label { countDecision() }
        return .visitChildren
    }

    override func visit(_ node: CatchClauseSyntax) -> SyntaxVisitorContinueKind {
        countDecision()
        return .visitChildren
    }

    override func visit(_ node: UnresolvedTernaryExprSyntax) -> SyntaxVisitorContinueKind {
        countDecision()
        return .visitChildren
    }

    override func visit(_ node: BinaryOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        let operatorText = node.operator.text
        if operatorText == "&&" || operatorText == "||" { countDecision() }
        if Self.isCompoundAssignment(operatorText) { recordAssignment(at: Syntax(node)) }
        return .visitChildren
    }

    override func visit(_ node: AssignmentExprSyntax) -> SyntaxVisitorContinueKind {
        recordAssignment(at: Syntax(node))
        return .visitChildren
    }

    // MARK: Type inference: member reads and value bindings

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if node.base == nil {
            recordImplicitMember(node)
            return .visitChildren
        }
        guard importsUIFramework, !Self.isBaseOfMemberAccess(Syntax(node)) else { return .visitChildren }
        let chain = ExpressionChain.components(of: node)
        if chain.count >= 2, let first = chain[0].unicodeScalars.first, first.properties.isLowercase || first == "$" {
            let isCalled = node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id
            memberReads.append(MemberReadFact(chain: chain, location: location(of: node), isCalled: isCalled,
                                              consumer: Self.consumer(of: Syntax(node))))
        }
        return .visitChildren
    }

    /// `.systemGreen` or `.systemFont(ofSize: 12)` as an argument of a call: the call and the
    /// argument's position.
    private func recordImplicitMember(_ node: MemberAccessExprSyntax) {
        var current = Syntax(node)
        if let call = current.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == current.id { current = Syntax(call) }
        // A choice between members (`isPaid ? .systemGreen : .systemRed`, `a ?? .clear`), in
        // parentheses or not, fills the same parameter.
        while let parent = current.parent {
            if parent.is(UnresolvedTernaryExprSyntax.self) || parent.is(TernaryExprSyntax.self) {
                current = parent
            } else if parent.is(LabeledExprSyntax.self), let tuple = parent.parent?.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1 {
                // Parentheses around a choice: `a ? (b ? .red : .blue) : .green`.
                current = Syntax(tuple)
            } else if parent.is(ExprListSyntax.self), let sequence = parent.parent, sequence.is(SequenceExprSyntax.self) {
                current = sequence
            } else {
                break
            }
        }
        guard let argument = current.parent?.as(LabeledExprSyntax.self), let list = argument.parent?.as(LabeledExprListSyntax.self),
              let call = list.parent?.as(FunctionCallExprSyntax.self),
              let position = list.firstIndex(where: { $0.id == argument.id }).map({ list.distance(from: list.startIndex, to: $0) }) else { return }
        guard let callee = Self.swiftName(of: call) else { return }
        implicitMembers.append(ImplicitMemberFact(name: node.declName.baseName.text, callee: callee, argument: position, location: location(of: node)))
    }

    /// Operators that compute a new value from their operands (comparisons and `??` only choose).
    private static let arithmeticOperators: Set<String> = ["+", "-", "*", "/", "%"]

    /// What takes the value of the expression at `node` (through its own call, subscripts,
    /// `?` and `!`): the call it is an argument of, named as Swift names functions
    /// (`String(format:_:)`), or an arithmetic
    /// operator beside it (`operator /`), where neither side is a string literal (`"Total: " +
    /// name` joins text).
    private static func consumer(of node: Syntax) -> String? {
        var current = node
        while true {
            while let parent = wrapper(of: current) { current = parent }
            // Parentheses around the value: `String(format: "%.2f", (booking.fee))`.
            guard let element = current.parent?.as(LabeledExprSyntax.self), element.label == nil,
                  let tuple = element.parent?.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1 else { break }
            current = Syntax(tuple)
        }
        if let argument = current.parent?.as(LabeledExprSyntax.self),
           let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            return swiftName(of: call)
        }
        if let list = current.parent?.as(ExprListSyntax.self), list.parent?.is(SequenceExprSyntax.self) == true {
            let elements = Array(list)
            guard let position = elements.firstIndex(where: { $0.id == current.id }) else { return nil }
            for neighbour in [position - 1, position + 1] where elements.indices.contains(neighbour) {
                guard let op = elements[neighbour].as(BinaryOperatorExprSyntax.self), arithmeticOperators.contains(op.operator.text) else { continue }
                let other = neighbour == position - 1 ? position - 2 : position + 2
                if elements.indices.contains(other), elements[other].is(StringLiteralExprSyntax.self) { return nil }
                return "operator \(op.operator.text)"
            }
        }
        return nil
    }

    /// Whether a member access is the base of a longer chain (`presenter.items` in
    /// `presenter.items.first?.name`), through calls, subscripts and optional chaining.
    private static func isBaseOfMemberAccess(_ node: Syntax) -> Bool {
        var current = node
        while true {
            if let member = current.parent?.as(MemberAccessExprSyntax.self) { return member.base?.id == current.id }
            guard let parent = wrapper(of: current) else { return false }
            current = parent
        }
    }

    /// The expression around `node` that reads through it: the call or subscript it is called
    /// by, or the `?` or `!` after it; nil for anything else.
    private static func wrapper(of node: Syntax) -> Syntax? {
        guard let parent = node.parent else { return nil }
        if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id { return parent }
        if let subscriptCall = parent.as(SubscriptCallExprSyntax.self), subscriptCall.calledExpression.id == node.id { return parent }
        if parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) { return parent }
        return nil
    }

    /// A call named as Swift names functions: `String(format:_:)`, `view.show(_:alignment:)`.
    private static func swiftName(of call: FunctionCallExprSyntax) -> String? {
        let callee = ExpressionChain.components(of: call.calledExpression).joined(separator: ".")
        guard !callee.isEmpty else { return nil }
        return "\(callee)(" + call.arguments.map { "\($0.label?.text ?? "_"):" }.joined() + ")"
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self), let value = node.initializer?.value {
            recordValueBinding(name.identifier.text, to: value, at: node, endLine: nil)
        }
        return .visitChildren
    }

    /// Calls whose closure receives the elements of a collection: `ForEach(items) { item in }`
    /// (the first argument) and `items.map { item in }` (the receiver).
    private static let elementClosureCalls: Set<String> = ["ForEach", "List", "map", "forEach", "compactMap", "flatMap",
                                                            "filter", "first", "contains", "sorted", "allSatisfy"]

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        guard importsUIFramework, let call = Self.callReceiving(node) else { return .visitChildren }
        let called = ExpressionChain.components(of: call.calledExpression)
        guard let name = called.last, Self.elementClosureCalls.contains(name) else { return .visitChildren }
        let source: [String]
        if name.first?.isUppercase == true {
            guard let first = call.arguments.first, first.label == nil else { return .visitChildren }
            source = ExpressionChain.components(of: first.expression)
        } else {
            source = Array(called.dropLast())
        }
        guard !source.isEmpty else { return .visitChildren }
        var parameter = "$0"
        if let clause = node.signature?.parameterClause {
            switch clause {
            case .simpleInput(let list):
                guard list.count == 1, let only = list.first else { return .visitChildren }
                parameter = only.name.text
            case .parameterClause(let list):
                guard list.parameters.count == 1, let only = list.parameters.first else { return .visitChildren }
                parameter = (only.secondName ?? only.firstName).text
            }
        }
        valueBindings.append(ValueBindingFact(name: parameter, source: source, location: location(of: node), endLine: endLine(of: node)))
        return .visitChildren
    }

    /// The call a closure is passed to, as a trailing closure or an argument.
    private static func callReceiving(_ closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        if let call = closure.parent?.as(FunctionCallExprSyntax.self) { return call }
        if let argument = closure.parent?.as(LabeledExprSyntax.self) {
            return argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        }
        return nil
    }

    private func recordValueBinding(_ name: String, to value: some SyntaxProtocol, at node: some SyntaxProtocol, endLine: Int?) {
        guard importsUIFramework else { return }
        let source = ExpressionChain.components(of: value)
        guard let first = source.first?.unicodeScalars.first, first.properties.isLowercase || first == "$" else { return }
        valueBindings.append(ValueBindingFact(name: name, source: source, location: location(of: node), endLine: endLine))
    }

    private func endLine(of node: some SyntaxProtocol) -> Int {
        converter.location(for: node.endPositionBeforeTrailingTrivia).line
    }

    /// The type an initial value creates: `User(name: "")` gives `User`, `[Item]()` gives `Array`, `Item`.
    static func createdTypeNames(_ value: ExprSyntax) -> [String] {
        guard let call = value.as(FunctionCallExprSyntax.self) else { return [] }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self), isTypeLike(reference.baseName.text) {
            return [reference.baseName.text]
        }
        if let array = call.calledExpression.as(ArrayExprSyntax.self), array.elements.count == 1,
           let element = array.elements.first?.expression.as(DeclReferenceExprSyntax.self), isTypeLike(element.baseName.text) {
            return ["Array", element.baseName.text]
        }
        return []
    }

    private func recordControlFlow(_ kind: ControlFlowFact.Kind, reading expression: Syntax, at node: some SyntaxProtocol) {
        countDecision()
        controlFlow.append(ControlFlowFact(kind: kind, identifiers: ExpressionChain.identifiers(in: expression),
                                           location: location(of: node)))
    }

    /// `a.b = c` before operator folding is a sequence `a.b`, `=`, `c`: the target is the
    /// element before the operator.
    private func recordAssignment(at operatorNode: Syntax) {
        guard let list = operatorNode.parent?.as(ExprListSyntax.self),
              let index = list.firstIndex(where: { $0.id == operatorNode.id }), index != list.startIndex else { return }
        recordWrite(to: list[list.index(before: index)])
    }

    /// Assignment operators besides `=`: the standard library's (`+=`, `|=`, `<<=`, `&+=`,
    /// `.&=`) and any custom operator ending in `=` that is no comparison.
    static func isCompoundAssignment(_ text: String) -> Bool {
        text.count >= 2 && text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!==", "~="].contains(text)
    }

    /// A written expression: a member chain (`a.b = c`, also through `a.b[i]` or `a.b?`) is an
    /// assignment; a bare name or `self.name` inside a type is a write by `self`, which
    /// matters where the type extends or subclasses the property's owner; each element of a
    /// tuple (`(a.x, b) = pair`) is written.
    private func recordWrite(to target: some SyntaxProtocol) {
        if let tuple = target.as(TupleExprSyntax.self), tuple.elements.count > 1 {
            for element in tuple.elements { recordWrite(to: element.expression) }
            return
        }
        let chain = ExpressionChain.components(of: target)
        if chain.count >= 2 {
            assignments.append(AssignmentFact(target: chain, location: location(of: target)))
        } else if chain.count == 1, !contextStack.isEmpty {
            selfWrites.append(AssignmentFact(target: chain, location: location(of: target)))
        }
    }

    /// `&viewModel.title` passed `inout` writes the property back: an assignment.
    override func visit(_ node: InOutExprSyntax) -> SyntaxVisitorContinueKind {
        recordWrite(to: node.expression)
        return .visitChildren
    }

    /// `\.items`, `\HomeViewState.items`: a key path may be writable (`assign(to:on:)`, a
    /// `ReferenceWritableKeyPath`), so it counts as a place that may set each property it names.
    override func visit(_ node: KeyPathExprSyntax) -> SyntaxVisitorContinueKind {
        let names = node.components.compactMap { $0.component.as(KeyPathPropertyComponentSyntax.self)?.declName.baseName.text }
        if !names.isEmpty { keyPaths.append(AssignmentFact(target: names, location: location(of: node))) }
        return .visitChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        memberStack.append(node.name.text)
        // Only what a conformance list can name through it: a type or a composition of types
        // (not a generic specialization, a function or a collection type).
        let value = node.initializer.value
        let parts = value.as(CompositionTypeSyntax.self).map { Array($0.elements.map(\.type)) } ?? [value]
        let names = parts.compactMap { part -> String? in
            if let identifier = part.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil { return identifier.name.text }
            return part.is(MemberTypeSyntax.self) ? Self.typeName(part) : nil
        }
        if node.genericParameterClause == nil, names.count == parts.count {
            typeAliases.append(TypeAliasFact(name: node.name.text, typeNames: names))
        }
        return .visitChildren
    }
    override func visitPost(_ node: TypeAliasDeclSyntax) { memberStack.removeLast() }

    // MARK: Preview code and attributes

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        // Attribute names (`@MainActor`, property wrappers) are not dependencies between layers.
        .skipChildren
    }

    // MARK: Type references

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        recordReference(node.name.text, kind: Self.kind(ofTypeAt: Syntax(node)), at: node)
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        if let name = Self.typeName(TypeSyntax(node)) {
            recordReference(name, kind: Self.kind(ofTypeAt: Syntax(node)), at: node)
        }
        // Generic arguments of any component are still references.
        var base: TypeSyntax? = TypeSyntax(node)
        while let current = base {
            if let member = current.as(MemberTypeSyntax.self) {
                if let arguments = member.genericArgumentClause { walk(arguments) }
                base = member.baseType
            } else if let identifier = current.as(IdentifierTypeSyntax.self) {
                if let arguments = identifier.genericArgumentClause { walk(arguments) }
                base = nil
            } else {
                walk(current)
                base = nil
            }
        }
        return .skipChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let text = node.baseName.text
        if text.hasPrefix("$"), text.count > 1, !(text.dropFirst().first?.isNumber ?? true) {
            // `$viewState.query` binds `query` two-way; `$query` binds `query`.
            if let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id {
                bindings.append(member.declName.baseName.text)
            } else {
                bindings.append(String(text.dropFirst()))
            }
            return .visitChildren
        }
        guard Self.isTypeLike(text) else { return .visitChildren }
        // `Outer.Inner` is recorded once, as the dotted name, from its first component; the
        // member names (`Inner`, `shared`) are not references of their own.
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id, member.base != nil {
            return .visitChildren
        }
        var name = node.baseName.text
        var outermost = Syntax(node)
        while let member = outermost.parent?.as(MemberAccessExprSyntax.self), member.base?.id == outermost.id,
              Self.isTypeLike(member.declName.baseName.text) {
            name += "." + member.declName.baseName.text
            outermost = Syntax(member)
        }
        let kind = Self.kind(ofExpressionAt: outermost)
        recordReference(name, kind: kind, at: node)
        if kind == .staticAccess, !references.isEmpty, references[references.count - 1].name == name,
           let member = outermost.parent?.as(MemberAccessExprSyntax.self) {
            references[references.count - 1].accessedMember = member.declName.baseName.text
        }
        return .visitChildren
    }

    private static func isTypeLike(_ name: String) -> Bool {
        name.unicodeScalars.first?.properties.isUppercase ?? false
    }

    private func recordReference(_ name: String, kind: ReferenceKind, at node: some SyntaxProtocol) {
        let head = name.prefix { $0 != "." }
        if head == "Self" || head == "Any" || head == "AnyObject" || head.isEmpty { return }
        if genericScopes.contains(where: { $0.contains(String(head)) }) { return }
        references.append(TypeReferenceFact(
            name: name, kind: kind, position: position(of: node),
            context: contextStack.last, member: memberStack.last))
    }

    /// Classifies a type occurrence by the nearest enclosing construct that decides its use.
    private static func kind(ofTypeAt node: Syntax) -> ReferenceKind {
        var current = node.parent
        var steps = 0
        while let syntax = current, steps < 12 {
            if syntax.is(InheritedTypeSyntax.self) { return .conformance }
            if syntax.is(GenericArgumentSyntax.self) { return .genericArgument }
            if syntax.is(AsExprSyntax.self) || syntax.is(IsExprSyntax.self)
                || syntax.is(UnresolvedAsExprSyntax.self) || syntax.is(UnresolvedIsExprSyntax.self) {
                return .cast
            }
            if syntax.is(TypeExprSyntax.self) {
                // `x as? T` before operator folding: the type follows an `as`/`is` in a sequence.
                // Asked of the token before it, not by searching the sequence: a sequence of
                // thousands of casts would make that quadratic.
                if syntax.parent?.is(ExprListSyntax.self) == true,
                   let previous = syntax.previousToken(viewMode: .sourceAccurate)?.parent,
                   previous.is(UnresolvedAsExprSyntax.self) || previous.is(UnresolvedIsExprSyntax.self) {
                    return .cast
                }
                return .expression
            }
            if syntax.is(TypeAnnotationSyntax.self) || syntax.is(FunctionParameterSyntax.self)
                || syntax.is(ReturnClauseSyntax.self) || syntax.is(DeclSyntax.self) || syntax.is(ExprSyntax.self) {
                return .annotation
            }
            current = syntax.parent
            steps += 1
        }
        return .annotation
    }

    private static func kind(ofExpressionAt node: Syntax) -> ReferenceKind {
        guard var parent = node.parent else { return .expression }
        var child = node
        if let specialization = parent.as(GenericSpecializationExprSyntax.self), let up = specialization.parent {
            child = Syntax(specialization)
            parent = up
        }
        if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == child.id {
            return .instantiation
        }
        if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == child.id {
            return member.declName.baseName.tokenKind == .keyword(.`init`) ? .instantiation : .staticAccess
        }
        return .expression
    }

    // MARK: Helpers

    /// `A.B.C` for identifier and member types, without generic arguments; nil for other shapes.
    static func typeName(_ type: TypeSyntax) -> String? {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) {
            guard let base = typeName(member.baseType) else { return nil }
            return "\(base).\(member.name.text)"
        }
        if let attributed = type.as(AttributedTypeSyntax.self) { return typeName(attributed.baseType) }
        // `protocol Output: class`, the older spelling of `AnyObject`.
        if type.is(ClassRestrictionTypeSyntax.self) { return "class" }
        return nil
    }

    /// Every identifier or member type name inside a type, outermost first:
    /// `[String: HomeViewModel]?` gives `["String", "HomeViewModel"]`.
    /// Stands in `typeNames` where a function type begins (`(UIViewController) -> Void`): the
    /// names after it are its parameters and result, not what the value is.
    static let functionTypeMarker = "->"

    static func typeNames(in type: TypeSyntax) -> [String] {
        final class Collector: SyntaxVisitor {
            var names: [String] = []
            override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
                names.append(node.name.text)
                return .visitChildren
            }
            override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
                if let name = FactVisitor.typeName(TypeSyntax(node)) { names.append(name) }
                return .skipChildren
            }
            override func visit(_ node: FunctionTypeSyntax) -> SyntaxVisitorContinueKind {
                names.append(FactVisitor.functionTypeMarker)
                return .visitChildren
            }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(type)
        return collector.names
    }

    static func attributeNames(_ list: AttributeListSyntax) -> [String] {
        list.compactMap { element in
            guard case let .attribute(attribute) = element else { return nil }
            return typeName(attribute.attributeName) ?? attribute.attributeName.trimmedDescription
        }
    }
}
