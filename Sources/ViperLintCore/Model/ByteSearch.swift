/// Substring search over UTF-8 bytes. Foundation's `String.contains(_:)` bridges through
/// NSString on Linux and showed up in profiles of every file read.
enum ByteSearch {
    static func contains(_ haystack: String, _ needle: StaticString) -> Bool {
        var text = haystack
        return text.withUTF8 { bytes in contains(UnsafeRawBufferPointer(bytes), needle) }
    }

    static func contains(_ bytes: UnsafeRawBufferPointer, _ needle: StaticString) -> Bool {
        let pattern = UnsafeRawBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = pattern.first, pattern.count <= bytes.count else { return pattern.isEmpty }
        var index = 0
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first {
                var matched = 1
                while matched < pattern.count && bytes[index + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count { return true }
            }
            index += 1
        }
        return false
    }
}
