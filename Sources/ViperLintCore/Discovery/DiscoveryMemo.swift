import Foundation

/// The last walk of a project, kept in the cache folder so that a warm run need not walk
/// again: matching thousands of paths against the include and exclude globs and reading a
/// large `project.pbxproj` were most of a run with nothing changed.
///
/// A walk's result depends on the listings of the folders it read, on `project.pbxproj`
/// files, and on the kinds of entries it had to `lstat` (links); not on what source files
/// hold. So the memo keeps each folder's and `project.pbxproj`'s stamp, taken before it was
/// read, and each such entry's kind. A run whose stamps and kinds all match takes the memo's
/// files; anything else (a file added, removed or renamed changes its folder's stamp) walks.
/// A walk of the git index (`--staged`) is keyed by the index's listing instead of stamps.
/// Stamps newer than two seconds are not trusted, and a walk with one is not kept. One file
/// per project, replaced atomically; a missing, foreign or damaged memo costs one walk.
struct DiscoveryMemo: Sendable {
    static let formatVersion = 1
    private static let magic = Array("viperlint-files".utf8)

    let file: URL
    private let key: CacheKey
    let root: String

    /// `staged`: the memo of walks of the git index (`--staged`), kept apart from the working tree's.
    init(cache: FactCache, root: String, staged: Bool = false) {
        self.root = root
        let name = SHA256.hex(SHA256.digest(Array(root.utf8))).prefix(32)
        key = cache.key
        file = cache.folder.appendingPathComponent("files-\(staged ? "staged-" : "")\(name).bin")
    }

    /// A walk of the project, with what its result depends on.
    struct Walk: Sendable {
        var files: DiscoveredFiles
        /// Files reached through a symbolic link: whether they leave the project is decided
        /// again on every run (the link's target can change without any folder here changing).
        var symlinkedFiles: [String] = []
        /// Each folder read ("" for the root) and each `project.pbxproj` read, with its stamp
        /// taken before the read (nil when it could not be taken).
        var watched: [(path: String, stamp: FactPack.Stamp?)] = []
        /// Entries whose kind the listing did not tell (links, file systems without types).
        var inspected: [(path: String, kind: FileDiscovery.EntryKind)] = []
    }

    /// The digest of the settings a walk depends on besides the files; with `staged`, also
    /// the index's listing (a walk of the index stamps no folder).
    static func settingsDigest(include: [Glob], exclude: [Glob], scope: ScopeSettings, separatesNestedProjects: Bool,
                               staged: StagedTree? = nil) -> [UInt8] {
        var writer = ByteWriter()
        writer.optional(staged) { writer, staged in writer.byteArray(staged.walkFingerprint()) }
        writer.strings(include.map(\.pattern))
        writer.strings(exclude.map(\.pattern))
        writer.bool(scope.skipLibraries)
        writer.bool(scope.onlyTargetFiles)
        writer.bool(separatesNestedProjects)
        return SHA256.digest(writer.bytes)
    }

    /// The stored walk, if it was made with `settings` and nothing it depends on changed since.
    func load(settings: [UInt8]) -> Walk? {
        guard let bytes = key.contents(of: file) else { return nil }
        var reader = ByteReader(bytes)
        do throws(ByteReader.Malformed) {
            guard try reader.byteArray() == Self.magic, try reader.int() == Self.formatVersion,
                  try reader.string() == FactCache.buildIdentity, try reader.string() == root,
                  try reader.byteArray() == settings else { return nil }
            let watched = try reader.array { reader throws(ByteReader.Malformed) in
                (path: try reader.string(), stamp: try reader.optional { reader throws(ByteReader.Malformed) in try reader.stamp() })
            }
            let inspected = try reader.array { reader throws(ByteReader.Malformed) in
                (path: try reader.string(), kind: try FileDiscovery.EntryKind(rawValue: reader.int()).orThrow())
            }
            let sources = try reader.strings(), manifests = try reader.strings()
            let skipped = try reader.array { reader throws(ByteReader.Malformed) in
                SkippedPath(path: try reader.string(), reason: try reader.string())
            }
            let nestedProjects = try reader.strings(), symlinkedFiles = try reader.strings()
            guard reader.isAtEnd else { return nil }
            // A damaged or planted memo must not name a file outside the project.
            // (A nested project is linted from its folder: that too must be below the root.)
            let named = watched.map(\.path) + inspected.map(\.path) + sources + manifests + symlinkedFiles
            guard named.allSatisfy({ $0.isEmpty || Self.isInsideRelativePath($0) }),
                  (sources + manifests + nestedProjects).allSatisfy(Self.isInsideRelativePath) else { return nil }
            // Checked last, after the memo is known to be whole: a stat per folder and per link.
            for (path, stamp) in watched where FactPack.Stamp(path: absolute(path)) != stamp { return nil }
            for (path, kind) in inspected where FileDiscovery.kind(of: absolute(path)) != kind { return nil }
            let files = DiscoveredFiles(sources: sources.map { SourceFile(relativePath: $0, absolutePath: absolute($0)) },
                                        manifests: manifests.map { SourceFile(relativePath: $0, absolutePath: absolute($0)) },
                                        skipped: skipped, nestedProjects: nestedProjects)
            return Walk(files: files, symlinkedFiles: symlinkedFiles, watched: watched, inspected: inspected)
        } catch {
            return nil
        }
    }

    /// Keeps `walk` (atomically), unless one of its stamps is too recent to be trusted.
    func store(_ walk: Walk, settings: [UInt8]) {
        let now = Date()
        guard walk.watched.allSatisfy({ $0.stamp == nil || FactPack.Writer.trusted($0.stamp, now: now) != nil }) else { return }
        var writer = ByteWriter()
        writer.byteArray(Self.magic)
        writer.int(Self.formatVersion)
        writer.string(FactCache.buildIdentity)
        writer.string(root)
        writer.byteArray(settings)
        writer.array(walk.watched) { writer, watched in
            writer.string(watched.path)
            writer.optional(watched.stamp) { writer, stamp in writer.stamp(stamp) }
        }
        writer.array(walk.inspected) { writer, inspected in
            writer.string(inspected.path)
            writer.int(inspected.kind.rawValue)
        }
        writer.strings(walk.files.sources.map(\.relativePath))
        writer.strings(walk.files.manifests.map(\.relativePath))
        writer.array(walk.files.skipped) { writer, skipped in
            writer.string(skipped.path)
            writer.string(skipped.reason)
        }
        writer.strings(walk.files.nestedProjects)
        writer.strings(walk.symlinkedFiles)
        key.replace(file, with: writer.bytes)
    }

    /// The path as the walk builds it: the root, then each component after a slash.
    private func absolute(_ relative: String) -> String { relative.isEmpty ? root : root + "/" + relative }

    /// Whether `path` is relative and stays below the folder it is relative to: no empty,
    /// `.` or `..` component. A byte scan (a memo names thousands of paths).
    static func isInsideRelativePath(_ path: String) -> Bool {
        var length = 0, dots = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (dots == length && length <= 2) { return false }
                (length, dots) = (0, 0)
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return length > 0 && !(dots == length && length <= 2)
    }
}

private extension Optional {
    func orThrow() throws(ByteReader.Malformed) -> Wrapped {
        guard let self else { throw ByteReader.Malformed() }
        return self
    }
}
