import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The secret that authenticates the cache folder: every memo and state carries an
/// HMAC-SHA-256 of its name and contents under this key, and every entry of a fact pack one of
/// the pack's name, header and the entry (`FactPack`); a file or entry whose code does not
/// verify is ignored like a damaged one. The folder holds nothing a reader believes without the key,
/// so whoever can write the folder (a cache committed to a repository, a CI cache restored from
/// a run someone else controlled) can cost a run, never change one.
///
/// The key is `VIPERLINT_CACHE_KEY` (64 hex digits: how a CI passes one from its secret
/// store, so that a restored cache is trusted by runs with the same key), else the file
/// `VIPERLINT_CACHE_KEY_FILE` names (the build plugin's, in its work folder: the one place a
/// sandboxed plugin may write), else a file of the user's (`defaultFile`); a key file is made on
/// first use: 32 random bytes in hex, mode 0600. A key file that
/// is a link, not a regular file, not the user's, readable or writable by others, or inside the
/// cache folder is refused, and the run then uses no cache at all.
public struct CacheKey: Sendable {
    public static let environmentVariable = "VIPERLINT_CACHE_KEY"
    public static let fileEnvironmentVariable = "VIPERLINT_CACHE_KEY_FILE"
    static let length = 32
    /// Bytes of the code appended to each file the cache writes.
    static let codeLength = 32

    /// The HMAC with the key's blocks already hashed.
    private let mac: HMAC

    init(bytes: [UInt8]) { mac = HMAC(key: bytes) }

    /// A key written as 64 hexadecimal digits (surrounding white space ignored).
    public init?(hex: String) {
        let digits = Array(hex.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        guard digits.count == Self.length * 2 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.init(bytes: bytes)
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The code of `file`'s contents starts with its name: a file authentic in one place (another
    /// project's state, the pack of another setting) is not authentic in another.
    func authenticator(for file: URL) -> HMAC {
        var mac = self.mac
        mac.update(file.lastPathComponent.utf8)
        mac.update(CollectionOfOne(UInt8(0)))
        return mac
    }

    /// The contents of `file` without its code, or nil when it is not a readable regular file or
    /// its code does not verify (damaged, foreign, or written without this key).
    func contents(of file: URL) -> [UInt8]? {
        guard var bytes = FactCache.contents(of: file), isAuthentic(bytes, of: file) else { return nil }
        bytes.removeLast(Self.codeLength)
        return bytes
    }

    /// Whether `bytes`, read from `file`, end with their code under this key.
    func isAuthentic(_ bytes: [UInt8], of file: URL) -> Bool {
        guard bytes.count >= Self.codeLength else { return false }
        let end = bytes.count - Self.codeLength
        var mac = authenticator(for: file)
        mac.update(bytes[..<end])
        return HMAC.equal(mac.finalized(), bytes[end...])
    }

    /// Replaces `file` (atomically) with `bytes` and their code.
    func replace(_ file: URL, with bytes: [UInt8]) {
        guard let output = AtomicFileWriter(replacing: file, key: self) else { return }
        output.append(bytes[...])
        output.commit()
    }
}

extension CacheKey {
    /// Why a run uses no cache: the key cannot be had, or cannot be trusted.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The key for a cache in `cacheFolder`: the environment's, else the key file's (the one the
    /// environment names, else the user's; made when there is none).
    public static func resolve(cacheFolder: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<CacheKey, Refusal> {
        if let hex = environment[environmentVariable], !hex.isEmpty {
            guard let key = CacheKey(hex: hex) else {
                return .failure(Refusal(description: "\(environmentVariable) is not 64 hexadecimal digits (make one with `openssl rand -hex 32`)"))
            }
            return .success(key)
        }
        let named = environment[fileEnvironmentVariable].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        return load(file: named ?? defaultFile(environment: environment), cacheFolder: cacheFolder)
    }

    /// Where the key is kept, never in the cache folder: `$XDG_STATE_HOME` or `~/.local/state`
    /// on Linux, `~/Library/Application Support` on macOS, then `viperlint/cache-key`.
    public static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) } ?? URL(fileURLWithPath: NSHomeDirectory())
        #if os(macOS)
        let base = home.appendingPathComponent("Library/Application Support")
        #else
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? home.appendingPathComponent(".local/state")
        #endif
        return base.appendingPathComponent("viperlint/cache-key")
    }

    /// The key in `file`, made first if there is none.
    static func load(file: URL, cacheFolder: URL) -> Result<CacheKey, Refusal> {
        let path = file.path
        let keyPath = canonical(path), cachePath = canonical(cacheFolder.path)
        if keyPath == cachePath || keyPath.hasPrefix(cachePath.hasSuffix("/") ? cachePath : cachePath + "/") {
            return .failure(Refusal(description: "cache key \(path) is inside the cache folder \(cacheFolder.path): whoever writes the cache could write its key"))
        }
        for attempt in 0..<2 {
            switch readKey(path) {
            case let .key(key): return .success(key)
            case let .refused(reason): return .failure(Refusal(description: "cache key \(path) \(reason)"))
            case .missing:
                if attempt == 0, let problem = create(file) {
                    return .failure(Refusal(description: "cache key \(path) cannot be created: \(problem)"))
                }
            }
        }
        return .failure(Refusal(description: "cache key \(path) cannot be created"))
    }

    private enum Reading {
        case key(CacheKey)
        case missing
        case refused(String)
    }

    /// Reads a key file, refusing a link (never followed), a file that is not regular, not the
    /// user's, or open to the group or others (checked on the opened file, not its path).
    private static func readKey(_ path: String) -> Reading {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = errno
            if error == ENOENT { return .missing }
            if error == ELOOP { return .refused("is a symbolic link: not followed") }
            return .refused("cannot be read: \(String(cString: strerror(error)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .refused("cannot be read") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .refused("is not a regular file") }
        guard info.st_uid == geteuid() else { return .refused("is not owned by you") }
        let mode = Int(info.st_mode) & 0o777
        guard mode & 0o077 == 0 else {
            return .refused("can be read or written by others (mode \(String(mode, radix: 8)); it must be 600)")
        }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        guard count > 0, let key = CacheKey(hex: String(decoding: bytes.prefix(count), as: UTF8.self)) else {
            return .refused("does not hold 64 hexadecimal digits")
        }
        return .key(key)
    }

    /// Makes a new key file: 32 random bytes, written to a temporary file created with mode
    /// 0600 (never through a link), then linked to its name, which fails when a concurrent
    /// run made one first (then that one is used): a key file is never seen half written.
    /// Returns the problem, or nil.
    private static func create(_ file: URL) -> String? {
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            return error.localizedDescription
        }
        var generator = SystemRandomNumberGenerator()
        let key = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let text = Array((SHA256.hex(key) + "\n").utf8)
        let temporary = "\(file.path).\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
        if let problem = writeNew(temporary, text) { return problem }
        defer { unlink(temporary) }
        guard link(temporary, file.path) != 0 else { return nil }
        let error = errno
        // EEXIST: a concurrent run made it first. Anything else (a file system without hard
        // links): the name is created directly, still never replacing a file.
        guard error != EEXIST else { return nil }
        return writeNew(file.path, text)
    }

    /// Writes `bytes` to a new file (mode 0600, never through a link); returns the problem, or
    /// nil (also when the file exists: a concurrent run made it).
    private static func writeNew(_ path: String, _ bytes: [UInt8]) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return errno == EEXIST ? nil : String(cString: strerror(errno)) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
        let synced = fsync(descriptor)
        close(descriptor)
        return written == bytes.count && synced == 0 ? nil : "the key could not be written"
    }

    /// `path` made absolute with its links resolved; for a path that does not exist yet, its
    /// nearest existing folder resolved and the rest appended.
    static func canonical(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        if let resolved = realpath(absolute, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let url = URL(fileURLWithPath: absolute)
        let parent = url.deletingLastPathComponent().path
        guard parent != absolute, !parent.isEmpty else { return absolute }
        let base = canonical(parent)
        return (base.hasSuffix("/") ? base : base + "/") + url.lastPathComponent
    }
}
