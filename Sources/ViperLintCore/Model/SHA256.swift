/// SHA-256 (FIPS 180-4): the fact cache's keys (a collision must be infeasible, or a warm run
/// would report another file's facts), the HMAC that authenticates the cache folder's files,
/// and the HTML report's content security policy, which names its inline style by hash. Small
/// enough to keep here rather than add a crypto package.
enum SHA256 {
    fileprivate static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    static func digest<Bytes: Collection<UInt8>>(_ message: Bytes) -> [UInt8] {
        var hasher = Hasher()
        hasher.update(message)
        return hasher.finalized()
    }

    /// A digest taken in parts: what `digest` of their concatenation gives.
    struct Hasher: Sendable {
        private var hash: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        /// Bytes of an unfinished block (fewer than 64).
        private var pending: [UInt8] = []
        private var length: UInt64 = 0

        mutating func update<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
            if bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) == nil {
                Array(bytes).withUnsafeBytes { update($0) }
            }
        }

        mutating func update(_ bytes: UnsafeRawBufferPointer) {
            length &+= UInt64(bytes.count)
            var start = 0
            if !pending.isEmpty {
                start = min(64 - pending.count, bytes.count)
                pending += bytes[0..<start]
                guard pending.count == 64 else { return }
                pending.withUnsafeBytes { Self.compress(&hash, $0) }
                pending.removeAll(keepingCapacity: true)
            }
            let whole = (bytes.count - start) / 64 * 64
            if whole > 0 { Self.compress(&hash, UnsafeRawBufferPointer(rebasing: bytes[start..<start + whole])) }
            pending += bytes[(start + whole)...]
        }

        /// The digest of everything given so far.
        func finalized() -> [UInt8] {
            var hash = self.hash
            var tail = pending + [0x80]
            while tail.count % 64 != 56 { tail.append(0) }
            let bitLength = length &* 8
            for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
            tail.withUnsafeBytes { Self.compress(&hash, $0) }
            return hash.flatMap { value in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) } }
        }

        /// Runs the compression function over whole 64-byte blocks.
        private static func compress(_ hash: inout [UInt32], _ blocks: UnsafeRawBufferPointer) {
            @inline(__always) func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 { (value &>> count) | (value &<< (32 &- count)) }
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                SHA256.k.withUnsafeBufferPointer { k in
                    var (h0, h1, h2, h3, h4, h5, h6, h7) = (hash[0], hash[1], hash[2], hash[3], hash[4], hash[5], hash[6], hash[7])
                    for chunk in stride(from: 0, to: blocks.count, by: 64) {
                        for i in 0..<16 {
                            w[i] = UInt32(bigEndian: blocks.loadUnaligned(fromByteOffset: chunk + i * 4, as: UInt32.self))
                        }
                        for i in 16..<64 {
                            let s0 = rotate(w[i - 15], 7) ^ rotate(w[i - 15], 18) ^ (w[i - 15] &>> 3)
                            let s1 = rotate(w[i - 2], 17) ^ rotate(w[i - 2], 19) ^ (w[i - 2] &>> 10)
                            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                        }
                        var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
                        for i in 0..<64 {
                            let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                            let choice = (e & f) ^ (~e & g)
                            let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                            let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                            let majority = (a & b) ^ (a & c) ^ (b & c)
                            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ s0 &+ majority)
                        }
                        (h0, h1, h2, h3) = (h0 &+ a, h1 &+ b, h2 &+ c, h3 &+ d)
                        (h4, h5, h6, h7) = (h4 &+ e, h5 &+ f, h6 &+ g, h7 &+ h)
                    }
                    hash = [h0, h1, h2, h3, h4, h5, h6, h7]
                }
            }
        }
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
/// when the HMAC is made; each message then costs its own blocks and two more.
struct HMAC: Sendable {
    private var inner = SHA256.Hasher()
    private var outer = SHA256.Hasher()

    init<Key: Collection<UInt8>>(key: Key) {
        var block = key.count > 64 ? SHA256.digest(key) : Array(key)
        block += [UInt8](repeating: 0, count: 64 - block.count)
        inner.update(block.map { $0 ^ 0x36 })
        outer.update(block.map { $0 ^ 0x5c })
    }

    mutating func update<Bytes: Collection<UInt8>>(_ bytes: Bytes) { inner.update(bytes) }

    /// The code of everything given so far.
    func finalized() -> [UInt8] {
        var outer = self.outer
        outer.update(inner.finalized())
        return outer.finalized()
    }

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
