import Foundation

/// A path glob relative to the configuration folder.
///
/// `*` matches within one path segment, `**` matches any number of whole segments
/// (including none), `?` one character, `[abc]` / `[a-z]` / `[!a]` one character of a set,
/// and `{a,b}` alternatives. Matching is case-sensitive, as on a case-sensitive file system.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    /// One segment list per brace alternative, compiled once: globs run on every file and
    /// every API name.
    private let alternatives: [[Segment]]
    /// For each alternative, the UTF-8 of its ASCII literal segments: a path lacking one of
    /// them as a whole segment cannot match, which is decided without splitting the path
    /// (most files are checked against a dozen `**/Pods/**`-like excludes).
    private let requiredSegments: [[[UInt8]]]

    private enum Segment: Sendable, Hashable {
        /// `**`
        case anyDepth
        /// A segment without wildcards, compared as a string.
        case literal(String)
        /// A segment with `*`, `?` or `[...]`.
        case wildcard([Token])
    }

    /// One element of a wildcard segment; consecutive `*` are one star.
    private enum Token: Sendable, Hashable {
        case star
        case anyCharacter
        case character(Unicode.Scalar)
        /// `[a-z_]`: closed ranges; `[!...]` negated.
        case set(ranges: [ClosedRange<UInt32>], negated: Bool)

        func matches(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .star, .anyCharacter: return true
            case let .character(expected): return scalar == expected
            case let .set(ranges, negated): return ranges.contains { $0.contains(scalar.value) } != negated
            }
        }
    }

    private static func tokens(_ part: Substring) -> [Token] {
        let scalars = Array(part.unicodeScalars)
        var result: [Token] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "*":
                if result.last != .star { result.append(.star) }
            case "?":
                result.append(.anyCharacter)
            case "[":
                // An unclosed `[` is a literal bracket.
                guard let close = scalars[index...].firstIndex(of: "]"), close > index else {
                    result.append(.character("["))
                    continue
                }
                var set = scalars[index..<close]
                let negated = set.first == "!" || set.first == "^"
                if negated { set = set.dropFirst() }
                var ranges: [ClosedRange<UInt32>] = []
                var position = set.startIndex
                while position < set.endIndex {
                    if position + 2 < set.endIndex, set[position + 1] == "-", set[position].value <= set[position + 2].value {
                        ranges.append(set[position].value...set[position + 2].value)
                        position += 3
                    } else {
                        ranges.append(set[position].value...set[position].value)
                        position += 1
                    }
                }
                result.append(.set(ranges: ranges, negated: negated))
                index = close + 1
            default:
                result.append(.character(scalar))
            }
        }
        return result
    }

    /// Brace groups multiply (`{a,b}` thirty times is 2^30 patterns): more alternatives
    /// than this are refused.
    public static let maximumAlternatives = 256
    /// Each `**` multiplies the matching work by the path depth.
    public static let maximumAnyDepth = 4

    /// Why a pattern is too costly to use, or nil. Configurations are checked with it (exit 2);
    /// a pattern that fails it and is used anyway matches nothing.
    public static func problem(in pattern: String) -> String? {
        // An unclosed `[` would match itself; said, since it is a typo far more often than a path.
        for part in pattern.split(separator: "/") where part.contains("[") {
            if let open = part.lastIndex(of: "["), !part[open...].dropFirst().contains("]") {
                return "unclosed '[' in the pattern; close the character class, or write '[[]' for a literal '['"
            }
        }
        if alternativeCount(Array(pattern)[...]) > maximumAlternatives {
            return "the pattern expands to more than \(maximumAlternatives) alternatives (its brace groups multiply); split it or use fewer '{,}'"
        }
        let anyDepth = pattern.split(separator: "/").filter { $0 == "**" }.count
        if anyDepth > maximumAnyDepth {
            return "the pattern has \(anyDepth) '**' segments; at most \(maximumAnyDepth) are allowed"
        }
        return nil
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        guard Glob.problem(in: pattern) == nil else {
            alternatives = []
            requiredSegments = []
            return
        }
        let trimmed = pattern.hasPrefix("./") ? String(pattern.dropFirst(2)) : pattern
        alternatives = Glob.expandBraces(trimmed).map { alternative in
            alternative.split(separator: "/", omittingEmptySubsequences: true).map { part -> Segment in
                if part == "**" { return .anyDepth }
                if part.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" }) { return .wildcard(Glob.tokens(part)) }
                return .literal(String(part))
            }
        }
        requiredSegments = alternatives.map { segments in
            segments.compactMap { segment in
                guard case let .literal(text) = segment, text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
                return Array(text.utf8)
            }
        }
    }

    /// How many patterns the braces expand to, counted without expanding (saturating just
    /// above the maximum): groups in a row multiply, a group's options add up.
    static func alternativeCount(_ characters: ArraySlice<Character>) -> Int {
        let cap = maximumAlternatives + 1
        var total = 1
        var index = characters.startIndex
        while index < characters.endIndex {
            guard characters[index] == "{" else {
                index += 1
                continue
            }
            // An unclosed brace is a literal character.
            guard let bounds = braceGroup(characters, openingAt: index), let close = bounds.last else { return total }
            var options = 0
            for option in 0..<(bounds.count - 1) {
                options = min(options + alternativeCount(characters[(bounds[option] + 1)..<bounds[option + 1]]), cap)
            }
            total = min(total.multipliedReportingOverflow(by: max(options, 1)).partialValue, cap)
            if total >= cap { return cap }
            index = close + 1
        }
        return total
    }

    public var description: String { pattern }

    /// Whether `path` (relative, forward slashes) matches.
    public func matches(_ path: String) -> Bool {
        firstMatch(in: path, capturing: false) != nil
    }

    /// The text matched by the first single `*` when `path` matches, or "" when the pattern has
    /// no `*`; nil when it does not match. Used to name a module: `Modules/*/**`.
    public func capture(in path: String) -> String? {
        firstMatch(in: path, capturing: true)
    }

    /// The capture ("" without `capturing`) of the first alternative that matches.
    private func firstMatch(in path: String, capturing: Bool) -> String? {
        // No array built per call: globs run on every file and every referenced name.
        var segments: [Substring]?
        for (alternative, required) in zip(alternatives, requiredSegments) where Self.mayContain(path, required) {
            if segments == nil { segments = Self.segments(of: path) }
            var captured: String?
            if Glob.match(alternative[...], segments![...], capturing: capturing, capture: &captured) { return captured ?? "" }
        }
        return nil
    }

    /// Whether every path inside the folder `directory` matches (the pattern ends in `/**` and
    /// its head matches the folder), so a directory walk can skip the folder entirely.
    public func matchesEverything(inside directory: String) -> Bool {
        var segments: [Substring]?
        for (alternative, required) in zip(alternatives, requiredSegments)
        where alternative.last == .anyDepth && Self.mayContain(directory, required) {
            if segments == nil { segments = Self.segments(of: directory) }
            var captured: String?
            if Glob.match(alternative.dropLast(), segments![...], capturing: false, capture: &captured) { return true }
        }
        return false
    }

    /// False when an ASCII-only `path` lacks one of `literals` as a whole segment. Paths with
    /// other characters are left to full matching, where segments compare as Swift strings
    /// (canonically equivalent spellings are equal there, not byte for byte).
    private static func mayContain(_ path: String, _ literals: [[UInt8]]) -> Bool {
        guard !literals.isEmpty else { return true }
        var path = path
        return path.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return true }
            return literals.allSatisfy { literal in
                var start = 0
                while start + literal.count <= bytes.count {
                    let end = start + literal.count
                    if end == bytes.count || bytes[end] == UInt8(ascii: "/"),
                       literal.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress! + start, literal.count) == 0 }) {
                        return true
                    }
                    guard let slash = bytes[start...].firstIndex(of: UInt8(ascii: "/")) else { return false }
                    start = slash + 1
                }
                return false
            }
        }
    }

    /// A path's non-empty components. Split on UTF-8 bytes: `/` is ASCII, so byte boundaries
    /// are character boundaries, and this skips the grapheme breaking of `String.split`, which
    /// was a sixth of a warm lint (every file against every include and exclude glob).
    static func segments(of path: String) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map { Substring($0) }
    }

    private static func match(_ pattern: ArraySlice<Segment>, _ path: ArraySlice<Substring>, capturing: Bool,
                              capture: inout String?) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == .anyDepth {
            let rest = pattern.dropFirst()
            var index = path.startIndex
            while true {
                var attempt = capture
                if match(rest, path[index...], capturing: capturing, capture: &attempt) {
                    capture = attempt
                    return true
                }
                if index == path.endIndex { return false }
                index += 1
            }
        }
        guard let segment = path.first else { return false }
        var segmentCapture: String?
        switch head {
        case let .literal(text):
            guard segment == text else { return false }
        case let .wildcard(tokens):
            guard matchSegment(tokens, segment, capturing: capturing, capture: &segmentCapture) else { return false }
        case .anyDepth:
            return false
        }
        var next = capture ?? segmentCapture
        if match(pattern.dropFirst(), path.dropFirst(), capturing: capturing, capture: &next) {
            capture = next
            return true
        }
        return false
    }

    /// Whether a wildcard segment matches; with `capturing`, `capture` gets the text of the
    /// first `*`. An ASCII segment is matched on its bytes, without an array of scalars.
    private static func matchSegment(_ tokens: [Token], _ segment: Substring, capturing: Bool, capture: inout String?) -> Bool {
        if !capturing, let matched = segment.utf8.withContiguousStorageIfAvailable({ bytes in
            bytes.allSatisfy { $0 < 0x80 } ? matches(tokens[...], ASCIIScalars(bytes: bytes)[...]) : nil
        }), let matched {
            return matched
        }
        let text = Array(segment.unicodeScalars)
        guard matches(tokens[...], text[...]) else { return false }
        if capturing, let star = tokens.firstIndex(of: .star) {
            // Characters before the first star are single tokens: the star starts at `star`.
            // Its text is the shortest extent after which the rest still matches.
            for end in star...text.count where matches(tokens[(star + 1)...], text[end...]) {
                capture = String(String.UnicodeScalarView(text[star..<end]))
                break
            }
        }
        return true
    }

    /// Wildcard matching in O(pattern x text): on a mismatch only the latest star takes one
    /// more character. (Trying every extent of every star is exponential: a configuration
    /// with `**********Flags` ran for minutes under the fuzzer.)
    private static func matches<Text: RandomAccessCollection<Unicode.Scalar>>(_ tokens: ArraySlice<Token>, _ text: Text) -> Bool
    where Text.Index == Int {
        var token = tokens.startIndex
        var position = text.startIndex
        var starToken: Int?
        var starPosition = text.startIndex
        while position < text.endIndex {
            if token < tokens.endIndex, tokens[token] == .star {
                starToken = token
                starPosition = position
                token += 1
            } else if token < tokens.endIndex, tokens[token].matches(text[position]) {
                token += 1
                position += 1
            } else if let star = starToken {
                token = star + 1
                starPosition += 1
                position = starPosition
            } else {
                return false
            }
        }
        while token < tokens.endIndex, tokens[token] == .star { token += 1 }
        return token == tokens.endIndex
    }

    /// `a{b,c}d` -> `abd`, `acd`; nested braces are expanded recursively.
    static func expandBraces(_ pattern: String) -> [String] {
        let characters = Array(pattern)
        guard let open = characters.firstIndex(of: "{"), let bounds = braceGroup(characters[...], openingAt: open),
              let close = bounds.last else { return [pattern] }
        let prefix = String(characters[..<open])
        let suffix = String(characters[(close + 1)...])
        let options = (0..<(bounds.count - 1)).map { String(characters[(bounds[$0] + 1)..<bounds[$0 + 1]]) }
        return options.flatMap { option in expandBraces(prefix + option + suffix) }
    }

    /// The brace group opening at `open`: its `{`, its top-level commas and its `}`, or nil
    /// when it is never closed.
    static func braceGroup(_ characters: ArraySlice<Character>, openingAt open: Int) -> [Int]? {
        var depth = 0
        var bounds = [open]
        for position in open..<characters.endIndex {
            switch characters[position] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return bounds + [position] }
            case "," where depth == 1: bounds.append(position)
            default: break
            }
        }
        return nil
    }
}

/// The bytes of an ASCII segment as the scalars they are.
private struct ASCIIScalars: RandomAccessCollection {
    let bytes: UnsafeBufferPointer<UInt8>
    var startIndex: Int { 0 }
    var endIndex: Int { bytes.count }
    subscript(position: Int) -> Unicode.Scalar { Unicode.Scalar(bytes[position]) }
}
