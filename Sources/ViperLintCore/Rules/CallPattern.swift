/// A call written the way Swift names functions: `pushViewController(_:animated:)`,
/// `String(format:)`, `UIApplication.shared.open`, `formatted`. It matches a call whose chain
/// ends with the same components and whose argument labels start with the given ones
/// (`_` for an unlabeled argument); without parentheses, any labels match.
public struct CallPattern: Sendable, Hashable, CustomStringConvertible {
    public let chain: [String]
    public let labels: [String]?
    public let description: String

    public init(_ text: String) {
        description = text
        if let open = text.firstIndex(of: "(") {
            chain = text[..<open].split(separator: ".").map(String.init)
            labels = text[text.index(after: open)...].split(whereSeparator: { $0 == ":" || $0 == ")" }).map(String.init)
        } else {
            chain = text.split(separator: ".").map(String.init)
            labels = nil
        }
    }

    public func matches(_ call: CallFact) -> Bool {
        guard !chain.isEmpty, call.chain.count >= chain.count, call.chain.suffix(chain.count).elementsEqual(chain) else { return false }
        guard let labels else { return true }
        return call.argumentLabels.count >= labels.count && call.argumentLabels.prefix(labels.count).elementsEqual(labels)
    }
}
