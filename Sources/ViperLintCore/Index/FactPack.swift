import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every file's facts of one project, in one file of the cache folder, read into one buffer
/// (a mapping of the file would double what a large pack costs in memory). Each entry keeps the file's cache key (a hash of its bytes), its file-system stamp
/// (size, modification and change times to the nanosecond, inode) and its classification
/// signature: a warm run trusts an unchanged stamp and neither reads nor hashes that file;
/// a changed stamp costs a read and a hash, and a parse only when the key changed too.
///
/// One file per project rather than one per source file: creating thousands of small files
/// cost more than parsing them (a cold run of nova-wallet spent two of its 4.4 seconds allocating inodes).
/// The pack is replaced atomically (temporary file, then rename), so concurrent runs read a
/// whole pack; a missing, foreign or damaged pack or entry only costs parsing again.
struct FactPack: Sendable {
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

    /// One source file's facts as stored.
    struct Entry: Sendable {
        /// `FactCache.key` of the file's text.
        var key: String
        /// Nil when the stamp is not to be trusted: not a file on disk, or changed within two
        /// seconds of the run (a later write could keep the same stamp).
        var stamp: Stamp?
        var signature: [UInt8]
        /// The facts in `FactCache`'s binary form.
        var facts: ArraySlice<UInt8>

        /// The facts, or nil when the bytes are not facts of `path` (damaged or foreign).
        func decoded(path: String) -> FileFacts? {
            guard let facts = FactCache.decodeFacts(Array(facts)), facts.path == path else { return nil }
            return facts
        }
    }

    static let formatVersion = 1
    private static let magic = Array("viperlint-pack".utf8)

    let file: URL
    private let entries: [String: Entry]

    /// The pack of the project at `root`; `salt` is what else decides which files have facts
    /// (the generated-file setting), so a changed setting starts a fresh pack.
    init(cache: FactCache, root: String, salt: String) {
        let name = SHA256.hex(SHA256.digest(Array("\(root)\u{0}\(salt)".utf8))).prefix(32)
        file = cache.folder.appendingPathComponent("pack-\(name).bin")
        // One read into one buffer that the entries share (no second copy of a large pack).
        entries = FactCache.contents(of: file).flatMap(Self.entries(in:)) ?? [:]
    }

    private static func entries(in bytes: [UInt8]) -> [String: Entry]? {
        var reader = ByteReader(bytes)
        var entries: [String: Entry] = [:]
        do throws(ByteReader.Malformed) {
            guard try reader.byteArray() == magic, try reader.int() == formatVersion,
                  try reader.string() == FactCache.buildIdentity else { return nil }
            for _ in 0..<(try reader.int()) {
                let path = try reader.string()
                let key = try reader.string()
                let stamp = try reader.optional { reader throws(ByteReader.Malformed) in
                    Stamp(size: Int64(try reader.int()), modified: Int64(try reader.int()), changed: Int64(try reader.int()),
                          inode: UInt64(UInt(bitPattern: try reader.int())))
                }
                entries[path] = Entry(key: key, stamp: stamp, signature: try reader.byteArray(), facts: try reader.byteSlice())
            }
            return reader.isAtEnd ? entries : nil
        } catch {
            return nil
        }
    }

    /// What the pack holds for `path`.
    func entry(for path: String) -> Entry? { entries[path] }

    /// Replaces the pack with this run's files, unless they are exactly what it holds.
    func write(_ recorded: [(path: String, entry: Entry)], now: Date = Date()) {
        let recent = Int64((now.timeIntervalSince1970 - 2) * 1e9)
        let kept = recorded.map { path, entry in
            var entry = entry
            if let stamp = entry.stamp, stamp.modified >= recent || stamp.changed >= recent { entry.stamp = nil }
            return (path: path, entry: entry)
        }
        if kept.count == entries.count, kept.allSatisfy({ path, entry in
            entries[path].map { $0.key == entry.key && $0.stamp == entry.stamp } ?? false
        }) { return }
        // Written in parts: each entry's header, then its facts as they are held.
        FactCache.replace(file) { write in
            var header = ByteWriter()
            header.byteArray(Self.magic)
            header.int(Self.formatVersion)
            header.string(FactCache.buildIdentity)
            header.int(kept.count)
            write(header.bytes[...])
            for (path, entry) in kept {
                var writer = ByteWriter()
                writer.string(path)
                writer.string(entry.key)
                writer.optional(entry.stamp) { writer, stamp in
                    writer.int(Int(stamp.size))
                    writer.int(Int(stamp.modified))
                    writer.int(Int(stamp.changed))
                    writer.int(Int(bitPattern: UInt(stamp.inode)))
                }
                writer.byteArray(entry.signature)
                writer.int(entry.facts.count)
                write(writer.bytes[...])
                write(entry.facts)
            }
        }
    }
}
