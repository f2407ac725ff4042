import SwiftSyntax

/// Reads member-access chains and identifiers out of expressions, for call, assignment and
/// control-flow facts.
enum ExpressionChain {
    /// `self.view?.navigationController?.pushViewController` gives
    /// `["view", "navigationController", "pushViewController"]`; `JSONDecoder().decode` gives
    /// `["JSONDecoder", "decode"]`; `(view as? UIViewController)?.present` gives
    /// `["view", "present"]`; `items[i].isDone` gives `["items", "isDone"]`. Empty for shapes that are not chains (closures, literals).
    static func components(of expression: some SyntaxProtocol) -> [String] {
        var components: [String] = []
        var current: Syntax? = Syntax(expression)
        var depth = 0
        while let node = current, depth < 64 {
            depth += 1
            if let reference = node.as(DeclReferenceExprSyntax.self) {
                components.append(reference.baseName.text)
                current = nil
            } else if let member = node.as(MemberAccessExprSyntax.self) {
                components.append(member.declName.baseName.text)
                current = member.base.map(Syntax.init)
                if current == nil { components.append("") }
            } else if let call = node.as(FunctionCallExprSyntax.self) {
                current = Syntax(call.calledExpression)
            } else if let subscriptCall = node.as(SubscriptCallExprSyntax.self) {
                // `items[index].isDone` reads through the collection: `["items", "isDone"]`.
                current = Syntax(subscriptCall.calledExpression)
            } else if let optional = node.as(OptionalChainingExprSyntax.self) {
                current = Syntax(optional.expression)
            } else if let forced = node.as(ForceUnwrapExprSyntax.self) {
                current = Syntax(forced.expression)
            } else if let tuple = node.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                current = Syntax(only.expression)
            } else if let sequence = node.as(SequenceExprSyntax.self), let first = sequence.elements.first {
                // `(view as? UIViewController)` before folding: the cast value comes first.
                current = Syntax(first)
            } else if let specialized = node.as(GenericSpecializationExprSyntax.self) {
                current = Syntax(specialized.expression)
            } else if node.is(SuperExprSyntax.self) {
                components.append("super")
                current = nil
            } else {
                return []
            }
        }
        var result = Array(components.reversed())
        if result.first == "self" { result.removeFirst() }
        return result
    }

    /// Lower-case identifiers read in an expression, in source order, without repeats.
    static func identifiers(in node: Syntax) -> [String] {
        final class Collector: SyntaxVisitor {
            var names: [String] = []
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                let name = node.baseName.text
                if let first = name.unicodeScalars.first, first.properties.isLowercase, !names.contains(name) {
                    names.append(name)
                }
                return .visitChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.names
    }
}
