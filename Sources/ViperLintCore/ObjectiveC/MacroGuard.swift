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
            for macro in Lexer.definitions(in: Array(source.utf8)) { macros[macro.name] = macro }
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

    struct Macro {
        var name: String
        /// Nil for an object-like macro.
        var parameters: [String]?
        var body: [Token]
    }

    enum Token: Equatable {
        case identifier(String)
        case open, close, comma
        /// Any other token: a number, a literal, an operator.
        case other
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
        mutating func size(_ tokens: ArraySlice<Token>, parameters: [String: Int], active: Set<String>, depth: Int) -> Int {
            guard depth <= MacroGuard.maximumDepth, steps <= MacroGuard.maximumSteps else { return budget }
            var total = 0
            var index = tokens.startIndex
            while index < tokens.endIndex, total < budget, steps <= MacroGuard.maximumSteps {
                defer { index += 1 }
                steps += 1
                guard case let .identifier(name) = tokens[index] else { total += 1; continue }
                if let weight = parameters[name] {
                    total += weight
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
                var weights: [String: Int] = [:]
                for (position, parameter) in names.enumerated() {
                    let argument = position < arguments.count ? arguments[position] : tokens[tokens.startIndex..<tokens.startIndex]
                    weights[parameter] = size(argument, parameters: parameters, active: active, depth: depth + 1)
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
                if nameEnd < directive.count, directive[nameEnd] == UInt8(ascii: "("), let close = tokens.firstIndex(of: .close) {
                    parameters = tokens[1..<close].compactMap { if case let .identifier(parameter) = $0 { parameter } else { nil } }
                    tokens.removeFirst(close + 1)
                }
                result.append(Macro(name: name, parameters: parameters, body: tokens))
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
                if start < line.count, line[start] == UInt8(ascii: "#") {
                    start += 1
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
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
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
