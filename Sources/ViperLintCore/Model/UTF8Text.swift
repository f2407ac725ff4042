/// Strict UTF-8 decoding that also builds for macOS 13 and 14 (`String(validating:as:)` is
/// macOS 15 and later): decode with repair, and accept only when nothing was repaired.
enum UTF8Text {
    static func decode<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer -> String? in
            let text = String(decoding: buffer, as: UTF8.self)
            // ASCII (nearly every name and path the cache holds) has nothing to repair; only
            // other text is compared back, which cost a tenth of a warm run.
            return !buffer.contains(where: { $0 >= 0x80 }) || text.utf8.elementsEqual(buffer) ? text : nil
        }
        if let contiguous { return contiguous }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}
