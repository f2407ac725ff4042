/// A finding's message cut for the text report: a headline that says what and where, and the
/// rest as notes. The rules' messages are not rewritten: the cut is at stable places of their
/// wording. The headline is the first clause (up to the first `; ` or end of sentence outside
/// quotes and parentheses), or what comes before its first `: ` when the clause is longer than
/// `headlineLimit`; each further sentence is a note. A headline still longer
/// than `headlineLimit` moves, in this order, a trailing parenthesis and the ` in module '…'`
/// and ` of module '…'` of a quoted name to `details` (`'Article' is in module 'Feed'`): facts of
/// this site, where `notes` (the rule's explanation and fix) are often the same for many sites.
struct FindingText: Equatable {
    static let headlineLimit = 120

    var headline: String
    var details: [String]
    var notes: [String]

    init(headline: String, details: [String] = [], notes: [String]) {
        self.headline = headline
        self.details = details
        self.notes = notes
    }

    /// What a finding printed alone says below its headline.
    var allNotes: [String] { details + notes }

    init(_ message: String) {
        let characters = Array(message)
        var scanner = QuoteScanner()
        var headline: String?
        var colon: Int?
        var notes: [String] = []
        var start = 0
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if scanner.step(characters, index), scanner.depth == 0, index + 1 < characters.count, characters[index + 1] == " " {
                let next = index + 2 < characters.count ? characters[index + 2] : " "
                if headline == nil, character == ":", colon == nil { colon = index }
                let endsClause = headline == nil && character == ";"
                if endsClause || (character == "." && !next.isLowercase) {
                    let end = character == "." ? index + 1 : index
                    if headline != nil {
                        notes.append(String(characters[start..<end]))
                    } else if let colon, end > Self.headlineLimit {
                        // Too long to the end of the clause: the headline ends at its colon.
                        headline = String(characters[..<colon])
                        notes.append(String(characters[(colon + 2)..<index]) + (character == "." ? "." : ""))
                    } else {
                        headline = String(characters[..<end])
                    }
                    start = index + 2
                    index += 2
                    continue
                }
            }
            index += 1
        }
        if headline == nil, let colon, characters.count > Self.headlineLimit {
            headline = String(characters[..<colon])
            start = colon + 2
        }
        guard let head = headline else {
            self.init(headline: message, notes: [])
            return
        }
        if start < characters.count { notes.append(String(characters[start...])) }
        var shortened = head
        var moved: [String] = []
        if shortened.count > Self.headlineLimit, let (rest, inside) = Self.trailingParenthesis(of: shortened) {
            shortened = rest
            moved.append(inside)
        }
        for phrase in [" in module '", " of module '"] where shortened.count > Self.headlineLimit {
            if let (rest, note) = Self.movingModule(phrase, of: shortened) {
                shortened = rest
                moved.append(note)
            }
        }
        self.init(headline: shortened, details: moved, notes: notes)
    }

    /// `Text (inside)` as `Text` and `inside`, when the parenthesis ends the text.
    private static func trailingParenthesis(of text: String) -> (String, String)? {
        let characters = Array(text)
        guard characters.last == ")" else { return nil }
        var scanner = QuoteScanner()
        var open: Int?
        for index in characters.indices where scanner.step(characters, index) {
            if characters[index] == "(" && scanner.depth == 1 { open = index }
        }
        guard scanner.depth == 0, let open, open > 0, characters[open - 1] == " " else { return nil }
        return (String(characters[..<(open - 1)]), String(characters[(open + 1)..<(characters.count - 1)]))
    }

    /// `View 'A.b' in module 'Feed' uses ...` as `View 'A.b' uses ...` and `'A.b' is in module 'Feed'`:
    /// only when a quoted name comes right before the phrase, so the note says whose module it is.
    private static func movingModule(_ phrase: String, of text: String) -> (String, String)? {
        guard let range = text.range(of: phrase), text[..<range.lowerBound].hasSuffix("'") else { return nil }
        let before = text[..<range.lowerBound].dropLast()
        guard let subjectStart = before.lastIndex(of: "'") else { return nil }
        let subject = text[subjectStart..<range.lowerBound]
        let after = text[range.upperBound...]
        guard let close = after.firstIndex(of: "'") else { return nil }
        let module = after[..<close]
        let rest = String(text[..<range.lowerBound]) + String(after[after.index(after: close)...])
        return (rest, "\(subject) is in module '\(module)'")
    }
}

/// Where a message's quoted names and parentheses are: a `'` opens a quote after a space or
/// the start (not inside a word, as in `window's`) and closes one before a non-word character.
private struct QuoteScanner {
    var inQuote = false
    var depth = 0

    /// Takes the character at `index` into account; true when it is outside quotes (and not a quote).
    mutating func step(_ characters: [Character], _ index: Int) -> Bool {
        let character = characters[index]
        func isWord(_ character: Character) -> Bool { character.isLetter || character.isNumber }
        if character == "'" {
            if inQuote {
                if !(index + 1 < characters.count && isWord(characters[index + 1])) { inQuote = false }
                return false
            }
            if !(index > 0 && isWord(characters[index - 1])) {
                inQuote = true
                return false
            }
            return true
        }
        if inQuote { return false }
        if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) }
        return true
    }
}
