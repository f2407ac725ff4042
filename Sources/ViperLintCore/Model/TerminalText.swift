/// Text for line-oriented output (the text report, warnings, `classify`): a path may hold a
/// newline, an escape sequence or a bidirectional override, and printed raw it would split one
/// finding over two lines, repaint the terminal or show code other than what is there. C0 and
/// C1 control characters and the bidi controls are written as Swift escapes instead.
public enum TerminalText {
    /// `keepingNewlines`: for formats that escape newlines their own way (DOT, Mermaid labels).
    public static func printable(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0) && !(keepingNewlines && $0 == "\n") }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where keepingNewlines: result.unicodeScalars.append(scalar)
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let special where needsEscape(special):
                result += "\\u{" + String(special.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 and C1 controls (U+009B starts an escape sequence too) and the bidirectional
    /// embeddings, overrides and isolates (the "Trojan Source" characters).
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F || value == 0x061C
    }
}
