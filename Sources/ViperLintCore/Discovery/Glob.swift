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

    private enum Segment: Sendable, Hashable {
        /// `**`
        case anyDepth
        /// A segment without wildcards, compared as a string.
        case literal(String)
        /// A segment with `*`, `?` or `[...]`.
        case wildcard([Unicode.Scalar])
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        let trimmed = pattern.hasPrefix("./") ? String(pattern.dropFirst(2)) : pattern
        alternatives = Glob.expandBraces(trimmed).map { alternative in
            alternative.split(separator: "/", omittingEmptySubsequences: true).map { part -> Segment in
                if part == "**" { return .anyDepth }
                if part.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" }) { return .wildcard(Array(part.unicodeScalars)) }
                return .literal(String(part))
            }
        }
    }

    public var description: String { pattern }

    /// Whether `path` (relative, forward slashes) matches.
    public func matches(_ path: String) -> Bool {
        capture(in: path) != nil
    }

    /// The text matched by the first single `*` when `path` matches, or "" when the pattern has
    /// no `*`; nil when it does not match. Used to name a module: `Modules/*/**`.
    public func capture(in path: String) -> String? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        for alternative in alternatives {
            var captured: String?
            if Glob.match(alternative[...], segments[...], capture: &captured) { return captured ?? "" }
        }
        return nil
    }

    /// Whether every path inside the folder `directory` matches (the pattern ends in `/**` and
    /// its head matches the folder), so a directory walk can skip the folder entirely.
    public func matchesEverything(inside directory: String) -> Bool {
        let segments = directory.split(separator: "/", omittingEmptySubsequences: true)
        for alternative in alternatives where alternative.last == .anyDepth {
            var captured: String?
            if Glob.match(alternative.dropLast(), segments[...], capture: &captured) { return true }
        }
        return false
    }

    private static func match(_ pattern: ArraySlice<Segment>, _ path: ArraySlice<Substring>, capture: inout String?) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == .anyDepth {
            let rest = pattern.dropFirst()
            var index = path.startIndex
            while true {
                var attempt = capture
                if match(rest, path[index...], capture: &attempt) {
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
        case let .wildcard(scalars):
            guard matchSegment(scalars[...], Array(segment.unicodeScalars)[...], capture: &segmentCapture) else { return false }
        case .anyDepth:
            return false
        }
        var next = capture ?? segmentCapture
        if match(pattern.dropFirst(), path.dropFirst(), capture: &next) {
            capture = next
            return true
        }
        return false
    }

    private static func matchSegment(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>,
                                     capture: inout String?) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case "*":
            var end = text.startIndex
            while true {
                var inner = capture
                if matchSegment(pattern.dropFirst(), text[end...], capture: &inner) {
                    // The first `*` of the pattern is the capture; later ones only match.
                    capture = capture ?? String(String.UnicodeScalarView(text[text.startIndex..<end]))
                    return true
                }
                if end == text.endIndex { return false }
                end += 1
            }
        case "?":
            guard !text.isEmpty else { return false }
            return matchSegment(pattern.dropFirst(), text.dropFirst(), capture: &capture)
        case "[":
            guard let character = text.first, let close = pattern.dropFirst().firstIndex(of: "]") else {
                return text.first == "[" && matchSegment(pattern.dropFirst(), text.dropFirst(), capture: &capture)
            }
            var set = pattern[(pattern.startIndex + 1)..<close]
            let negated = set.first == "!" || set.first == "^"
            if negated { set = set.dropFirst() }
            var found = false
            var index = set.startIndex
            while index < set.endIndex {
                if index + 2 < set.endIndex, set[index + 1] == "-" {
                    if set[index].value <= character.value, character.value <= set[index + 2].value { found = true }
                    index += 3
                } else {
                    if set[index] == character { found = true }
                    index += 1
                }
            }
            guard found != negated else { return false }
            return matchSegment(pattern[(close + 1)...], text.dropFirst(), capture: &capture)
        default:
            guard text.first == first else { return false }
            return matchSegment(pattern.dropFirst(), text.dropFirst(), capture: &capture)
        }
    }

    /// `a{b,c}d` -> `abd`, `acd`; nested braces are expanded recursively.
    static func expandBraces(_ pattern: String) -> [String] {
        let characters = Array(pattern)
        guard let open = characters.firstIndex(of: "{") else { return [pattern] }
        var depth = 0
        var close: Int?
        var commas: [Int] = []
        for index in open..<characters.count {
            switch characters[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { close = index }
            case "," where depth == 1: commas.append(index)
            default: break
            }
            if close != nil { break }
        }
        guard let close else { return [pattern] }
        let prefix = String(characters[..<open])
        let suffix = String(characters[(close + 1)...])
        let bounds = [open] + commas + [close]
        let options = (0..<(bounds.count - 1)).map { String(characters[(bounds[$0] + 1)..<bounds[$0 + 1]]) }
        return options.flatMap { option in expandBraces(prefix + option + suffix) }
    }
}
