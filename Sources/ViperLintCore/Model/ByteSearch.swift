/// Substring search over UTF-8 bytes. Foundation's `String.contains(_:)` bridges through
/// NSString on Linux and showed up in profiles of every file read.
enum ByteSearch {
    static func contains(_ haystack: String, _ needle: StaticString) -> Bool {
        var text = haystack
        return text.withUTF8 { bytes in contains(UnsafeRawBufferPointer(bytes), needle) }
    }

    static func contains(_ bytes: UnsafeRawBufferPointer, _ needle: StaticString) -> Bool {
        firstIndex(of: needle, in: bytes, from: 0, to: bytes.count) != nil
    }

    /// Where `needle` first starts within `bytes[start..<end]`, or nil.
    static func firstIndex(of needle: StaticString, in bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int? {
        let pattern = UnsafeRawBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = pattern.first else { return start }
        guard start >= 0, end <= bytes.count, pattern.count <= end - start else { return nil }
        var index = start
        let last = end - pattern.count
        while index <= last {
            if bytes[index] == first {
                var matched = 1
                while matched < pattern.count && bytes[index + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count { return index }
            }
            index += 1
        }
        return nil
    }
}
