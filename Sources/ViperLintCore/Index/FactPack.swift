import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every file's facts of one project, in one file of the cache folder, read into one buffer
/// (a mapping of the file would double what a large pack costs in memory). Each entry keeps
/// the file's cache key (a hash of its bytes), its file-system stamp (size, modification and
/// change times to the nanosecond, inode) and its classification signature: a warm run trusts
/// an unchanged stamp and neither reads nor hashes that file; a changed stamp costs a read and
/// a hash, and a parse only when the key changed too.
///
/// One file per project rather than one per source file: creating thousands of small files
/// cost more than parsing them (a cold run of nova-wallet spent two of its 4.4 seconds
/// allocating inodes). The pack is replaced atomically (temporary file, then rename), so
/// concurrent runs read a whole pack; a missing, foreign or damaged pack or entry only costs
/// parsing again.
///
/// Each entry carries its own code under the cache's key (`CacheKey`), over the pack's name, its
/// header and the entry's bytes, checked when the entry is first asked for: a run that needs
/// the facts of a few files (a pre-commit run, an edit the project state answers) hashes those
/// entries, not the whole pack (36 MB for 6,000 files: a quarter of a second). An entry that
/// does not verify is ignored like a damaged one. Entries cut out, repeated or taken from an
/// older pack of the same project and build are authentic still, and each is believed only for
/// the file bytes (or the stamp) it names, as before.
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

        /// The stamps of the files on disk among `sources` (text given in memory has none), by
        /// relative path, taken on the worker threads once per run: the project state's check
        /// and the facts phase both need them.
        static func of(_ sources: [SourceFile], threads: Int) -> [String: Stamp] {
            let onDisk = sources.filter { $0.text == nil && $0.absolutePath != nil }
            let stamps = ParallelMap.map(onDisk, threads: threads) { $0.absolutePath.flatMap(Stamp.init(path:)) }
            var byPath: [String: Stamp] = [:]
            byPath.reserveCapacity(onDisk.count)
            for (source, stamp) in zip(onDisk, stamps) { byPath[source.relativePath] = stamp }
            return byPath
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
        /// As read from the pack: the entry's bytes (path to facts) and their code.
        fileprivate var sealed: ArraySlice<UInt8> = []
        fileprivate var code: ArraySlice<UInt8> = []

        init(key: String, stamp: Stamp?, signature: [UInt8], facts: ArraySlice<UInt8>) {
            (self.key, self.stamp, self.signature, self.facts) = (key, stamp, signature, facts)
        }

        /// The facts, or nil when the bytes are not facts of `path` (damaged or foreign).
        func decoded(path: String) -> FileFacts? {
            guard let facts = FactCache.decodeFacts(Array(facts)), facts.path == path else { return nil }
            return facts
        }
    }

    static let formatVersion = 3
    fileprivate static let magic = Array("viperlint-pack".utf8)

    /// The magic, the format and the build: what a pack starts with.
    fileprivate static let header: [UInt8] = {
        var header = ByteWriter()
        header.byteArray(magic)
        header.int(formatVersion)
        header.string(FactCache.buildIdentity)
        return header.bytes
    }()

    /// Whether `bytes` start as a pack of any build does (the trim's test of a file it may remove).
    static func startsLikeAPack(_ bytes: [UInt8]) -> Bool {
        var magic = ByteWriter()
        magic.byteArray(Self.magic)
        return bytes.starts(with: magic.bytes)
    }

    let file: URL
    /// The code of the pack's name and header under the cache's key, to which an entry's bytes are added.
    fileprivate let sealer: HMAC
    fileprivate let entries: [String: Entry]

    /// The pack of the project at `root`; `salt` is what else decides which files have facts
    /// (the generated-file setting), so a changed setting starts a fresh pack.
    init(cache: FactCache, root: String, salt: String) {
        let name = SHA256.hex(SHA256.digest(Array("\(root)\u{0}\(salt)".utf8))).prefix(32)
        file = cache.folder.appendingPathComponent("pack-\(name).bin")
        var sealer = cache.key.authenticator(for: file)
        sealer.update(Self.header)
        self.sealer = sealer
        // One read into one buffer that the entries share (no second copy of a large pack).
        entries = FactCache.contents(of: file).flatMap(Self.entries(in:)) ?? [:]
    }

    private static func entries(in bytes: [UInt8]) -> [String: Entry]? {
        guard bytes.starts(with: header) else { return nil }
        var reader = ByteReader(bytes)
        var entries: [String: Entry] = [:]
        do throws(ByteReader.Malformed) {
            _ = try reader.fixed(header.count)
            // Entries follow one another, each after a `true`; a `false` ends the pack.
            while try reader.bool() {
                let start = reader.cursor
                let path = try reader.string()
                let key = try reader.string()
                let stamp = try reader.optional { reader throws(ByteReader.Malformed) in try reader.stamp() }
                var entry = Entry(key: key, stamp: stamp, signature: try reader.byteArray(), facts: try reader.byteSlice())
                entry.sealed = reader.slice(start..<reader.cursor)
                entry.code = try reader.fixed(CacheKey.codeLength)
                entries[path] = entry
            }
            return reader.isAtEnd ? entries : nil
        } catch {
            return nil
        }
    }

    /// What the pack holds for `path`, if its code verifies.
    func entry(for path: String) -> Entry? {
        guard let entry = entries[path] else { return nil }
        var mac = sealer
        mac.update(entry.sealed)
        return HMAC.equal(mac.finalized(), entry.code) ? entry : nil
    }

    /// Replaces the pack with this run's files, unless they are exactly what it holds.
    func write(_ recorded: [(path: String, entry: Entry)]) {
        let writer = Writer(pack: self)
        writer.finish(recorded)
    }

    /// Writes a new pack while the facts phase runs: a parsed file's entry goes to disk as
    /// soon as it is made, so a project's encoded facts are never all held at once; the
    /// entries taken from the old pack follow at the end. Nothing is written when nothing
    /// changed. Safe to call from the worker threads.
    final class Writer: @unchecked Sendable {
        private let pack: FactPack
        private let lock = NSLock()
        private var output: AtomicFileWriter?
        private var cannotWrite = false
        private var written: Set<String> = []
        private let parsedFilesWorthRewriting: Int
        private var parsedFiles = 0

        /// With `parsedFilesWorthRewriting` above 1, the pack is left as it is unless at least
        /// that many files were parsed: parsing so few again costs less than rewriting it.
        init(pack: FactPack, parsedFilesWorthRewriting: Int = 1) {
            self.pack = pack
            self.parsedFilesWorthRewriting = parsedFilesWorthRewriting
        }

        /// Writes a freshly parsed file's entry now; true when it did (its facts' bytes need
        /// not be kept). Below the rewriting threshold the entry is left to the caller, whose
        /// `finish` writes it once the threshold is passed.
        func add(_ path: String, _ entry: Entry) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            parsedFiles += 1
            guard parsedFiles >= parsedFilesWorthRewriting, let output = opened() else { return false }
            output.append(encoded(path, entry)[...])
            written.insert(path)
            return true
        }

        /// Ends the pack with the run's other files, or leaves the old pack when the run's
        /// files are exactly what it holds.
        func finish(_ recorded: [(path: String, entry: Entry)], now: Date = Date()) {
            lock.lock()
            defer { lock.unlock() }
            if output == nil, parsedFilesWorthRewriting > 1 { return }
            // Entries taken from the pack were verified when they were asked for, and carry its code.
            if output == nil, recorded.count == pack.entries.count, recorded.allSatisfy({ path, entry in
                pack.entries[path].map {
                    $0.key == entry.key && $0.stamp == Self.trusted(entry.stamp, now: now) && !entry.code.isEmpty && $0.code == entry.code
                } ?? false
            }) { return }
            guard let output = opened() else { return }
            for (path, entry) in recorded where !written.contains(path) {
                output.append(encoded(path, entry, now: now)[...])
            }
            var end = ByteWriter()
            end.bool(false)
            output.append(end.bytes[...])
            output.commit()
            self.output = nil
        }

        private func opened() -> AtomicFileWriter? {
            if let output { return output }
            // No code over the whole file: each entry carries its own.
            guard !cannotWrite, let output = AtomicFileWriter(replacing: pack.file, key: nil) else {
                cannotWrite = true
                return nil
            }
            output.append(FactPack.header[...])
            self.output = output
            return output
        }

        /// A stamp changed within two seconds of now is not kept: a later write within a time
        /// stamp's granularity could keep it.
        static func trusted(_ stamp: Stamp?, now: Date) -> Stamp? {
            let recent = Int64((now.timeIntervalSince1970 - 2) * 1e9)
            guard let stamp, stamp.modified < recent, stamp.changed < recent else { return nil }
            return stamp
        }

        /// An entry as stored: `true`, its bytes, their code.
        private func encoded(_ path: String, _ entry: Entry, now: Date = Date()) -> [UInt8] {
            var writer = ByteWriter()
            writer.bool(true)
            writer.string(path)
            writer.string(entry.key)
            writer.optional(Self.trusted(entry.stamp, now: now)) { writer, stamp in writer.stamp(stamp) }
            writer.byteArray(entry.signature)
            writer.byteArray(entry.facts)
            // An entry taken from the pack as it was keeps its code: a rewritten pack costs the
            // codes of the entries that changed, not a pass over every entry.
            let body = writer.bytes.dropFirst()
            if !entry.code.isEmpty, body == entry.sealed { return writer.bytes + entry.code }
            var mac = pack.sealer
            mac.update(body)
            return writer.bytes + mac.finalized()
        }
    }
}

extension ByteWriter {
    mutating func stamp(_ stamp: FactPack.Stamp) {
        int(Int(stamp.size))
        int(Int(stamp.modified))
        int(Int(stamp.changed))
        int(Int(bitPattern: UInt(stamp.inode)))
    }
}

extension ByteReader {
    mutating func stamp() throws(Malformed) -> FactPack.Stamp {
        FactPack.Stamp(size: Int64(try int()), modified: Int64(try int()), changed: Int64(try int()),
                       inode: UInt64(UInt(bitPattern: try int())))
    }
}
