import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cache folder: per project, a pack of every file's facts (`FactPack`) and the last
/// classification (`ClassificationMemo`); here, what they share: the folder, the entry key of a
/// file's text, the binary form of facts, atomic replacement and trimming.
///
/// An entry's key is the SHA-256 of the tool version, the facts format, the parser settings,
/// the path and the file's bytes, plus the byte count: no two files share a key. A corrupt,
/// foreign or outdated entry is ignored and rewritten, never trusted. Every file the cache
/// writes carries a code under `key` (`CacheKey`), checked before anything in it is read: the
/// folder is input anyone with write access to it could have written.
public struct FactCache: Sendable {
    /// Bumped whenever `FileFacts`, fact extraction or the cache's layout changes meaning.
    public static let formatVersion = 22

    public let folder: URL
    /// What authenticates the folder's files.
    public let key: CacheKey

    /// The running binary: its version and its executable's size and modification time. Packs
    /// and memos of another build are not trusted, so a rebuilt viperlint (a developer's, or an
    /// upgrade that kept the version) never reuses facts or layers its code would not give.
    static let buildIdentity: String = {
        let stamp = Bundle.main.executablePath.flatMap(FactPack.Stamp.init(path:))
        return "\(ViperLint.version) \(stamp.map { "\($0.size) \($0.modified)" } ?? "unknown")"
    }()

    /// Creates the cache folder if needed; nil when it cannot be created or written, or when
    /// its format folder is not a real folder (a symbolic link is never followed: the cache
    /// would write, and trim, wherever it points). `unusable(folder:)` says which.
    public init?(folder: URL, key: CacheKey) {
        let versioned = Self.formatFolder(in: folder)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return nil
        }
        // mkdir never follows a link; whatever is there must then be a real folder (lstat).
        guard mkdir(versioned.path, 0o755) == 0 || errno == EEXIST, Self.isRealDirectory(versioned.path),
              access(versioned.path, W_OK) == 0 else { return nil }
        self.folder = versioned
        self.key = key
        trimIfDue()
    }

    /// The folder of this format inside the cache folder `folder`.
    static func formatFolder(in folder: URL) -> URL { folder.appendingPathComponent("facts-v\(formatVersion)") }

    /// Why `init(folder:key:)` gave no cache for `folder`, for the run's one warning.
    public static func unusable(folder: URL) -> String {
        let versioned = formatFolder(in: folder).path
        var info = stat()
        guard lstat(versioned, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else {
            return "cache folder \(folder.path) cannot be written"
        }
        let kind = (info.st_mode & S_IFMT) == S_IFLNK ? "a symbolic link (never followed)" : "not a folder"
        return "cache folder \(versioned) is \(kind)"
    }

    /// Packs and memos not written for this long are removed (a project untouched that long
    /// is parsed once more), and so are temporary files older than an hour (left by a killed run).
    public static let entryLifetime: TimeInterval = 30 * 24 * 3600

    /// Trims the cache at most once a day, and older formats' folders with it.
    func trimIfDue(now: Date = Date()) {
        let stamp = folder.appendingPathComponent("last-trim").path
        if let date = Self.regularFileModification(stamp), now.timeIntervalSince1970 - date < 24 * 3600 { return }
        // Made anew, never written through a link put in its place.
        unlink(stamp)
        let descriptor = open(stamp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
        if descriptor >= 0 { close(descriptor) }
        trim(now: now)
    }

    /// Removes old packs and memos, orphaned temporary files and older formats' folders;
    /// never fails a run. Only regular files (looked at with lstat, never through a link)
    /// that the cache wrote: a `.bin` must carry a pack's header or a code under the key,
    /// a `.tmp` must have the name a writer gives it.
    func trim(now: Date = Date()) {
        let fileManager = FileManager.default
        let parent = folder.deletingLastPathComponent()
        for name in (try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? []
        where Self.isFormatFolderName(name) && name != folder.lastPathComponent {
            Self.removeOldFormat(parent.appendingPathComponent(name).path)
        }
        for name in (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? [] {
            let file = folder.appendingPathComponent(name)
            guard let date = Self.regularFileModification(file.path) else { continue }
            let age = now.timeIntervalSince1970 - date
            if name.hasSuffix(".tmp") ? age > 3600 && Self.isTemporaryName(name) : name.hasSuffix(".bin") && age > Self.entryLifetime && wrote(file) {
                unlink(file.path)
            }
        }
    }

    /// Whether this cache wrote `file`: a pack's header, or a code under the key (a memo, a
    /// state, a file list). A file written under another key is left.
    private func wrote(_ file: URL) -> Bool {
        guard let bytes = Self.contents(of: file) else { return false }
        return FactPack.startsLikeAPack(bytes) || key.isAuthentic(bytes, of: file)
    }

    /// `<name>.bin.<pid>.<random>.tmp`: the name `AtomicFileWriter` gives its temporary file.
    static func isTemporaryName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 5 && parts[parts.count - 4] == "bin"
            && parts[(parts.count - 3)...(parts.count - 2)].allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// The modification time (seconds since 1970) of the regular file at `path`, not
    /// following a link; nil for anything else.
    private static func regularFileModification(_ path: String) -> Double? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
        return Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
    }

    /// `facts-v12`: a folder this cache writes, recognised exactly (a user's `facts-vault/` in
    /// the same folder is not one).
    static func isFormatFolderName(_ name: String) -> Bool {
        let digits = name.dropFirst("facts-v".count)
        return name.hasPrefix("facts-v") && !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Removes what an older format wrote in its folder: its files (`*.bin`, `*.tmp`,
    /// `last-trim`, facts in two-hex-digit shard folders), then the folders if that empties
    /// them. Symbolic links are never followed and nothing else is touched, so a folder the
    /// cache did not write, or a user's file put in one, stays.
    static func removeOldFormat(_ path: String) {
        guard isRealDirectory(path) else { return }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            let entry = path + "/" + name
            if name.count == 2, name.allSatisfy(\.isHexDigit), isRealDirectory(entry) {
                for fact in (try? FileManager.default.contentsOfDirectory(atPath: entry)) ?? [] where isRegularFile(entry + "/" + fact) {
                    unlink(entry + "/" + fact)
                }
                rmdir(entry)
            } else if name.hasSuffix(".bin") || name.hasSuffix(".tmp") || name == "last-trim", isRegularFile(entry) {
                unlink(entry)
            }
        }
        rmdir(path)
    }

    private static func isRealDirectory(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The largest cache file read: about fourteen times the largest pack measured (36 MB for
    /// 6,000 files). A larger file is ignored like a damaged one: its size is input (a sparse
    /// file of a terabyte costs no disk), and allocating it would end the run.
    static let maximumFileSize = 512 << 20

    /// The whole content of `file` in one read, or nil when it is not a readable regular file
    /// (a symbolic link is not followed) or is larger than `maximumFileSize`. Opened without
    /// blocking: a FIFO planted in the cache folder must not hang the run. Unauthenticated: the
    /// cache's files are read through `CacheKey.contents(of:)`.
    static func contents(of file: URL) -> [UInt8]? {
        let descriptor = open(file.path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              info.st_size >= 0, info.st_size <= maximumFileSize else { return nil }
        let size = Int(info.st_size)
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while count < size {
                let result = read(descriptor, buffer.baseAddress! + count, size - count)
                guard result > 0 else {
                    complete = false
                    break
                }
                count += result
            }
        }
        return complete ? bytes : nil
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

    /// Facts in the cache's binary form (what the fuzzer mutates).
    public static func encodeFacts(_ facts: FileFacts) -> [UInt8] { facts.encoded() }

    /// The facts in binary form, or nil when the bytes are not exactly one encoding.
    public static func decodeFacts(_ bytes: [UInt8]) -> FileFacts? { try? FileFacts(decoding: bytes) }
}

/// A file of the cache replaced atomically: written to a unique temporary name beside it (small
/// parts gathered into writes of a megabyte), followed by its code under the cache's key, then
/// renamed over it. Best effort: a failed write leaves the old file in place. Not thread-safe;
/// callers serialise.
final class AtomicFileWriter {
    private let file: URL
    private var mac: HMAC?
    private let temporary: String
    private let descriptor: Int32
    private var pending: [UInt8] = []
    private var failed = false

    /// With no key, the file is written as given (the fact pack seals each entry itself).
    init?(replacing file: URL, key: CacheKey?) {
        self.file = file
        mac = key?.authenticator(for: file)
        temporary = "\(file.path).\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
        // Plain POSIX calls: Foundation's atomic write costs more system time.
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { return nil }
        pending.reserveCapacity(1 << 20)
    }

    func append(_ part: ArraySlice<UInt8>) {
        mac?.update(part)
        if pending.count + part.count > 1 << 20 {
            send(pending[...])
            pending.removeAll(keepingCapacity: true)
        }
        if part.count > 1 << 20 { send(part) } else { pending += part }
    }

    /// Writes what is pending and puts the file in place (or removes it after a failure).
    func commit() {
        send(pending[...])
        pending = []
        if let mac { send(mac.finalized()[...]) }
        close(descriptor)
        if failed || rename(temporary, file.path) != 0 { unlink(temporary) }
    }

    private func send(_ part: ArraySlice<UInt8>) {
        var written = 0
        while !failed && written < part.count {
            let result = part.withUnsafeBytes { buffer in write(descriptor, buffer.baseAddress! + written, buffer.count - written) }
            if result > 0 { written += result } else { failed = true }
        }
    }
}
