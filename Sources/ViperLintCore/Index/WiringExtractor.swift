import SwiftSyntax

/// What one function creates and connects: the raw material of the wiring graph (issue 54).
/// Names are the function's own (`presenter` in `let presenter = HomePresenter()`), `self`,
/// a parameter's name, or `#1`, `#2`... for an object created in place (`Presenter(view:
/// View())`); the graph resolves them to types.
public struct WiringFact: Codable, Hashable, Sendable {
    /// The function, an index into `FileFacts.functions`.
    public var function: Int
    /// The objects the function creates, in source order.
    public var objects: [WiredObject]
    /// The connections it makes: `holder.property = value`, `T(property: value)`.
    public var connections: [WiredConnection]
}

/// An object a function creates: `let presenter = HomePresenter()`, `storyboard
/// .instantiateViewController(...) as! HomeViewController`, `resolver.resolve(Service.self)`.
public struct WiredObject: Codable, Hashable, Sendable {
    public var name: String
    /// The created type's name as written (a class, or a protocol a container resolves).
    public var type: String
    public var position: SourcePosition
}

/// A connection a function makes: `holder.property = value` or `Holder(property: value)`;
/// with an empty `property`, `holder` is another name for `value` (`let view = self`).
public struct WiredConnection: Codable, Hashable, Sendable {
    public var holder: String
    public var property: String
    public var value: String
    public var position: SourcePosition
}

/// Reads a function body's creations and connections. Nested functions are read on their
/// own; closures are part of the function (a DI container's `register` closures, a lazy
/// factory), so what they create and connect counts where they are written.
final class WiringExtractor: SyntaxVisitor {
    private let converter: SourceLocationConverter
    private(set) var objects: [WiredObject] = []
    private(set) var connections: [WiredConnection] = []
    /// The calls already read as a named creation, so they are not read again as anonymous.
    private var handled = Set<SyntaxIdentifier>()
    private var locals = Set<String>()
    private var anonymous = 0

    /// The wiring of one function body; nil when it creates or connects nothing.
    static func wiring(of body: some SyntaxProtocol, function: Int, converter: SourceLocationConverter) -> WiringFact? {
        let extractor = WiringExtractor(converter: converter)
        extractor.walk(body)
        guard !extractor.objects.isEmpty || !extractor.connections.isEmpty else { return nil }
        return WiringFact(function: function, objects: extractor.objects, connections: extractor.connections)
    }

    private init(converter: SourceLocationConverter) {
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    private func position(of node: some SyntaxProtocol) -> SourcePosition {
        let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return SourcePosition(line: location.line, column: location.column)
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// `let presenter = HomePresenter(view: view)`: a named object and its initializer's connections.
    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return .visitChildren }
        locals.insert(name)
        guard let value = node.initializer?.value else { return .visitChildren }
        let annotated = node.typeAnnotation.flatMap { Self.simpleTypeName($0.type) }
        if let created = Self.creation(in: value) {
            record(created, as: name, at: node)
        } else if let reference = Self.unwrapped(Syntax(value)).as(DeclReferenceExprSyntax.self), let same = valueName(reference) {
            // `let viewController = self`: another name for the same object.
            connections.append(WiredConnection(holder: name, property: "", value: same, position: position(of: node)))
        } else if let annotated, Self.call(in: value) != nil {
            // `let view: HomeView = factory.make()`: what the declaration says it holds.
            objects.append(WiredObject(name: name, type: annotated, position: position(of: node)))
        }
        return .visitChildren
    }

    /// `if let view = navigationController.viewControllers.first as? HomeViewController`,
    /// `guard let view = ... else`: a named object, as a declaration names one.
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value else {
            return .visitChildren
        }
        locals.insert(name)
        if let created = Self.creation(in: value) { record(created, as: name, at: node) }
        return .visitChildren
    }

    /// `holder.property = value`, and `property = value` inside the builder's own type.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return .visitChildren }
        let target = ExpressionChain.components(of: elements[0])
        let holder: String, property: String
        switch target.count {
        case 1 where locals.contains(target[0]):
            // `view = HomeView()` for a local declared before: the local names the new object.
            if let created = Self.creation(in: elements[2]) { record(created, as: target[0], at: elements[0]) }
            return .visitChildren
        case 1: (holder, property) = ("self", target[0])
        case 2: (holder, property) = (target[0], target[1])
        case 3 where target[0] == "self": (holder, property) = (target[1], target[2])
        default: return .visitChildren
        }
        guard let value = valueName(elements[2]) else { return .visitChildren }
        connections.append(WiredConnection(holder: holder, property: property, value: value, position: position(of: elements[0])))
        return .visitChildren
    }

    /// An object created in place: `Presenter(view: View())`, `return HomeView(presenter: p)`.
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard !handled.contains(node.id), let created = Self.creation(in: ExprSyntax(node)) else { return .visitChildren }
        anonymous += 1
        record(created, as: "#\(anonymous)", at: node)
        return .visitChildren
    }

    private func record(_ created: (type: String, call: FunctionCallExprSyntax?), as name: String, at node: some SyntaxProtocol) {
        objects.append(WiredObject(name: name, type: created.type, position: position(of: node)))
        guard let call = created.call else { return }
        handled.insert(call.id)
        for argument in call.arguments {
            guard let label = argument.label?.text, let value = valueName(argument.expression) else { continue }
            connections.append(WiredConnection(holder: name, property: label, value: value, position: position(of: argument)))
        }
    }

    /// The name a value is known by: a local, a parameter or `self`, or a new anonymous
    /// object for one created in place. Nil for anything else (a literal, a computed value).
    private func valueName(_ expression: some SyntaxProtocol) -> String? {
        let value = Self.unwrapped(Syntax(expression))
        if let reference = value.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return name.first.map { $0.isLowercase || $0 == "_" } == true || reference.baseName.tokenKind == .keyword(.self) ? name : nil
        }
        if let member = value.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return member.declName.baseName.text
        }
        if let expression = value.as(ExprSyntax.self), let created = Self.creation(in: expression) {
            anonymous += 1
            let name = "#\(anonymous)"
            record(created, as: name, at: expression)
            return name
        }
        return nil
    }

    /// Strips what does not change which object an expression is: `try`, `await`, `!`, `?`,
    /// parentheses.
    static func unwrapped(_ node: Syntax) -> Syntax {
        var current = node
        for _ in 0..<16 {
            if let tryExpression = current.as(TryExprSyntax.self) { current = Syntax(tryExpression.expression) }
            else if let awaitExpression = current.as(AwaitExprSyntax.self) { current = Syntax(awaitExpression.expression) }
            else if let forced = current.as(ForceUnwrapExprSyntax.self) { current = Syntax(forced.expression) }
            else if let optional = current.as(OptionalChainingExprSyntax.self) { current = Syntax(optional.expression) }
            else if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                current = Syntax(only.expression)
            } else { break }
        }
        return current
    }

    /// The call inside an expression, if it is one (after `try`, `!` and the like).
    static func call(in expression: ExprSyntax) -> FunctionCallExprSyntax? {
        unwrapped(Syntax(expression)).as(FunctionCallExprSyntax.self)
    }

    /// The type an expression creates, and the creating call: `T(...)`, `T.init(...)`,
    /// `x as! T` (a storyboard's view controller), `resolver.resolve(T.self)`.
    static func creation(in expression: ExprSyntax) -> (type: String, call: FunctionCallExprSyntax?)? {
        let value = unwrapped(Syntax(expression))
        // `storyboard.instantiateViewController(withIdentifier: "Home") as! HomeViewController`,
        // `navigationController.viewControllers.first as? HomeViewController` before operator
        // folding: the value, the cast, the type. The object is obtained, and typed, there.
        if let sequence = value.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(UnresolvedAsExprSyntax.self),
                  let type = elements[2].as(TypeExprSyntax.self).flatMap({ simpleTypeName($0.type) }) else { return nil }
            return (type, call(in: elements[0]))
        }
        guard let call = value.as(FunctionCallExprSyntax.self) else { return nil }
        var called = Syntax(call.calledExpression)
        if let specialized = called.as(GenericSpecializationExprSyntax.self) { called = Syntax(specialized.expression) }
        if let reference = called.as(DeclReferenceExprSyntax.self), isTypeName(reference.baseName.text) {
            return (reference.baseName.text, call)
        }
        if let member = called.as(MemberAccessExprSyntax.self) {
            if member.declName.baseName.tokenKind == .keyword(.`init`),
               let base = member.base?.as(DeclReferenceExprSyntax.self), isTypeName(base.baseName.text) {
                return (base.baseName.text, call)
            }
            // A container's `resolve(T.self)` (Swinject, Resolver, a hand-written one).
            if member.declName.baseName.text == "resolve", let first = call.arguments.first?.expression.as(MemberAccessExprSyntax.self),
               first.declName.baseName.tokenKind == .keyword(.self), let base = first.base?.as(DeclReferenceExprSyntax.self),
               isTypeName(base.baseName.text) {
                return (base.baseName.text, call)
            }
        }
        return nil
    }

    /// `HomeView`, `Module.HomeView`'s last part; nil for optionals, generics, tuples.
    static func simpleTypeName(_ type: TypeSyntax) -> String? {
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil { return member.name.text }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return simpleTypeName(unwrapped.wrappedType) }
        if let optional = type.as(OptionalTypeSyntax.self) { return simpleTypeName(optional.wrappedType) }
        return nil
    }

    static func isTypeName(_ name: String) -> Bool {
        name.unicodeScalars.first?.properties.isUppercase ?? false
    }
}
