/// A JSON document parsed with the position of every value and key, so that
/// configuration errors can name the line and column a user has to edit.
/// Foundation's decoders drop positions; this parser keeps them.
public indirect enum JSONValue: Sendable, Equatable {
    case object([Member])
    case array([Located])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// One `"key": value` pair of an object, with the position of its key.
    public struct Member: Sendable, Equatable {
        public var key: String
        public var keyPosition: SourcePosition
        public var value: Located
    }

    /// A value and where it starts.
    public struct Located: Sendable, Equatable {
        public var value: JSONValue
        public var position: SourcePosition
    }

    /// A short name of the value's JSON type for error messages.
    public var typeName: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// A JSON syntax error with its position.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var message: String
    public var position: SourcePosition
}

/// A strict RFC 8259 parser over UTF-8 bytes. Nesting is limited so that hostile input
/// cannot exhaust the stack.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    private static let maximumDepth = 512

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue.Located {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < parser.bytes.count {
            throw parser.error("unexpected text after the end of the JSON document")
        }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var position: SourcePosition { SourcePosition(line: line, column: index - lineStart + 1) }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, position: position)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue.Located {
        let start = position
        guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONValue.Located(value: try parseObject(), position: start)
        case UInt8(ascii: "["): return JSONValue.Located(value: try parseArray(), position: start)
        case UInt8(ascii: "\""): return JSONValue.Located(value: .string(try parseString()), position: start)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONValue.Located(value: .bool(true), position: start)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONValue.Located(value: .bool(false), position: start)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONValue.Located(value: .null, position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue.Located(value: .number(try parseNumber()), position: start)
        case UInt8(ascii: "/"):
            throw error("comments are not allowed in JSON")
        default:
            throw error("unexpected character '\(Self.describe(bytes[index]))', expected a value")
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            // Show the word that is there (`not json`), not the literal it happened to start like.
            let found = bytes[index...].prefix { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) }
            throw error("unexpected text '\(String(decoding: found.prefix(20), as: UTF8.self))', expected a JSON value")
        }
        index += utf8.count
    }

    private mutating func enterNesting() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterNesting()
        defer { depth -= 1 }
        index += 1
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes")
            }
            let keyPosition = position
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONValue.Member(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file, expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                let comma = position
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    throw JSONSyntaxError(message: "trailing comma before '}'", position: comma)
                }
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw error("expected ',' or '}' after a value")
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterNesting()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue.Located] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                let comma = position
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    throw JSONSyntaxError(message: "trailing comma before ']'", position: comma)
                }
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            throw error("expected ',' or ']' after a value")
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = UTF8Text.decode(scalars) else {
                    throw error("string is not valid UTF-8")
                }
                return string
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""): scalars.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): scalars.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): scalars.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                              bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired UTF-16 surrogate in \\u escape")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid UTF-16 surrogate pair") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw error("invalid escape '\\\(Self.describe(escaped))' in string")
                }
            case 0x00..<0x20:
                throw error("control character in string (use an escape such as \\n)")
            default:
                scalars.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hexadecimal digit in \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ parser: inout JSONParser) -> Int {
            let begin = parser.index
            while parser.index < parser.bytes.count,
                  (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index]) {
                parser.index += 1
            }
            return parser.index - begin
        }
        if digits(&self) == 0 { throw error("invalid number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits(&self) == 0 { throw error("invalid number: digits expected after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits(&self) == 0 { throw error("invalid number: digits expected in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text) else { throw error("invalid number '\(text)'") }
        return number
    }
}
