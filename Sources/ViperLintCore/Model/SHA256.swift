import Crypto
import Foundation

/// SHA-256 (FIPS 180-4) and HMAC-SHA-256 (RFC 2104) from apple/swift-crypto (BoringSSL's
/// assembly on Linux; CryptoKit itself on Apple platforms, which swift-crypto forwards to), behind
/// the small API the rest of the package calls: the fact cache's keys (a collision must be
/// infeasible, or a warm run would report another file's facts), the HMAC that authenticates the
/// cache folder's files, and the HTML report's content security policy, which names its inline
/// style by hash. Why a library and not our own code: docs/cache.md, Crypto from a library.
enum SHA256 {
    static func digest<Bytes: Collection<UInt8>>(_ message: Bytes) -> [UInt8] {
        var hasher = Hasher()
        hasher.update(message)
        return hasher.finalized()
    }

    /// A digest taken in parts: what `digest` of their concatenation gives.
    ///
    /// `@unchecked Sendable`: swift-crypto 3's `SHA256` is a value (its BoringSSL context is
    /// copied on write) that does not declare `Sendable`; swift-crypto 4 and CryptoKit do.
    struct Hasher: @unchecked Sendable {
        fileprivate var state = Crypto.SHA256()

        mutating func update<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
            if bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) == nil {
                Array(bytes).withUnsafeBytes { update($0) }
            }
        }

        mutating func update(_ bytes: UnsafeRawBufferPointer) { state.update(bufferPointer: bytes) }

        /// The digest of everything given so far.
        func finalized() -> [UInt8] { state.finalize().withUnsafeBytes { Array($0) } }
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var output = ""
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let chunk = Array(bytes[start..<min(start + 3, bytes.count)])
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << UInt32(16 - 8 * $1.offset) }
            for i in 0..<4 {
                output.append(i <= chunk.count ? alphabet[Int((value >> UInt32(18 - 6 * i)) & 63)] : "=")
            }
        }
        return output
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes { text.append(digits[Int(byte >> 4)]); text.append(digits[Int(byte & 15)]) }
        return String(decoding: text, as: UTF8.self)
    }
}

/// HMAC-SHA-256 (RFC 2104): a keyed code that only a holder of the key can compute, what
/// authenticates the cache folder's files (`CacheKey`). The key's padded blocks are hashed once,
/// when the HMAC is made; a copy then costs each message its own blocks and two more.
/// `@unchecked Sendable` for the reason `SHA256.Hasher` gives.
struct HMAC: @unchecked Sendable {
    private var state: Crypto.HMAC<Crypto.SHA256>

    init<Key: Collection<UInt8>>(key: Key) { state = Crypto.HMAC(key: SymmetricKey(data: Array(key))) }

    mutating func update<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        if bytes.withContiguousStorageIfAvailable({ state.update(data: UnsafeRawBufferPointer($0)) }) == nil {
            Array(bytes).withUnsafeBytes { state.update(data: $0) }
        }
    }

    /// The code of everything given so far.
    func finalized() -> [UInt8] { state.finalize().withUnsafeBytes { Array($0) } }

    static func code<Key: Collection<UInt8>, Bytes: Collection<UInt8>>(key: Key, message: Bytes) -> [UInt8] {
        var mac = HMAC(key: key)
        mac.update(message)
        return mac.finalized()
    }

    /// Compares two codes in time that does not depend on where they differ.
    static func equal<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
