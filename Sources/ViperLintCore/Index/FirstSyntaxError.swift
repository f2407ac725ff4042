import SwiftSyntax

/// Finds the first syntax error of a tree that `hasError`, without the diagnostics module:
/// the earliest unexpected text or missing token.
enum FirstSyntaxError {
    static func find(in tree: SourceFileSyntax, converter: SourceLocationConverter) -> ParseErrorFact {
        let finder = Finder(viewMode: .all)
        finder.walk(tree)
        guard let (node, message) = finder.first else {
            return ParseErrorFact(message: "the file does not parse cleanly", position: SourcePosition(line: 1, column: 1))
        }
        let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return ParseErrorFact(message: message, position: SourcePosition(line: location.line, column: location.column))
    }

    private final class Finder: SyntaxAnyVisitor {
        var first: (Syntax, String)?

        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            if first != nil { return .skipChildren }
            return node.hasError ? .visitChildren : .skipChildren
        }

        override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
            if first == nil {
                let text = node.trimmedDescription
                let shown = text.count > 40 ? String(text.prefix(40)) + "..." : text
                first = (Syntax(node), "unexpected code '\(shown.replacingOccurrences(of: "\n", with: " "))'")
            }
            return .skipChildren
        }

        override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
            if first == nil, token.presence == .missing {
                let expected = token.tokenKind == .endOfFile ? "end of file" : "'\(token.text)'"
                first = (Syntax(token), token.text.isEmpty ? "missing token" : "expected \(expected)")
            }
            return .skipChildren
        }
    }
}
