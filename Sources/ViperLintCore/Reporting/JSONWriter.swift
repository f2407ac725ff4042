/// A JSON value with ordered keys, written pretty-printed with two-space indentation. Key
/// order is the documented order, so reports diff well and are the same bytes every run.
public indirect enum JSONOutput: Sendable {
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null

    public static func optional(_ value: String?) -> JSONOutput { value.map(JSONOutput.string) ?? .null }

    /// The document text, ending with a newline.
    public func rendered() -> String {
        var output = ""
        write(into: &output, indent: "")
        output += "\n"
        return output
    }

    private func write(into output: inout String, indent: String) {
        switch self {
        case let .object(members):
            if members.isEmpty { output += "{}"; return }
            output += "{\n"
            let inner = indent + "  "
            for (offset, member) in members.enumerated() {
                output += inner
                JSONOutput.writeString(member.0, into: &output)
                output += ": "
                member.1.write(into: &output, indent: inner)
                output += offset == members.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        case let .array(elements):
            if elements.isEmpty { output += "[]"; return }
            output += "[\n"
            let inner = indent + "  "
            for (offset, element) in elements.enumerated() {
                output += inner
                element.write(into: &output, indent: inner)
                output += offset == elements.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
        case let .string(value):
            JSONOutput.writeString(value, into: &output)
        case let .integer(value):
            output += String(value)
        case let .bool(value):
            output += value ? "true" : "false"
        case .null:
            output += "null"
        }
    }

    static func writeString(_ value: String, into output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
