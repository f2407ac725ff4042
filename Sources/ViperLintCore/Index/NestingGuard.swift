/// Refuses, before parsing, the few shapes of source that SwiftParser 603 cannot parse safely:
/// its nesting limit does not cover every construct, so brackets nested thousands of levels
/// deep overflow a 64 MB stack or take minutes, and `[` opened right after `[` (`[[[[1]]]]`,
/// `[[[Int]]]`) makes its type lookahead take time doubling with each level (24 levels: 7 s).
///
/// A byte-level scan that skips comments and string literals (but reads code inside string
/// interpolations) measures both; limits are far above any hand-written code. A refused file
/// is skipped with a warning that names the line, never half-analyzed.
public enum NestingGuard {
    /// Open `(`, `[`, `{` and generic `<` at once.
    public static let maximumDepth = 500
    /// `[` nested directly inside `[`, counting the first (`[[[1]]]` is 3).
    public static let maximumSquareRun = 16
    /// Prefix keywords in a row (`try await x` is 2): the parser recurses once per keyword.
    public static let maximumPrefixRun = 100
    static let prefixKeywords: [[UInt8]] = ["try", "await", "consume", "copy", "each", "repeat", "some", "any", "borrowing",
                                            "consuming", "inout", "_move", "_borrow"].map { Array($0.utf8) }

    /// Why the file cannot be parsed safely, or nil.
    public static func problem(in text: String) -> String? {
        var scanner = Scanner(bytes: Array(text.utf8))
        return scanner.scan()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var depth = 0
        /// For each open bracket, how many `[` are nested directly at its level (0 for `(`, `{`).
        /// Counted on the bracket stack, not from adjacent bytes: anything between two `[`
        /// (spaces, control characters, elements) leaves the parser's lookahead as slow.
        var squareRuns: [Int] = []
        /// The last byte outside whitespace and comments.
        var previous: UInt8 = 0
        /// Open generic angle brackets (`Array<`) on the current line.
        var angles = 0
        /// Prefix keywords read in a row (`try? await`), `?` and `!` between them allowed.
        var prefixRun = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func scan() -> String? { scanCode(endingAtDepth: nil) }

        /// Reads code to the end, or, inside a string interpolation, to the `)` that brings
        /// the depth back to `end`.
        mutating func scanCode(endingAtDepth end: Int?) -> String? {
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\n"):
                    line += 1
                    angles = 0
                    index += 1
                    continue
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    index += 1
                    continue
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                    continue
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                    skipBlockComment()
                    continue
                case UInt8(ascii: "\"") where startsString(), UInt8(ascii: "#") where startsString():
                    if let problem = skipString() { return problem }
                    previous = UInt8(ascii: "\"")
                    continue
                case UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "["):
                    if let problem = open(byte) { return problem }
                    if byte == UInt8(ascii: "{") { angles = 0 }
                    depth += 1
                    if let problem = checkDepth() { return problem }
                case UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth = max(0, depth - 1)
                    _ = squareRuns.popLast()
                    if byte == UInt8(ascii: "}") { angles = 0 }
                    if byte == UInt8(ascii: ")"), depth == end {
                        index += 1
                        return nil
                    }
                case UInt8(ascii: "<") where Self.isIdentifier(previous) && peek(1).map({ $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "=") }) ?? false:
                    angles += 1
                    if let problem = checkDepth() { return problem }
                case UInt8(ascii: ">") where angles > 0:
                    angles -= 1
                case UInt8(ascii: ";"):
                    angles = 0
                case UInt8(ascii: "?"), UInt8(ascii: "!"):
                    break
                default:
                    if Self.isIdentifier(byte) {
                        // A whole word at once: the keywords the parser recurses on are counted.
                        let start = index
                        while index < bytes.count, Self.isIdentifier(bytes[index]) { index += 1 }
                        if NestingGuard.prefixKeywords.contains(where: { $0.elementsEqual(bytes[start..<index]) }) {
                            prefixRun += 1
                            if prefixRun > NestingGuard.maximumPrefixRun {
                                return "more than \(NestingGuard.maximumPrefixRun) prefix keywords such as 'try' and 'await' in a row (line \(line)), which SwiftParser recurses on"
                            }
                        } else {
                            prefixRun = 0
                        }
                        previous = bytes[index - 1]
                        continue
                    }
                    prefixRun = 0
                }
                if byte != UInt8(ascii: "?") && byte != UInt8(ascii: "!") { prefixRun = 0 }
                previous = byte
                index += 1
            }
            return nil
        }

        /// Records an opening bracket; a problem when `[` nest too deep directly in each other.
        mutating func open(_ byte: UInt8) -> String? {
            let run = byte == UInt8(ascii: "[") ? (squareRuns.last ?? 0) + 1 : 0
            guard run <= NestingGuard.maximumSquareRun else {
                return "more than \(NestingGuard.maximumSquareRun) '[' nested in one another (line \(line)), which SwiftParser takes exponential time on"
            }
            squareRuns.append(run)
            return nil
        }

        func peek(_ offset: Int) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        static func isIdentifier(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
        }

        func checkDepth() -> String? {
            guard depth + angles > NestingGuard.maximumDepth else { return nil }
            return "brackets nested more than \(NestingGuard.maximumDepth) levels deep (line \(line)), too deep for SwiftParser to parse safely"
        }

        mutating func skipBlockComment() {
            var level = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                    level += 1
                    index += 2
                } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                    level -= 1
                    index += 2
                    if level == 0 { return }
                } else {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
            }
        }

        /// At `"`, or at `#` that starts a raw string (`#"`, `##"`).
        func startsString() -> Bool {
            var offset = 0
            while peek(offset) == UInt8(ascii: "#") { offset += 1 }
            return peek(offset) == UInt8(ascii: "\"")
        }

        /// Reads a string literal to its closing delimiter; code in its interpolations is
        /// scanned like any code.
        mutating func skipString() -> String? {
            var hashes = 0
            while bytes[index] == UInt8(ascii: "#") {
                hashes += 1
                index += 1
            }
            let multiline = peek(0) == UInt8(ascii: "\"") && peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
            index += multiline ? 3 : 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") {
                    // An unterminated single-line string ends at the line's end, as for the parser.
                    if !multiline { return nil }
                    line += 1
                }
                if byte == UInt8(ascii: "\\"), hashesFollow(hashes, from: index + 1) {
                    let after = index + 1 + hashes
                    if after < bytes.count, bytes[after] == UInt8(ascii: "(") {
                        index = after + 1
                        depth += 1
                        squareRuns.append(0)
                        if let problem = checkDepth() { return problem }
                        if let problem = scanCode(endingAtDepth: depth - 1) { return problem }
                        continue
                    }
                    index = after + 1
                    continue
                }
                if byte == UInt8(ascii: "\""), (0..<(multiline ? 3 : 1)).allSatisfy({ peek($0) == UInt8(ascii: "\"") }),
                   hashesFollow(hashes, from: index + (multiline ? 3 : 1)) {
                    index += (multiline ? 3 : 1) + hashes
                    return nil
                }
                index += 1
            }
            return nil
        }

        func hashesFollow(_ count: Int, from start: Int) -> Bool {
            guard start + count <= bytes.count else { return false }
            return (0..<count).allSatisfy { bytes[start + $0] == UInt8(ascii: "#") }
        }
    }
}
