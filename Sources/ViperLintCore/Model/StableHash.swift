/// A 64-bit FNV-1a hash, the same on every platform and in every process (Swift's `Hasher`
/// is seeded per process): for SARIF fingerprints and cache keys.
public struct StableHash: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func combine(_ text: String) {
        for byte in text.utf8 { combine(byte) }
        combine(0xFF) // separator: ("ab", "c") and ("a", "bc") differ
    }

    public mutating func combine<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { combine(byte) }
    }

    private mutating func combine(_ byte: UInt8) {
        state ^= UInt64(byte)
        state = state &* 0x0000_0100_0000_01B3
    }

    /// Sixteen lower-case hex digits.
    public var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public static func of(_ parts: String...) -> String {
        var hash = StableHash()
        for part in parts { hash.combine(part) }
        return hash.hex
    }
}
