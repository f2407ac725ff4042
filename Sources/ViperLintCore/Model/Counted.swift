/// "1 type", "3 types": a count with its noun, for every text viperlint prints.
public func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}

/// "a class", "an enum", "an 'ISO8601DateFormatter'": the indefinite article a word takes,
/// told by its first letter (quotes skipped); enough for the kinds and type names messages print.
public func withArticle(_ word: String) -> String {
    let first = word.first { $0.isLetter }.map { Character($0.lowercased()) }
    return (first.map { "aeio".contains($0) } ?? false ? "an " : "a ") + word
}
