/// Text for line-oriented output (the text report, warnings, `classify`): a path may hold a
/// newline or an escape sequence, and printed raw it would split one finding over two lines
/// or repaint the terminal. Control characters are written as Swift escapes instead.
public enum TerminalText {
    public static func printable(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20 || control.value == 0x7F:
                result += "\\u{" + String(control.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
