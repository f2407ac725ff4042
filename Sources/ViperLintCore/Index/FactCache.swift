import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-file facts stored by content: a file whose bytes did not change is not parsed again.
///
/// An entry's key is the SHA-256 of the tool version, the facts format, the parser settings,
/// the path and the file's bytes, plus the byte count: no two files share an entry. A corrupt, foreign or outdated entry is ignored and rewritten, never
/// trusted; entries are written atomically (temporary file, then rename), so concurrent
/// runs only ever see whole entries.
public struct FactCache: Sendable {
    /// Bumped whenever `FileFacts` or fact extraction changes meaning.
    public static let formatVersion = 10

    public let folder: URL
    private let folderPath: String

    /// Creates the cache folder if needed; nil when it cannot be created or written.
    public init?(folder: URL) {
        let versioned = folder.appendingPathComponent("facts-v\(Self.formatVersion)")
        do {
            // The 256 buckets (first two hex digits of the key) are made once, not per entry.
            for bucket in 0..<256 {
                let name = String(bucket, radix: 16)
                try FileManager.default.createDirectory(at: versioned.appendingPathComponent(name.count == 1 ? "0" + name : name),
                                                        withIntermediateDirectories: true)
            }
        } catch {
            return nil
        }
        guard FileManager.default.isWritableFile(atPath: versioned.path) else { return nil }
        self.folder = versioned
        folderPath = versioned.path
        trimIfDue()
    }

    /// Entries not written for this long are removed (a file unchanged that long is parsed
    /// once more), and so are temporary files older than an hour (left by a killed run).
    public static let entryLifetime: TimeInterval = 30 * 24 * 3600

    /// Trims the cache at most once a day, and older formats' folders with it.
    func trimIfDue(now: Date = Date()) {
        let stamp = folder.appendingPathComponent("last-trim")
        if let date = (try? FileManager.default.attributesOfItem(atPath: stamp.path))?[.modificationDate] as? Date,
           now.timeIntervalSince(date) < 24 * 3600 { return }
        FileManager.default.createFile(atPath: stamp.path, contents: Data())
        trim(now: now)
    }

    /// Removes old entries and orphaned temporary files; never fails a run.
    func trim(now: Date = Date()) {
        let fileManager = FileManager.default
        let parent = folder.deletingLastPathComponent()
        for name in (try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? []
        where name.hasPrefix("facts-v") && name != folder.lastPathComponent {
            try? fileManager.removeItem(at: parent.appendingPathComponent(name))
        }
        for bucket in (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? [] where bucket.count == 2 {
            let bucketPath = folder.appendingPathComponent(bucket).path
            for name in (try? fileManager.contentsOfDirectory(atPath: bucketPath)) ?? [] {
                let path = bucketPath + "/" + name
                guard let date = (try? fileManager.attributesOfItem(atPath: path))?[.modificationDate] as? Date else { continue }
                let age = now.timeIntervalSince(date)
                if (name.hasSuffix(".tmp") && age > 3600) || (name.hasSuffix(".facts") && age > Self.entryLifetime) {
                    unlink(path)
                }
            }
        }
    }

    /// The user's cache folder: `$XDG_CACHE_HOME` or `~/.cache` on Linux,
    /// `~/Library/Caches` on macOS, then `viperlint`.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        #if os(macOS)
        let base = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Library/Caches")
        #else
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".cache")
        #endif
        return base.appendingPathComponent("viperlint")
    }

    /// The entry key of a file's text. `salt` holds whatever else the facts depend on (for
    /// Objective-C: the libclang version and the project's headers).
    public static func key(path: String, text: String, salt: String = "") -> String {
        var message: [UInt8] = []
        message.reserveCapacity(text.utf8.count + path.utf8.count + salt.utf8.count + 32)
        // NUL-separated: no two different inputs give the same message.
        for part in [salt, ViperLint.version, String(formatVersion), String(FactExtractor.maximumNestingLevel), path] {
            message += part.utf8
            message.append(0)
        }
        message += text.utf8
        return SHA256.hex(SHA256.digest(message)) + String(text.utf8.count, radix: 16)
    }

    /// The entry's path, built as a string: `URL` path appending cost a twentieth of a warm run.
    private func entryPath(for key: String) -> String {
        "\(folderPath)/\(key.prefix(2))/\(key).facts"
    }

    /// An entry is the key's bytes, a zero byte, then the binary facts: a foreign entry (a hash
    /// collision, a file copied by hand) fails the key check.
    public func load(key: String, path: String) -> FileFacts? {
        guard let data = FileManager.default.contents(atPath: entryPath(for: key)) else { return nil }
        return Self.decodeEntry([UInt8](data), key: key, path: path)
    }

    /// The facts in an entry's bytes, or nil when they are not a whole entry for this key and path.
    public static func decodeEntry(_ bytes: [UInt8], key: String, path: String) -> FileFacts? {
        let keyBytes = Array(key.utf8)
        guard bytes.count > keyBytes.count, bytes.starts(with: keyBytes), bytes[keyBytes.count] == 0,
              let facts = decodeFacts(Array(bytes[(keyBytes.count + 1)...])),
              facts.path == path else { return nil }
        return facts
    }

    /// The bytes of an entry: the inverse of `decodeEntry`.
    public static func encodeEntry(_ facts: FileFacts, key: String) -> [UInt8] {
        Array(key.utf8) + [0] + encodeFacts(facts)
    }

    /// Facts in the cache's binary form, without the key (what the fuzzer mutates).
    public static func encodeFacts(_ facts: FileFacts) -> [UInt8] { facts.encoded() }

    /// The facts in binary form, or nil when the bytes are not exactly one encoding.
    public static func decodeFacts(_ bytes: [UInt8]) -> FileFacts? { try? FileFacts(decoding: bytes) }

    public func store(_ facts: FileFacts, key: String) {
        let target = entryPath(for: key)
        let bytes = Self.encodeEntry(facts, key: key)
        // Written to a unique temporary name, then renamed: readers see a whole entry or none.
        // Plain POSIX calls: Foundation's atomic write cost more system time than the parse it
        // saves on small files. Best effort: a failure costs a re-parse next time, nothing else.
        let temporary = "\(target).\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { return }
        let written = bytes.withUnsafeBytes { buffer in write(descriptor, buffer.baseAddress, buffer.count) }
        close(descriptor)
        if written != bytes.count || rename(temporary, target) != 0 { unlink(temporary) }
    }
}
