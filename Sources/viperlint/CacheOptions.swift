import ArgumentParser
import Foundation
import ViperLintCore

/// `--cache-path` and `--no-cache`: where per-file facts are kept between runs, shared by
/// every command that indexes a project (`lint`, `classify`, `init`, `graph`), so a second
/// command on the same sources parses nothing.
struct CacheOptions: ParsableArguments {
    @Option(name: .long, help: "Folder for cached per-file facts (default: $XDG_CACHE_HOME/viperlint or ~/.cache/viperlint; ~/Library/Caches/viperlint on macOS).")
    var cachePath: String?

    @Flag(name: .long, help: "Parse every file; neither read nor write the cache.")
    var noCache = false

    /// The fact cache, or nil with --no-cache; a cache folder that cannot be used is a warning,
    /// not a failure: the run parses everything instead.
    func open() -> FactCache? {
        guard !noCache else { return nil }
        let folder = cachePath.map { URL(fileURLWithPath: $0) } ?? FactCache.defaultFolder()
        guard let cache = FactCache(folder: folder) else {
            Console.warning("cache folder \(folder.path) cannot be written; parsing every file")
            return nil
        }
        return cache
    }
}
