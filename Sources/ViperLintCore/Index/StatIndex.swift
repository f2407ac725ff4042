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
/// stamp: it neither reads nor hashes the file, and loads the facts by key. One small text file
/// per project in the cache folder; a missing, foreign or damaged one only costs a full read.
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

    let file: URL
    private let entries: [String: (stamp: Stamp, key: String)]

    /// The index of the project at `root`; `salt` is what else decides which files have facts
    /// (the generated-file setting), so a changed setting starts a fresh index.
    init(cache: FactCache, root: String, salt: String) {
        let name = SHA256.hex(SHA256.digest(Array("\(root)\u{0}\(salt)".utf8))).prefix(32)
        file = cache.folder.appendingPathComponent("stat-\(name).txt")
        var entries: [String: (stamp: Stamp, key: String)] = [:]
        if let data = FileManager.default.contents(atPath: file.path), let text = UTF8Text.decode(data) {
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count == 6, let size = Int64(fields[1]), let modified = Int64(fields[2]),
                      let changed = Int64(fields[3]), let inode = UInt64(fields[4]) else { continue }
                entries[String(fields[0])] = (Stamp(size: size, modified: modified, changed: changed, inode: inode), String(fields[5]))
            }
        }
        self.entries = entries
    }

    /// The key recorded for `path` when its stamp has not changed since.
    func key(for path: String, stamp: Stamp) -> String? {
        guard let entry = entries[path], entry.stamp == stamp else { return nil }
        return entry.key
    }

    /// Replaces the index with this run's files. A file changed in the last two seconds is left
    /// out: within a time stamp's granularity a later write could keep the same stamp.
    func write(_ recorded: [String: (stamp: Stamp, key: String)], now: Date = Date()) {
        // A warm run with nothing changed has nothing to write (the index is hundreds of KB).
        if recorded.count == entries.count,
           recorded.allSatisfy({ path, entry in entries[path].map { $0.stamp == entry.stamp && $0.key == entry.key } ?? false }) {
            return
        }
        let recent = Int64((now.timeIntervalSince1970 - 2) * 1e9)
        var text = ""
        for path in recorded.keys.sorted() {
            guard let entry = recorded[path], entry.stamp.modified < recent, entry.stamp.changed < recent,
                  !path.contains("\t"), !path.contains("\n") else { continue }
            let stamp = entry.stamp
            text += "\(path)\t\(stamp.size)\t\(stamp.modified)\t\(stamp.changed)\t\(stamp.inode)\t\(entry.key)\n"
        }
        let temporary = file.path + ".\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else { return }
        if rename(temporary, file.path) != 0 { unlink(temporary) }
    }
}

/// What the workers learn about stamps during a run, collected under a lock.
final class StampRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var entries: [String: (stamp: StatIndex.Stamp, key: String)] = [:]

    func record(_ path: String, _ stamp: StatIndex.Stamp, _ key: String) {
        lock.lock()
        entries[path] = (stamp, key)
        lock.unlock()
    }
}
