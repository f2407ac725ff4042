import ArgumentParser
import Foundation
import ViperLintCore

/// `--cache-path` and `--no-cache`: where per-file facts are kept between runs, shared by
/// every command that indexes a project (`lint`, `classify`, `init`, `graph`), so a second
/// command on the same sources parses nothing.
struct CacheOptions: ParsableArguments {
    @Option(name: .long, help: "Folder for cached per-file facts (default: $XDG_CACHE_HOME/viperlint or ~/.cache/viperlint; ~/Library/Caches/viperlint on macOS). Its files are trusted only under the key in $VIPERLINT_CACHE_KEY or the user's key file.")
    var cachePath: String?

    @Flag(name: .long, help: "Parse every file; neither read nor write the cache.")
    var noCache = false

    /// The fact cache, or nil with --no-cache; a cache folder that cannot be used, or a key
    /// that cannot be had or trusted, is a warning (once per run), not a failure: the run
    /// parses everything instead.
    func open() -> FactCache? {
        guard !noCache else { return nil }
        let folder = cachePath.map { URL(fileURLWithPath: $0) } ?? FactCache.defaultFolder()
        let key: CacheKey
        switch CacheKey.resolve(cacheFolder: folder) {
        case let .success(found):
            key = found
        case let .failure(refusal):
            Self.warnOnce("\(refusal); not using the cache")
            return nil
        }
        guard let cache = FactCache(folder: folder, key: key) else {
            Self.warnOnce("\(FactCache.unusable(folder: folder)); parsing every file")
            return nil
        }
        return cache
    }

    /// `lint --fix` opens the cache twice: its warnings are said once.
    private static let warned = Warned()

    private final class Warned: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: Set<String> = []

        func first(_ message: String) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            return messages.insert(message).inserted
        }
    }

    private static func warnOnce(_ message: String) {
        if warned.first(message) { Console.warning(message) }
    }
}
