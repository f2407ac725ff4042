import Foundation

/// Refuses, before clang preprocesses them, the Objective-C files whose macros expand to far
/// more code than anyone writes: `#define A B B`, `#define B C C`, ... doubles the tokens per
/// level (22 levels in a 555-byte file took libclang 17 s, and each level doubles it), and a
/// function-like macro whose body names its parameter twice does the same when invocations
/// nest (`D(D(D(x)))`).
///
/// The expansion is not made: its size is counted, as the preprocessor would produce it, from
/// the `#define`s of the file and of the project headers it imports. Object-like macros are
/// counted once each; a function-like invocation counts its arguments first, then its body with
/// each parameter weighing its argument. A macro is not expanded inside itself (as in C). The
/// count stops at the budget, so the check costs about one pass over the text. Deterministic,
/// unlike a time limit: the same file is refused on every machine, or on none.
enum MacroGuard {
    /// Tokens a file may expand to: real files expand to tens of thousands; libclang takes
    /// about 4 s per million.
    static let maximumExpandedTokens = 1_000_000
    /// Macro invocations nested in each other's arguments, and expansions inside expansions.
    static let maximumDepth = 200

    /// Why the file is not parsed, or nil. `headers` are the texts of the project headers it
    /// imports, whose `#define`s count too.
    static func problem(in text: String, headers: [String]) -> String? {
        let texts = [text] + headers
        guard texts.contains(where: { ByteSearch.contains($0, "define") }) else { return nil }
        var macros: [String: Macro] = [:]
        for source in texts.reversed() {
            // The file's own definitions win over its headers', the first header's over later ones.
            for macro in definitions(in: source) { macros[macro.name] = macro }
        }
        guard !macros.isEmpty else { return nil }
        var counter = Counter(macros: macros)
        let code = Lexer.codeTokens(in: Array(text.utf8))
        let total = counter.size(code[...], parameters: [:], active: [], depth: 0)
        if let deepest = counter.tooDeep {
            return "its macro '\(deepest)' expands more than \(maximumDepth) levels deep"
        }
        guard total > maximumExpandedTokens || counter.steps > maximumSteps else { return nil }
        let largest = counter.firstOverBudget.map { " ('\($0)' alone expands to more than a million)" } ?? ""
        return "its macros expand to more than \(maximumExpandedTokens / 1_000_000) million tokens\(largest)"
    }

    /// Tokens the count itself visits at most: macros expanding to nothing still cost the
    /// preprocessor (and the count) a visit each.
    static let maximumSteps = 4 * maximumExpandedTokens

    /// A text's `#define`s, each header's read once per run: every file of an app imports the
    /// same headers, and reading them again for each file cost a sixth of an Objective-C app's run.
    static func definitions(in text: String) -> [Macro] {
        guard ByteSearch.contains(text, "define") else { return [] }
        if let known = knownDefinitions.value(for: text) { return known }
        let found = Lexer.definitions(in: Array(text.utf8))
        knownDefinitions.set(found, for: text)
        return found
    }

    private static let knownDefinitions = DefinitionCache()

    /// Definitions by the text that holds them, shared by the threads of a run.
    final class DefinitionCache: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String: [Macro]] = [:]

        func value(for text: String) -> [Macro]? { lock.lock(); defer { lock.unlock() }; return values[text] }
        func set(_ value: [Macro], for text: String) { lock.lock(); values[text] = value; lock.unlock() }
    }

    struct Macro {
        var name: String
        /// Nil for an object-like macro. A variadic macro's last is `__VA_ARGS__` or its name.
        var parameters: [String]?
        var isVariadic = false
        var body: [Token]
    }

    enum Token: Equatable {
        case identifier(String)
        /// A preprocessing number (`26`, `0x1F`): pasted to a name, it can make a macro's name.
        case number(String)
        case open, close, comma
        /// `#` (stringify) and `##` (paste), digraphs `%:` and `%:%:` too; `...` of a variadic macro.
        case hash, hashHash, ellipsis
        /// Any other token: a literal, an operator.
        case other

        /// The text of a name or number, what `##` pastes.
        var word: String? {
            switch self {
            case let .identifier(text), let .number(text): text
            default: nil
            }
        }
    }

    /// An argument as the body sees it: its expanded size, and its first and last tokens as
    /// written (what `##` pastes).
    struct Argument {
        var size: Int
        var first: String?
        var last: String?
    }

    /// Counts expanded tokens without expanding.
    struct Counter {
        let macros: [String: Macro]
        /// Sizes of object-like macros, counted once.
        var objectSizes: [String: Int] = [:]
        /// The macro whose count went over the depth limit, if one did.
        var tooDeep: String?
        /// The first object-like macro found to expand past the budget alone, for the message.
        var firstOverBudget: String?
        /// Tokens visited so far.
        var steps = 0
        let budget = MacroGuard.maximumExpandedTokens + 1

        /// The expanded size of `tokens`, at most the budget. `parameters` weigh the parameter
        /// names of the body being counted; `active` are the macros being expanded.
        mutating func size(_ tokens: ArraySlice<Token>, parameters: [String: Argument], active: Set<String>, depth: Int) -> Int {
            guard depth <= MacroGuard.maximumDepth, steps <= MacroGuard.maximumSteps else { return budget }
            var total = 0
            var index = tokens.startIndex
            while index < tokens.endIndex, total < budget, steps <= MacroGuard.maximumSteps {
                defer { index += 1 }
                steps += 1
                // `#x` is one string literal, whatever `x` holds.
                if tokens[index] == .hash, index + 1 < tokens.endIndex {
                    total += 1
                    index += 1
                    continue
                }
                // `a ## b ## c`: the arguments' inner tokens stay, the pasted ends make one token,
                // which is a macro's name when the paste spells one (`CAT(A, 26)` -> `A26`).
                if index + 2 < tokens.endIndex, tokens[index + 1] == .hashHash {
                    var pasted = ""
                    var position = index
                    while true {
                        let token = tokens[position]
                        let argument = token.word.flatMap { parameters[$0] }
                        let isFirst = position == index, isLast = !(position + 2 < tokens.endIndex && tokens[position + 1] == .hashHash)
                        pasted += (isFirst ? argument?.last : argument?.first) ?? (argument == nil ? token.word ?? "" : "")
                        if let argument { total += max(0, argument.size - (isFirst || isLast ? 1 : 2)) }
                        if isLast { break }
                        position += 2
                    }
                    index = position
                    if let macro = macros[pasted], macro.parameters == nil, !active.contains(pasted) {
                        total += objectSize(macro, active: active, depth: depth)
                    } else {
                        total += 1
                    }
                    continue
                }
                guard case let .identifier(name) = tokens[index] else { total += 1; continue }
                if let argument = parameters[name] {
                    total += argument.size
                    continue
                }
                guard let macro = macros[name], !active.contains(name) else { total += 1; continue }
                guard let names = macro.parameters else {
                    total += objectSize(macro, active: active, depth: depth)
                    continue
                }
                // A function-like macro without arguments is just its name.
                guard index + 1 < tokens.endIndex, tokens[index + 1] == .open, let (arguments, close) = Self.arguments(tokens, open: index + 1) else {
                    total += 1
                    continue
                }
                var weights: [String: Argument] = [:]
                for (position, parameter) in names.enumerated() {
                    var argument = position < arguments.count ? arguments[position] : tokens[tokens.startIndex..<tokens.startIndex]
                    // The variadic parameter takes the rest, commas and all.
                    if macro.isVariadic, position == names.count - 1, position < arguments.count {
                        argument = tokens[arguments[position].startIndex..<arguments[arguments.count - 1].endIndex]
                    }
                    weights[parameter] = Argument(size: size(argument, parameters: parameters, active: active, depth: depth + 1),
                                                  first: argument.first.flatMap { Self.written($0, parameters) },
                                                  last: argument.last.flatMap { Self.written($0, parameters) })
                    if depth + 1 > MacroGuard.maximumDepth { tooDeep = tooDeep ?? name }
                }
                total += size(macro.body[...], parameters: weights, active: active.union([name]), depth: depth + 1)
                if depth + 1 > MacroGuard.maximumDepth { tooDeep = tooDeep ?? name }
                index = close
            }
            return min(total, budget)
        }

        private mutating func objectSize(_ macro: Macro, active: Set<String>, depth: Int) -> Int {
            if let known = objectSizes[macro.name] { return known }
            let counted = size(macro.body[...], parameters: [:], active: active.union([macro.name]), depth: depth + 1)
            if depth + 1 > MacroGuard.maximumDepth { tooDeep = tooDeep ?? macro.name }
            objectSizes[macro.name] = counted
            if counted >= budget, firstOverBudget == nil { firstOverBudget = macro.name }
            return counted
        }

        /// A token as written, through the parameters of the body it is in.
        static func written(_ token: Token, _ parameters: [String: Argument]) -> String? {
            guard let word = token.word else { return nil }
            return parameters[word].map { $0.first ?? "" } ?? word
        }

        /// The comma-separated arguments of the invocation whose `(` is at `open`, and the
        /// index of its `)`; nil when it is not closed.
        static func arguments(_ tokens: ArraySlice<Token>, open: Int) -> ([ArraySlice<Token>], Int)? {
            var arguments: [ArraySlice<Token>] = []
            var depth = 0
            var start = open + 1
            for index in (open + 1)..<tokens.endIndex {
                switch tokens[index] {
                case .open: depth += 1
                case .close where depth == 0:
                    arguments.append(tokens[start..<index])
                    return (arguments, index)
                case .close: depth -= 1
                case .comma where depth == 0:
                    arguments.append(tokens[start..<index])
                    start = index + 1
                default: break
                }
            }
            return nil
        }
    }

    /// A byte-level lexer good enough to count: comments and literals are one token or none,
    /// directives are read whole (with their `\` continuations).
    enum Lexer {
        /// The `#define`s of a text.
        static func definitions(in bytes: [UInt8]) -> [Macro] {
            var result: [Macro] = []
            forEachLine(bytes) { directive, isDirective in
                guard isDirective else { return }
                var tokens = tokenize(directive)
                guard tokens.first == .identifier("define"), tokens.count >= 2, case let .identifier(name) = tokens[1] else { return }
                tokens.removeFirst(2)
                // `#define F(x)`: a parameter list only when `(` follows the name with no space.
                var nameEnd = "define".utf8.count
                while nameEnd < directive.count, directive[nameEnd] == UInt8(ascii: " ") || directive[nameEnd] == UInt8(ascii: "\t") { nameEnd += 1 }
                nameEnd += name.utf8.count
                var parameters: [String]?
                var isVariadic = false
                if nameEnd < directive.count, directive[nameEnd] == UInt8(ascii: "("), let close = tokens.firstIndex(of: .close) {
                    let list = tokens[1..<close]
                    parameters = list.compactMap { if case let .identifier(parameter) = $0 { parameter } else { nil } }
                    // `(...)` names its rest `__VA_ARGS__`; `(args...)` names it `args`.
                    if let ellipsis = list.firstIndex(of: .ellipsis) {
                        isVariadic = true
                        if ellipsis == list.startIndex || list[ellipsis - 1] == .comma { parameters?.append("__VA_ARGS__") }
                    }
                    tokens.removeFirst(close + 1)
                }
                result.append(Macro(name: name, parameters: parameters, isVariadic: isVariadic, body: tokens))
            }
            return result
        }

        /// The tokens of the text outside directives.
        static func codeTokens(in bytes: [UInt8]) -> [Token] {
            var result: [Token] = []
            forEachLine(bytes) { line, isDirective in
                if !isDirective { result += tokenize(line) }
            }
            return result
        }

        /// Each logical line (continuations joined), comments removed, and whether it is a
        /// directive (its `#` and the spaces after it dropped).
        static func forEachLine(_ bytes: [UInt8], _ body: ([UInt8], Bool) -> Void) {
            var line: [UInt8] = []
            var index = 0
            var inBlockComment = false
            func finish() {
                var start = 0
                while start < line.count, line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t") { start += 1 }
                // `%:` is the digraph of `#`.
                let isDigraph = start + 1 < line.count && line[start] == UInt8(ascii: "%") && line[start + 1] == UInt8(ascii: ":")
                if start < line.count, line[start] == UInt8(ascii: "#") || isDigraph {
                    start += isDigraph ? 2 : 1
                    while start < line.count, line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t") { start += 1 }
                    body(Array(line[start...]), true)
                } else {
                    body(line, false)
                }
                line.removeAll(keepingCapacity: true)
            }
            while index < bytes.count {
                let byte = bytes[index]
                if inBlockComment {
                    if byte == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                        inBlockComment = false
                        line.append(UInt8(ascii: " "))
                        index += 2
                    } else {
                        index += 1
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\\") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n"):
                    index += 2
                case UInt8(ascii: "\n"):
                    finish()
                    index += 1
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                    inBlockComment = true
                    index += 2
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    // A literal, copied whole so that tokenize sees it as one token.
                    line.append(byte)
                    index += 1
                    while index < bytes.count, bytes[index] != byte, bytes[index] != UInt8(ascii: "\n") {
                        if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { line.append(bytes[index]); index += 1 }
                        line.append(bytes[index])
                        index += 1
                    }
                    if index < bytes.count, bytes[index] == byte { line.append(byte); index += 1 }
                default:
                    line.append(byte)
                    index += 1
                }
            }
            finish()
        }

        static func tokenize(_ bytes: [UInt8]) -> [Token] {
            var tokens: [Token] = []
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if isIdentifierStart(byte) {
                    let start = index
                    while index < bytes.count, isIdentifierStart(bytes[index]) || (bytes[index] >= 0x30 && bytes[index] <= 0x39) { index += 1 }
                    tokens.append(.identifier(String(decoding: bytes[start..<index], as: UTF8.self)))
                    continue
                }
                if byte >= 0x30 && byte <= 0x39 {
                    // A preprocessing number: digits, letters, `_` and `.`.
                    let start = index
                    while index < bytes.count, isIdentifierStart(bytes[index]) || (bytes[index] >= 0x30 && bytes[index] <= 0x39) || bytes[index] == UInt8(ascii: ".") {
                        index += 1
                    }
                    tokens.append(.number(String(decoding: bytes[start..<index], as: UTF8.self)))
                    continue
                }
                let rest = bytes[index...]
                if rest.starts(with: "##".utf8) || rest.starts(with: "%:%:".utf8) {
                    tokens.append(.hashHash)
                    index += rest.starts(with: "##".utf8) ? 2 : 4
                    continue
                }
                if rest.starts(with: "%:".utf8) || rest.starts(with: "...".utf8) {
                    tokens.append(rest.starts(with: "%:".utf8) ? .hash : .ellipsis)
                    index += rest.starts(with: "%:".utf8) ? 2 : 3
                    continue
                }
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
                case UInt8(ascii: "#"): tokens.append(.hash)
                case UInt8(ascii: "("): tokens.append(.open)
                case UInt8(ascii: ")"): tokens.append(.close)
                case UInt8(ascii: ","): tokens.append(.comma)
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    tokens.append(.other)
                    index += 1
                    while index < bytes.count, bytes[index] != byte {
                        if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                        index += 1
                    }
                default: tokens.append(.other)
                }
                index += 1
            }
            return tokens
        }

        static func isIdentifierStart(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
        }
    }
}
