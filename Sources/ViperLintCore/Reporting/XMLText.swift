/// Escapes text for XML attribute values and character data. Characters XML 1.0 cannot hold
/// at all (most control characters) are dropped.
enum XMLText {
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            case let control where control.value < 0x20 || (0xFFFE...0xFFFF).contains(control.value):
                continue
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
