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

    /// The directives in a C-family text's comments (Objective-C, where no syntax tree is
    /// kept). Comments are found by a scan that knows string and character literals, so
    /// `@"... viperlint:disable-file ..."` in a string silences nothing.
    static func parse(_ source: String) -> [SuppressionFact] {
        guard ByteSearch.contains(source, "viperlint:") else { return [] }
        var result: [SuppressionFact] = []
        for comment in CComments.comments(in: source) where comment.text.contains(marker) {
            result += parse(comment: comment.text, line: comment.line, column: comment.column)
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

/// The comments of C-family source (`//` and `/* */`), skipping string and character
/// literals, with where each starts (1-based line, UTF-8 column).
enum CComments {
    struct Comment {
        var text: String
        var line: Int
        var column: Int
    }

    static func comments(in source: String) -> [Comment] {
        let bytes = Array(source.utf8)
        var comments: [Comment] = []
        var index = 0, line = 1, lineStart = 0
        func advance() {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: "\"") {
                // A string literal (also `@"..."`): up to the unescaped quote or the line's end.
                advance()
                while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\n") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { advance() }
                    advance()
                }
                if index < bytes.count { advance() }
            } else if byte == UInt8(ascii: "'") {
                advance()
                while index < bytes.count, bytes[index] != UInt8(ascii: "'"), bytes[index] != UInt8(ascii: "\n") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { advance() }
                    advance()
                }
                if index < bytes.count { advance() }
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") || next == UInt8(ascii: "*") {
                let start = index, startLine = line, column = index - lineStart + 1
                if next == UInt8(ascii: "/") {
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { advance() }
                } else {
                    advance()
                    advance()
                    while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) {
                        advance()
                    }
                    if index < bytes.count {
                        advance()
                        advance()
                    }
                }
                comments.append(Comment(text: String(decoding: bytes[start..<index], as: UTF8.self), line: startLine, column: column))
            } else {
                advance()
            }
        }
        return comments
    }
}
