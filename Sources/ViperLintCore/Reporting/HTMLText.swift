/// Builds HTML that is also well-formed XML: text is always escaped, markup is written as is.
struct HTMLText {
    private(set) var text = ""

    /// Markup, written as given.
    mutating func raw(_ markup: String) { text += markup }

    /// Text content or an attribute value, escaped; control characters other than tab and
    /// newline (which neither HTML nor XML can hold) become U+FFFD.
    mutating func text(_ value: String) { text += Self.escaped(value) }

    mutating func element(_ name: String, _ content: String, class className: String? = nil) {
        text += className.map { "<\(name) class=\"\($0)\">" } ?? "<\(name)>"
        text += Self.escaped(content)
        text += "</\(name)>"
    }

    static func escaped(_ value: String) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case let control where control.value < 0x20 || control.value == 0x7F || (0xFFFE...0xFFFF).contains(control.value):
                result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
