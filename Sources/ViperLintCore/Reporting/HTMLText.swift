/// Builds HTML that is also well-formed XML: text is always escaped, markup is written as is.
struct HTMLText {
    private(set) var text = ""

    /// Markup, written as given.
    mutating func raw(_ markup: String) { text += markup }

    /// Text content or an attribute value, escaped; control characters XML cannot hold are dropped.
    mutating func text(_ value: String) { text += Self.escaped(value) }

    mutating func element(_ name: String, _ content: String, class className: String? = nil) {
        text += className.map { "<\(name) class=\"\($0)\">" } ?? "<\(name)>"
        text += Self.escaped(content)
        text += "</\(name)>"
    }

    /// The XML escaping of the checkstyle and JUnit reports: the page must parse as XML too.
    static func escaped(_ value: String) -> String { XMLText.escaped(value) }
}
