import Foundation

/// Reads `viperlint:` comments from source text:
/// `// viperlint:disable:next rule-a rule-b -- reason`, `disable:this`, `disable` ...
/// `enable`, `disable-file`, with `all` for every rule.
enum SuppressionComments {
    static let marker = "viperlint:"

    static func parse(_ source: String) -> [SuppressionFact] {
        guard ByteSearch.contains(source, "viperlint:") else { return [] }
        var result: [SuppressionFact] = []
        for (offset, line) in SourceLines.split(source).enumerated() {
            guard let range = line.range(of: marker) else { continue }
            let before = line[..<range.lowerBound]
            // Only in comments: `//`, `/*` or a block comment's continuation line.
            guard before.contains("//") || before.contains("/*") || before.trimmingCharacters(in: .whitespaces).hasPrefix("*") else { continue }
            var rest = line[range.upperBound...]
            if let reason = rest.range(of: "--") { rest = rest[..<reason.lowerBound] }
            if let close = rest.range(of: "*/") { rest = rest[..<close.lowerBound] }
            let words = rest.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let directive = words.first else { continue }
            let kind: SuppressionFact.Kind
            switch directive {
            case "disable:next": kind = .next
            case "disable:this": kind = .this
            case "disable": kind = .disable
            case "enable": kind = .enable
            case "disable-file": kind = .file
            default: continue
            }
            // The finding points at the comment itself.
            let commentStart = before.range(of: "//", options: .backwards)?.lowerBound
                ?? before.range(of: "/*", options: .backwards)?.lowerBound ?? before.startIndex
            let column = line[..<commentStart].utf8.count + 1
            result.append(SuppressionFact(kind: kind, rules: Array(words.dropFirst()),
                                          position: SourcePosition(line: offset + 1, column: column)))
        }
        return result
    }
}
