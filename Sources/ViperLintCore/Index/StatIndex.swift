import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The cache key each source file had when it was last read, by its file-system stamp (size,
/// modification and change times to the nanosecond, inode). A warm run trusts an unchanged
/// stamp: it neither reads nor hashes the file, and loads the facts by key. Each entry also keeps
/// the file's classification signature (a function of its facts), so an unchanged file costs
/// no hashing at all. One small binary file per project in the cache folder; a missing, foreign
/// or damaged one only costs a full read.
struct StatIndex: Sendable {
    struct Stamp: Hashable, Sendable {
        var size: Int64
        var modified: Int64
        var changed: Int64
        var inode: UInt64

        /// The stamp of the file `path` points to, or nil when it cannot be read.
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            size = Int64(info.st_size)
            inode = UInt64(info.st_ino)
            #if canImport(Darwin)
            modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
            changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
            #else
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
            #endif
        }

        init(size: Int64, modified: Int64, changed: Int64, inode: UInt64) {
            (self.size, self.modified, self.changed, self.inode) = (size, modified, changed, inode)
        }
    }

    /// What is known of a file with an unchanged stamp.
    struct Entry: Sendable, Equatable {
        var stamp: Stamp
        var key: String
        var signature: [UInt8]
    }

    static let formatVersion = 1

    let file: URL
    private let entries: [String: Entry]

    /// The index of the project at `root`; `salt` is what else decides which files have facts
    /// (the generated-file setting), so a changed setting starts a fresh index.
    init(cache: FactCache, root: String, salt: String) {
        let name = SHA256.hex(SHA256.digest(Array("\(root)\u{0}\(salt)".utf8))).prefix(32)
        file = cache.folder.appendingPathComponent("stat-\(name).bin")
        var entries: [String: Entry] = [:]
        if let data = FileManager.default.contents(atPath: file.path) {
            var reader = ByteReader([UInt8](data))
            do {
                guard try reader.int() == Self.formatVersion else { throw ByteReader.Malformed() }
                for _ in 0..<(try reader.int()) {
                    let path = try reader.string()
                    let stamp = Stamp(size: Int64(try reader.int()), modified: Int64(try reader.int()),
                                      changed: Int64(try reader.int()), inode: UInt64(UInt(bitPattern: try reader.int())))
                    entries[path] = Entry(stamp: stamp, key: try reader.string(), signature: try reader.byteArray())
                }
                if !reader.isAtEnd { entries = [:] }
            } catch {
                entries = [:]
            }
        }
        self.entries = entries
    }

    /// The entry recorded for `path` when its stamp has not changed since.
    func entry(for path: String, stamp: Stamp) -> Entry? {
        guard let entry = entries[path], entry.stamp == stamp else { return nil }
        return entry
    }

    /// Replaces the index with this run's files. A file changed in the last two seconds is left
    /// out: within a time stamp's granularity a later write could keep the same stamp.
    func write(_ recorded: [String: Entry], now: Date = Date()) {
        // A warm run with nothing changed has nothing to write (the index is hundreds of KB).
        if recorded == entries { return }
        let recent = Int64((now.timeIntervalSince1970 - 2) * 1e9)
        let kept = recorded.keys.sorted().compactMap { path -> (String, Entry)? in
            guard let entry = recorded[path], entry.stamp.modified < recent, entry.stamp.changed < recent else { return nil }
            return (path, entry)
        }
        var writer = ByteWriter()
        writer.int(Self.formatVersion)
        writer.array(kept) { writer, item in
            let (path, entry) = item
            writer.string(path)
            writer.int(Int(entry.stamp.size))
            writer.int(Int(entry.stamp.modified))
            writer.int(Int(entry.stamp.changed))
            writer.int(Int(bitPattern: UInt(entry.stamp.inode)))
            writer.string(entry.key)
            writer.byteArray(entry.signature)
        }
        let temporary = file.path + ".\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(writer.bytes)) else { return }
        if rename(temporary, file.path) != 0 { unlink(temporary) }
    }
}

/// What the workers learn about stamps during a run, collected under a lock.
final class StampRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var entries: [String: StatIndex.Entry] = [:]

    func record(_ path: String, _ entry: StatIndex.Entry) {
        lock.lock()
        entries[path] = entry
        lock.unlock()
    }
}
