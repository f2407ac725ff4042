/// Strict UTF-8 decoding that also builds for macOS 13 and 14 (`String(validating:as:)` is
/// macOS 15 and later): decode with repair, and accept only when nothing was repaired.
enum UTF8Text {
    static func decode<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}
