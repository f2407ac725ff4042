/// A 1-based line and column in a source file. Columns count UTF-8 bytes, as the
/// Swift compiler and clang do, so editors and Xcode jump to the right place.
///
/// Stored as 32-bit numbers (files over 10 MB are never read, so no line or column comes
/// near the limit): every fact carries a position, and on a large project the halved size
/// is a tenth of the facts' memory.
public struct SourcePosition: Codable, Hashable, Sendable, Comparable {
    private var storedLine: Int32
    private var storedColumn: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    private enum CodingKeys: String, CodingKey { case line, column }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(line: try container.decode(Int.self, forKey: .line), column: try container.decode(Int.self, forKey: .column))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }
}
