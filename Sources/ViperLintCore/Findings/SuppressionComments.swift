import Foundation
import SwiftSyntax

/// Reads `viperlint:` directives from comments:
/// `// viperlint:disable:next rule-a rule-b -- reason`, `disable:this`, `disable:previous`,
/// `disable` ... `enable`, `disable-file`, with `all` for every rule. Only comments carry
/// directives: for Swift they come from the syntax tree's trivia, so a string literal that
/// mentions one silences nothing.
enum SuppressionComments {
    static let marker = "viperlint:"
    static let directives = ["disable", "enable", "disable:next", "disable:this", "disable:previous", "disable-file"]

    /// The directives in a Swift file's comments.
    static func parse(tree: SourceFileSyntax, converter: SourceLocationConverter, source: String) -> [SuppressionFact] {
        guard ByteSearch.contains(source, "viperlint:") else { return [] }
        var result: [SuppressionFact] = []
        func read(_ trivia: Trivia, from start: AbsolutePosition) {
            var position = start
            for piece in trivia {
                switch piece {
                case let .lineComment(text), let .blockComment(text), let .docLineComment(text), let .docBlockComment(text):
                    if text.contains(marker) {
                        let location = converter.location(for: position)
                        result += parse(comment: text, line: location.line, column: location.column)
                    }
                default:
                    break
                }
                position = position.advanced(by: piece.sourceLength.utf8Length)
            }
        }
        for token in tree.tokens(viewMode: .sourceAccurate) {
            read(token.leadingTrivia, from: token.position)
            read(token.trailingTrivia, from: token.endPositionBeforeTrailingTrivia)
        }
        return result
    }

    /// The directives in a text's comments, found line by line (Objective-C, where no syntax
    /// tree is kept): `//`, `/*` or a block comment's continuation line before the marker.
    static func parse(_ source: String) -> [SuppressionFact] {
        guard ByteSearch.contains(source, "viperlint:") else { return [] }
        var result: [SuppressionFact] = []
        for (offset, line) in SourceLines.split(source).enumerated() {
            guard let range = line.range(of: marker) else { continue }
            let before = line[..<range.lowerBound]
            guard before.contains("//") || before.contains("/*") || before.trimmingCharacters(in: .whitespaces).hasPrefix("*") else { continue }
            let commentStart = before.range(of: "//", options: .backwards)?.lowerBound
                ?? before.range(of: "/*", options: .backwards)?.lowerBound ?? before.startIndex
            result += parse(comment: String(line[commentStart...]), line: offset + 1, column: line[..<commentStart].utf8.count + 1)
        }
        return result
    }

    /// The directives of one comment that starts at `line`:`column` (a block comment may
    /// hold one per line). The finding of a directive points at its comment line.
    static func parse(comment: String, line: Int, column: Int) -> [SuppressionFact] {
        var result: [SuppressionFact] = []
        for (offset, text) in SourceLines.split(comment).enumerated() {
            guard let range = text.range(of: marker) else { continue }
            var rest = text[range.upperBound...]
            if let reason = rest.range(of: "--") { rest = rest[..<reason.lowerBound] }
            if let close = rest.range(of: "*/") { rest = rest[..<close.lowerBound] }
            let words = rest.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let directive = words.first else { continue }
            let position = SourcePosition(line: line + offset,
                                          column: offset == 0 ? column : text.prefix { $0 == " " || $0 == "\t" }.utf8.count + 1)
            let kind: SuppressionFact.Kind
            switch directive {
            case "disable:next": kind = .next
            case "disable:this": kind = .this
            case "disable:previous": kind = .previous
            case "disable": kind = .disable
            case "enable": kind = .enable
            case "disable-file": kind = .file
            default:
                // Said, not ignored: a misspelt directive would otherwise silence nothing, quietly.
                result.append(SuppressionFact(kind: .unknown, rules: [directive], position: position))
                continue
            }
            result.append(SuppressionFact(kind: kind, rules: Array(words.dropFirst()), position: position))
        }
        return result
    }
}
