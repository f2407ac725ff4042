import Foundation
import Yams

/// The language a configuration file is written in, told by its extension: `.yml` and
/// `.yaml` are YAML, anything else (`.viperlint.json`, `rules.json`, a `--config` file) JSON.
public enum ConfigurationFormat: String, Sendable {
    case json = "JSON"
    case yaml = "YAML"

    /// The format of the file at `path` (only its extension counts).
    public init(path: String) {
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        self = name.hasSuffix(".yml") || name.hasSuffix(".yaml") ? .yaml : .json
    }

    /// Parses configuration text into the located tree `ConfigNode` reads.
    public func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue.Located {
        switch self {
        case .json: return try JSONParser.parse(text)
        case .yaml: return try YAMLConfigurationParser.parse(text)
        }
    }
}

/// Reads a YAML configuration into the same `JSONValue.Located` tree the JSON parser builds,
/// with each value's and key's line and column, so that every validation and message of
/// `ConfigurationLoader` applies to YAML unchanged.
///
/// The YAML accepted is the part that means the same as JSON, read strictly:
/// - plain scalars are resolved by the YAML 1.2 core schema (`true`/`false`, `null`/`~`/empty,
///   integers, floats); anything else, `off`, `yes` and `no` included, is a string; quoted and
///   block scalars are always strings;
/// - keys are strings (a key that is a collection, or a plain `true`, `null` or number, is an error);
/// - one document; no tags; no anchors or aliases (the billion-laughs expansion is refused
///   before Yams composes the tree); nesting at most `maximumDepth` levels, as in JSON.
public enum YAMLConfigurationParser {
    /// The same limit as the JSON parser's: hostile input cannot exhaust the stack.
    public static let maximumDepth = 512
    /// A bound on the values of one file, checked while converting: a configuration has hundreds.
    public static let maximumNodes = 1_000_000

    /// Parses one YAML document; a syntax error or a refused construct is reported at its line and column.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue.Located {
        if let offset = text.utf8.firstIndex(of: 0) {
            throw JSONSyntaxError(message: "the file is binary (it holds a NUL byte), not YAML text",
                                  position: position(ofUTF8Offset: text.utf8.distance(from: text.utf8.startIndex, to: offset), in: text))
        }
        // Checked before Yams: its composer recurses once per level and expands aliases.
        try YAMLPreScan.check(text, maximumDepth: maximumDepth)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw syntaxError(error, in: text)
        } catch {
            throw JSONSyntaxError(message: "\(error)", position: SourcePosition(line: 1, column: 1))
        }
        guard let root else {
            throw JSONSyntaxError(message: "the file holds no YAML document: expected a mapping such as 'version: 1'",
                                  position: SourcePosition(line: 1, column: 1))
        }
        var converter = Converter()
        return try converter.convert(root, depth: 1)
    }

    /// What a plain scalar's text means under the YAML 1.2 core schema.
    static func resolvePlain(_ text: String) -> JSONValue {
        Converter.resolve(Node.Scalar(text, Tag(.implicit), .plain))
    }

    /// Yams's error as a message and a position (libyaml's "problem", then its context).
    static func syntaxError(_ error: YamlError, in text: String) -> JSONSyntaxError {
        func located(_ problem: String, _ context: YamlError.Context?, _ mark: Mark) -> JSONSyntaxError {
            var message = problem
            // libyaml's own wording for a second document is about events; say what to do.
            if problem.contains("another document") || context?.text.contains("single document") == true {
                message = "more than one YAML document ('---' starts a second one): a configuration is one document"
            } else if let context, !context.text.isEmpty {
                message += " (\(context.text) at \(context.mark.line):\(context.mark.column))"
            }
            return JSONSyntaxError(message: message, position: SourcePosition(line: max(mark.line, 1), column: max(mark.column, 1)))
        }
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            return located(problem, context, mark)
        case let .reader(problem, offset, _, _):
            return JSONSyntaxError(message: problem, position: position(ofUTF8Offset: offset ?? 0, in: text))
        case let .duplicatedKeysInMapping(duplicates, context):
            return JSONSyntaxError(message: "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", "))",
                                   position: SourcePosition(line: max(context.mark.line, 1), column: max(context.mark.column, 1)))
        default:
            return JSONSyntaxError(message: "\(error)", position: SourcePosition(line: 1, column: 1))
        }
    }

    /// Line and column (both from 1; columns in characters, as Yams counts them) of a UTF-8 offset.
    static func position(ofUTF8Offset offset: Int, in text: String) -> SourcePosition {
        var line = 1, column = 1, seen = 0
        for scalar in text.unicodeScalars {
            if seen >= offset { break }
            seen += String(scalar).utf8.count
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return SourcePosition(line: line, column: column)
    }

    /// Yams's nodes to located values, resolving plain scalars by the YAML 1.2 core schema.
    private struct Converter {
        var nodes = 0

        mutating func convert(_ node: Node, depth: Int) throws(JSONSyntaxError) -> JSONValue.Located {
            let position = Self.position(of: node)
            nodes += 1
            if nodes > YAMLConfigurationParser.maximumNodes {
                throw JSONSyntaxError(message: "more than \(YAMLConfigurationParser.maximumNodes) values", position: position)
            }
            if depth > YAMLConfigurationParser.maximumDepth {
                throw JSONSyntaxError(message: "nesting deeper than \(YAMLConfigurationParser.maximumDepth) levels", position: position)
            }
            try Self.refuseTag(of: node, at: position)
            switch node {
            case let .scalar(scalar):
                return JSONValue.Located(value: Self.resolve(scalar), position: position)
            case let .sequence(sequence):
                var elements: [JSONValue.Located] = []
                for element in sequence { elements.append(try convert(element, depth: depth + 1)) }
                return JSONValue.Located(value: .array(elements), position: position)
            case let .mapping(mapping):
                var members: [JSONValue.Member] = []
                for pair in mapping {
                    let key = try Self.key(pair.key)
                    let value = try convert(pair.value, depth: depth + 1)
                    members.append(JSONValue.Member(key: key, keyPosition: Self.position(of: pair.key), value: value))
                }
                return JSONValue.Located(value: .object(members), position: position)
            case .alias:
                // Yams composes aliases into the nodes they name; the pre-scan refused them already.
                throw JSONSyntaxError(message: "aliases are not supported in a viperlint configuration", position: position)
            }
        }

        static func position(of node: Node) -> SourcePosition {
            SourcePosition(line: max(node.mark?.line ?? 1, 1), column: max(node.mark?.column ?? 1, 1))
        }

        /// The core schema's tags, which change nothing here: Yams gives an untagged node the
        /// empty tag, a quoted scalar `str`, and a mapping key the tag its own (YAML 1.1)
        /// resolver picks, since it hashes keys to find duplicates; values are resolved below.
        static let coreTags = Set([""] + ["str", "int", "float", "bool", "null", "seq", "map"].map { "tag:yaml.org,2002:" + $0 })

        /// Any other tag (a custom `!Thing`, `!!binary`, `!!set`) is refused: JSON has none.
        static func refuseTag(of node: Node, at position: SourcePosition) throws(JSONSyntaxError) {
            let name: String
            switch node {
            case let .scalar(scalar): name = scalar.tag.rawValue
            case let .sequence(sequence): name = sequence.tag.rawValue
            case let .mapping(mapping): name = mapping.tag.rawValue
            case let .alias(alias): name = alias.tag.rawValue
            }
            guard coreTags.contains(name) else {
                throw JSONSyntaxError(message: "the tag '\(name)' is not supported: a viperlint configuration has no tags "
                                      + "(quote a value to make it a string)", position: position)
            }
        }

        static func key(_ node: Node) throws(JSONSyntaxError) -> String {
            guard case let .scalar(scalar) = node else {
                throw JSONSyntaxError(message: "a key must be a string, not a mapping or a list", position: position(of: node))
            }
            try refuseTag(of: node, at: position(of: node))
            guard case let .string(key) = resolve(scalar) else {
                throw JSONSyntaxError(message: "the key '\(scalar.string)' is \(resolve(scalar).typeName), not a string: quote it (\"\(scalar.string)\")",
                                      position: position(of: node))
            }
            return key
        }

        /// The YAML 1.2 core schema (not YAML 1.1's, where `off`, `yes` and `no` are booleans).
        static func resolve(_ scalar: Node.Scalar) -> JSONValue {
            // Quoted and block scalars, and `!!str`, are strings.
            guard scalar.style == .plain || scalar.style == .any, scalar.tag.rawValue != Tag.Name.str.rawValue else {
                return .string(scalar.string)
            }
            let text = scalar.string
            switch text {
            case "", "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number(.infinity)
            case "-.inf", "-.Inf", "-.INF": return .number(-.infinity)
            case ".nan", ".NaN", ".NAN": return .number(.nan)
            default: break
            }
            if let number = integer(text) ?? float(text) { return .number(number) }
            return .string(text)
        }

        /// `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`.
        static func integer(_ text: String) -> Double? {
            let utf8 = Array(text.utf8)
            func digits(_ bytes: ArraySlice<UInt8>, radix: Int) -> Double? {
                guard !bytes.isEmpty else { return nil }
                var value = 0.0
                for byte in bytes {
                    guard let digit = Int(String(UnicodeScalar(byte)), radix: radix) else { return nil }
                    value = value * Double(radix) + Double(digit)
                }
                return value
            }
            if utf8.starts(with: Array("0o".utf8)) { return digits(utf8.dropFirst(2), radix: 8) }
            if utf8.starts(with: Array("0x".utf8)) { return digits(utf8.dropFirst(2), radix: 16) }
            let sign: Double = utf8.first == UInt8(ascii: "-") ? -1 : 1
            let body = utf8.first == UInt8(ascii: "-") || utf8.first == UInt8(ascii: "+") ? utf8.dropFirst() : utf8[...]
            guard body.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
            return digits(body, radix: 10).map { sign * $0 }
        }

        /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`.
        static func float(_ text: String) -> Double? {
            var bytes = Array(text.utf8)[...]
            if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
            let whole = bytes.prefix(while: isDigit)
            bytes = bytes.dropFirst(whole.count)
            var fraction = 0
            if bytes.first == UInt8(ascii: ".") {
                bytes = bytes.dropFirst()
                fraction = bytes.prefix(while: isDigit).count
                bytes = bytes.dropFirst(fraction)
            }
            guard whole.count + fraction > 0 else { return nil }
            if let first = bytes.first, first == UInt8(ascii: "e") || first == UInt8(ascii: "E") {
                bytes = bytes.dropFirst()
                if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
                let exponent = bytes.prefix(while: isDigit).count
                guard exponent > 0 else { return nil }
                bytes = bytes.dropFirst(exponent)
            }
            guard bytes.isEmpty else { return nil }
            return Double(text)
        }
    }
}

/// A pass over the raw text before Yams composes it, for what must be refused before Yams's
/// recursive composer sees it: anchors and aliases (`&name`, `*name`, whose expansion is the
/// billion-laughs attack) and nesting deeper than the limit. It reads YAML's tokens only as
/// far as that needs: quotes, comments, block scalars, flow brackets and block indicators.
/// Its depth is an upper bound: each deeper indentation counts twice (a key's list may sit at
/// the key's own indentation, so one indentation step can hold a mapping and a list), and each
/// `- `, `? ` and `: ` on the line and each open bracket once; only a pathological file is refused
/// for depth, and the converter then checks the exact depth.
enum YAMLPreScan {
    static func check(_ text: String, maximumDepth: Int) throws(JSONSyntaxError) {
        var indents: [Int] = []
        var flowDepth = 0
        var quote: UInt8?
        var blockScalarIndent: Int?
        var lineNumber = 0
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var bytes = Array(line)
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            // A byte order mark is not the line's first token.
            if lineNumber == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            let indent = bytes.prefix { $0 == UInt8(ascii: " ") }.count
            let blank = indent == bytes.count || bytes[indent] == UInt8(ascii: "#")
            if let parent = blockScalarIndent {
                if blank || indent > parent { continue }
                blockScalarIndent = nil
            }
            var lineDepth = 0
            var index = 0
            func fail(_ message: String, at column: Int) -> JSONSyntaxError {
                JSONSyntaxError(message: message, position: SourcePosition(line: lineNumber, column: column + 1))
            }
            if quote == nil, flowDepth == 0 {
                if blank { continue }
                while let last = indents.last, last > indent { indents.removeLast() }
                if indents.last != indent { indents.append(indent) }
                index = indent
            }
            // Where a node can start: the line's first token, after an indicator, in a flow after [ { , :
            var nodeStart = quote == nil
            while index < bytes.count {
                let byte = bytes[index]
                if let open = quote {
                    if open == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") { index += 2; continue }
                    if byte == open {
                        if open == UInt8(ascii: "'"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "'") { index += 2; continue }
                        quote = nil
                    }
                    index += 1
                    continue
                }
                let previousIsSpace = index == 0 || bytes[index - 1] == UInt8(ascii: " ") || bytes[index - 1] == UInt8(ascii: "\t")
                let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
                let nextEndsToken = next == nil || next == UInt8(ascii: " ") || next == UInt8(ascii: "\t")
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    index += 1
                    continue
                case UInt8(ascii: "#") where previousIsSpace:
                    index = bytes.count
                    continue
                case _ where (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) && nodeStart:
                    quote = byte
                case UInt8(ascii: "&") where nodeStart:
                    throw fail("'&' starts an anchor (&name), which a viperlint configuration does not support: "
                               + "write the value out, or quote a string that starts with '&'", at: index)
                case UInt8(ascii: "*") where nodeStart:
                    throw fail("'*' starts an alias (*name), which a viperlint configuration does not support: "
                               + "write the value out, or quote a glob that starts with '*' (\"**/Tests/**\")", at: index)
                case _ where (byte == UInt8(ascii: "|") || byte == UInt8(ascii: ">")) && nodeStart && flowDepth == 0:
                    // A block scalar: the lines indented past this one are its text.
                    blockScalarIndent = indent
                    index = bytes.count
                    continue
                case _ where (byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")) && (nodeStart || flowDepth > 0):
                    flowDepth += 1
                    if 2 * indents.count + lineDepth + flowDepth > maximumDepth {
                        throw fail("nesting deeper than \(maximumDepth) levels", at: index)
                    }
                    index += 1
                    nodeStart = true
                    continue
                case _ where (byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")) && flowDepth > 0:
                    flowDepth -= 1
                case _ where (byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":")) && flowDepth > 0:
                    index += 1
                    nodeStart = true
                    continue
                case _ where (byte == UInt8(ascii: ":") || (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "?")) && nodeStart) && nextEndsToken:
                    lineDepth += 1
                    if 2 * indents.count + lineDepth + flowDepth > maximumDepth {
                        throw fail("nesting deeper than \(maximumDepth) levels", at: index)
                    }
                    index += 1
                    nodeStart = true
                    continue
                default:
                    break
                }
                nodeStart = false
                index += 1
            }
        }
    }
}

extension JSONOutput {
    /// The value as a YAML document in block style (for `init --yaml`), ending with a newline.
    /// Strings stay plain only where YAML 1.2 reads them back as the same string; others are
    /// double-quoted with JSON's escapes, which YAML's double-quoted strings share.
    public func renderedYAML() -> String {
        switch self {
        case .object(let members) where !members.isEmpty:
            return JSONOutput.yamlLines(members, indent: "").joined(separator: "\n") + "\n"
        default:
            return JSONOutput.yamlScalar(self) + "\n"
        }
    }

    private static func yamlLines(_ members: [(String, JSONOutput)], indent: String) -> [String] {
        var lines: [String] = []
        for (key, value) in members {
            let head = indent + yamlString(key) + ":"
            switch value {
            case .object(let inner) where !inner.isEmpty:
                lines.append(head)
                lines += yamlLines(inner, indent: indent + "  ")
            case .array(let elements) where !elements.isEmpty:
                lines.append(head)
                lines += yamlLines(elements, indent: indent + "  ")
            default:
                lines.append(head + " " + yamlScalar(value))
            }
        }
        return lines
    }

    private static func yamlLines(_ elements: [JSONOutput], indent: String) -> [String] {
        var lines: [String] = []
        for element in elements {
            var inner: [String]
            switch element {
            case .object(let members) where !members.isEmpty: inner = yamlLines(members, indent: indent + "  ")
            case .array(let nested) where !nested.isEmpty: inner = yamlLines(nested, indent: indent + "  ")
            default: inner = [indent + "  " + yamlScalar(element)]
            }
            // The first line of the element goes after its dash: `- key: value`.
            inner[0] = indent + "- " + inner[0].dropFirst(indent.count + 2)
            lines += inner
        }
        return lines
    }

    private static func yamlScalar(_ value: JSONOutput) -> String {
        switch value {
        case .object: return "{}"
        case .array: return "[]"
        case let .string(text): return yamlString(text)
        case let .integer(number): return String(number)
        case let .bool(flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }

    /// Plain when the YAML reader gives back the same string, else double-quoted.
    static func yamlString(_ text: String) -> String {
        if isPlainSafe(text) { return text }
        var quoted = ""
        writeString(text, into: &quoted)
        return quoted
    }

    private static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              !"-?:,[]{}#&*!|>'\"%@` \t".unicodeScalars.contains(first), last != " ", last != ":",
              !text.contains(": "), !text.contains(" #"), text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }),
              case .string = YAMLConfigurationParser.resolvePlain(text) else { return false }
        return true
    }
}
