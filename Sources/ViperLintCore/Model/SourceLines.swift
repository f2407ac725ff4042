/// A source text cut into lines the way swift-syntax counts them: LF, CR LF and a lone CR each
/// end a line. (`split(separator: "\n")` would not do: Swift reads CR LF as one Character, so
/// a Windows-edited file would be a single line.)
public enum SourceLines {
    /// Every line, without its break; a text ending in a break has an empty last line.
    public static func split(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            let byte = bytes[index]
            guard byte == 0x0A || byte == 0x0D else {
                index = bytes.index(after: index)
                continue
            }
            lines.append(text[start..<index])
            index = bytes.index(after: index)
            if byte == 0x0D, index != bytes.endIndex, bytes[index] == 0x0A { index = bytes.index(after: index) }
            start = index
        }
        lines.append(text[start..<index])
        return lines
    }
}
