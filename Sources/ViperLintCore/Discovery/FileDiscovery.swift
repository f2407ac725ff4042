import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A source file to lint (Swift, or Objective-C `.h` / `.m`): its path relative to the project root and, for in-memory
/// projects (tests, rule examples), its text.
public struct SourceFile: Sendable, Hashable {
    public var relativePath: String
    public var absolutePath: String?
    public var text: String?

    public init(relativePath: String, absolutePath: String? = nil, text: String? = nil) {
        self.relativePath = relativePath
        self.absolutePath = absolutePath
        self.text = text
    }
}

/// A file or folder that was left out, and why; reported as a warning.
public struct SkippedPath: Error, Sendable, Hashable, Codable {
    public var path: String
    public var reason: String

    /// Left out although it may be the project's code: for what the file says or holds (a
    /// generated-file header, template placeholders, macros or nesting too much to analyze: a
    /// marker anyone can write into a file), or because it could not be read as source (not
    /// UTF-8, binary, too large, an odd name, unreadable). `--strict` fails on these rather
    /// than let code pass unchecked. Scope decisions (a copied-in library, a file no target
    /// compiles, a link out of the project) and a machine without libclang do not count.
    public var leavesCodeUnchecked: Bool {
        !Self.scopeDecisions.contains { reason.hasPrefix($0) }
    }

    static let scopeDecisions = ["a copied-in library", "a copied-in file", "no target of ", "symbolic link to a file outside the project", "no libclang",
                                 "the folder holds no libclang"]

    /// The reason in a word or two ("in no target", "generated"), for the line that counts
    /// skipped files by reason.
    public var shortReason: String {
        let labels = [("no target of ", "in no target"), ("generated file", "generated"), ("a copied-in", "copied-in"),
                      ("not analyzed", "not analyzed"), ("Xcode template placeholder", "with template placeholders"),
                      ("not UTF-8", "not UTF-8"), ("UTF-16", "not UTF-8"), ("the file name is not valid UTF-8", "with a name not UTF-8"),
                      ("binary file", "binary"), ("larger than", "too large"), ("symbolic link to a file outside", "linking out of the project"),
                      ("libclang could not parse", "not parsed by libclang")]
        return labels.first { reason.hasPrefix($0.0) }?.1 ?? "unreadable"
    }

    /// Whether the entry is a folder left out whole (a copied-in library, one that cannot be read).
    var isFolder: Bool { reason.hasPrefix("a copied-in library") || reason == "folder cannot be read" }

    /// "skipped 34 files: 30 in no target, 4 generated": what was left out, counted by reason,
    /// in one line (commonest reason first).
    public static func summary(of skipped: [SkippedPath]) -> String {
        let folders = skipped.filter(\.isFolder).count, files = skipped.count - folders
        let what = [files > 0 ? counted(files, "file") : nil, folders > 0 ? counted(folders, "folder") : nil].compactMap { $0 }
        let byReason = Dictionary(grouping: skipped, by: \.shortReason).map { ($0.key, $0.value.count) }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        return "skipped " + what.joined(separator: " and ") + ": " + byReason.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
    }
}

/// The files of one project: Swift sources to lint, SwiftPM manifests to learn targets from.
public struct DiscoveredFiles: Sendable {
    public var sources: [SourceFile]
    public var manifests: [SourceFile]
    public var skipped: [SkippedPath]
    /// Folders below the root with a `.viperlint.json` of their own (relative paths): other
    /// projects, left out of this one's index and linted with their own configuration.
    public var nestedProjects: [String] = []
}

/// Walks a project folder. Sorted output (byte order of the relative path), hidden folders
/// and excluded globs pruned, directory symlinks never followed (no loops, nothing outside
/// the project), file symlinks followed.
public struct FileDiscovery {
    public let root: URL
    public let include: [Glob]
    public let exclude: [Glob]
    public let scope: ScopeSettings
    /// The index's view of the project (`--staged`), walked instead of the working tree.
    public let staged: StagedTree?
    /// Whether a folder with its own `.viperlint.json` is another project (false when the
    /// configuration was named with `--config`: it covers everything below the root).
    public let separatesNestedProjects: Bool
    /// Which stored walk of the project to reuse and keep (`Project.cacheSlot`).
    public let cacheSlot: String?

    public init(root: URL, include: [Glob], exclude: [Glob], scope: ScopeSettings = ScopeSettings(), staged: StagedTree? = nil,
                separatesNestedProjects: Bool = true, cacheSlot: String? = nil) {
        self.cacheSlot = cacheSlot
        self.root = root
        self.include = include
        self.exclude = exclude
        self.scope = scope
        self.staged = staged
        self.separatesNestedProjects = separatesNestedProjects
    }

    /// The project's files. With a cache, the last walk is reused when nothing it depends on
    /// changed (`DiscoveryMemo`: the folders' stamps, or with `--staged` the index's listing),
    /// and a new walk is kept for the next run.
    public func discover(cache: FactCache? = nil) -> DiscoveredFiles {
        let memo = cache.map { DiscoveryMemo(cache: $0, root: root.path + (cacheSlot.map { "\u{0}" + $0 } ?? ""), staged: staged != nil) }
        let settings = memo.map { _ in
            DiscoveryMemo.settingsDigest(include: include, exclude: exclude, scope: scope, separatesNestedProjects: separatesNestedProjects,
                                         staged: staged)
        }
        let walk: DiscoveryMemo.Walk
        if let memo, let settings, let stored = memo.load(settings: settings) {
            walk = stored
        } else {
            walk = walkProject(recordsStamps: memo != nil)
            if let memo, let settings { memo.store(walk, settings: settings) }
        }
        var result = walk.files
        if let staged {
            // What the commit records: the staged text of files that differ on disk.
            var sources: [SourceFile] = []
            for source in result.sources {
                switch staged.source(source.relativePath, absolutePath: source.absolutePath ?? "") {
                case let .success(stagedSource): sources.append(stagedSource)
                case let .failure(skip): result.skipped.append(skip)
                }
            }
            result.sources = sources
            result.manifests = result.manifests.map { SourceFile(relativePath: $0.relativePath, absolutePath: $0.absolutePath,
                                                                 text: staged.stagedText(of: $0.relativePath)) }
        }
        // A file symlink that leaves the project is not the project's code.
        let symlinkedFiles = Set(walk.symlinkedFiles)
        let resolvedRoot = root.resolvingSymlinksInPath().path + "/"
        result.sources.removeAll { source in
            guard let path = source.absolutePath, symlinkedFiles.contains(source.relativePath) else { return false }
            let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            if target.hasPrefix(resolvedRoot) { return false }
            result.skipped.append(SkippedPath(path: source.relativePath, reason: "symbolic link to a file outside the project"))
            return true
        }
        result.sources.sort { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
        result.manifests.sort { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
        return result
    }

    /// Walks the folders and leaves out files no Xcode target compiles; with `recordsStamps`,
    /// notes what the result depends on (for `DiscoveryMemo`).
    private func walkProject(recordsStamps: Bool) -> DiscoveryMemo.Walk {
        var result = DiscoveredFiles(sources: [], manifests: [], skipped: [])
        // The index's listing is in the memo's settings: with `--staged` no folder is stamped.
        var state = WalkState(recordsStamps: recordsStamps && staged == nil)
        walk(directory: root.path, relative: "", into: &result, state: &state)
        if scope.onlyTargetFiles, !state.xcodeProjects.isEmpty {
            // Read from disk unless staged bytes differ (those are in the memo's settings).
            for project in state.xcodeProjects where recordsStamps && staged?.stagedBytes[project.relative + "/project.pbxproj"] == nil {
                let path = project.relative + "/project.pbxproj"
                state.watched.append((path, FactPack.Stamp(path: project.absolute + "/project.pbxproj")))
            }
            let targets = XcodeTargets(projects: state.xcodeProjects) { relative, absolute in
                staged?.stagedText(of: relative) ?? FileManager.default.contents(atPath: absolute).flatMap { String(data: $0, encoding: .utf8) }
            }
            // Code under a SwiftPM, Tuist or XcodeGen manifest belongs to the targets that
            // manifest declares, not to an .xcodeproj elsewhere.
            let packageFolders = result.manifests.map { $0.relativePath.split(separator: "/").dropLast().joined(separator: "/") }
                + state.projectManifestFolders
            result.sources.removeAll { source in
                guard let reason = targets.reasonToSkip(source.relativePath, packageFolders: packageFolders) else { return false }
                result.skipped.append(SkippedPath(path: source.relativePath, reason: reason))
                return true
            }
        }
        return DiscoveryMemo.Walk(files: result, symlinkedFiles: state.symlinkedFiles, watched: state.watched, inspected: state.inspected)
    }

    /// What a walk gathers besides the files.
    private struct WalkState {
        var recordsStamps: Bool
        var xcodeProjects: [(relative: String, absolute: String)] = []
        var symlinkedFiles: [String] = []
        var watched: [(path: String, stamp: FactPack.Stamp?)] = []
        var inspected: [(path: String, kind: EntryKind)] = []
        /// Folders of Tuist (`Project.swift`) and XcodeGen (`project.yml`) manifests: they
        /// generate the targets that compile the code below them.
        var projectManifestFolders: [String] = []
    }

    /// Manifests that generate an Xcode project for their folder.
    static let projectManifestNames: Set<String> = ["Project.swift", "project.yml", "project.yaml"]

    private func walk(directory: String, relative: String, into result: inout DiscoveredFiles, state: inout WalkState) {
        // Before the listing: a change after it must show as a different stamp.
        if state.recordsStamps { state.watched.append((relative, FactPack.Stamp(path: directory))) }
        guard let listing = staged.map({ $0.folders[relative] ?? [] }) ?? Self.entries(of: directory) else {
            result.skipped.append(SkippedPath(path: relative.isEmpty ? "." : relative, reason: "folder cannot be read"))
            return
        }
        if separatesNestedProjects, !relative.isEmpty, listing.contains(where: { ConfigurationLoader.isConfigurationName($0.name) }) {
            result.nestedProjects.append(relative)
            return
        }
        if scope.skipLibraries, !relative.isEmpty, let license = ForeignCode.licenseFile(among: listing.map(\.name)) {
            result.skipped.append(SkippedPath(path: relative, reason: "a copied-in library (the folder has its own \(license))"))
            return
        }
        for entry in listing.sorted(by: { $0.name < $1.name }) {
            let name = entry.name
            let absolute = directory + "/" + name
            let path = relative.isEmpty ? name : relative + "/" + name
            if !entry.validName {
                if SourceLanguage(path: name) != nil {
                    result.skipped.append(SkippedPath(path: path, reason: "the file name is not valid UTF-8"))
                }
                continue
            }
            if absolute.utf8.count >= Self.maximumPathLength {
                result.skipped.append(SkippedPath(path: path, reason: "path longer than the system limit (\(Self.maximumPathLength) bytes)"))
                continue
            }
            // Asset catalogs, localizations and resource bundles hold no code: pruned by name,
            // before a stat of each of their (often thousands of) files.
            if Self.resourceFolderSuffixes.contains(where: { name.hasSuffix($0) }) { continue }
            let kind: EntryKind
            if let listed = entry.kind {
                kind = listed
            } else {
                kind = Self.kind(of: absolute)
                if state.recordsStamps { state.inspected.append((path, kind)) }
            }
            switch kind {
            case .special, .brokenSymlink, .uninspectable, .stagedSymlink:
                // Said, not silently dropped: the user named this a Swift file. A FIFO is never
                // opened (reading it would wait for a writer forever).
                if SourceLanguage(path: name) != nil, !exclude.contains(where: { $0.matches(path) }), include.contains(where: { $0.matches(path) }) {
                    let reason = switch kind {
                    case .brokenSymlink: "broken symbolic link"
                    case .uninspectable: "cannot be inspected (removed during the run or permission denied)"
                    case .stagedSymlink: "symbolic link in the index (--staged checks the regular files a commit records)"
                    default: "not a regular file (a device, FIFO or socket)"
                    }
                    result.skipped.append(SkippedPath(path: path, reason: reason))
                }
            case .directory:
                if name.hasPrefix(".") || exclude.contains(where: { $0.matchesEverything(inside: path) }) { continue }
                if name.hasSuffix(".xcodeproj") {
                    state.xcodeProjects.append((path, absolute))
                    continue
                }
                walk(directory: absolute, relative: path, into: &result, state: &state)
            case .directorySymlink:
                continue
            case .file, .fileSymlink:
                if Self.projectManifestNames.contains(name) { state.projectManifestFolders.append(relative) }
                if name == "Package.swift" {
                    result.manifests.append(SourceFile(relativePath: path, absolutePath: absolute))
                    continue
                }
                guard SourceLanguage(path: name) != nil else { continue }
                if exclude.contains(where: { $0.matches(path) }) { continue }
                guard include.contains(where: { $0.matches(path) }) else { continue }
                if TemplatePlaceholder.appears(in: name) {
                    result.skipped.append(SkippedPath(path: path, reason: "Xcode template placeholder file"))
                    continue
                }
                // With `--staged`, the staged text is taken after the walk (`discover`).
                result.sources.append(SourceFile(relativePath: path, absolutePath: absolute))
                if kind == .fileSymlink { state.symlinkedFiles.append(path) }
            }
        }
    }

    /// Folders of resources, never of source code.
    static let resourceFolderSuffixes = [".xcassets", ".lproj", ".bundle", ".xcdatamodeld", ".xcmappingmodel", ".scnassets",
                                         ".xcframework", ".framework", ".docc", ".xcstrings"]

    /// A folder's entries, with their kind when the listing tells it (regular files and
    /// folders on common file systems): a large project's walk then needs no `lstat` per
    /// entry. Links and unknown kinds are left to `kind(of:)`. Nil when it cannot be read.
    static func entries(of directory: String) -> [Entry]? {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        var entries: [Entry] = []
        while let entry = readdir(stream) {
            let type = Int32(entry.pointee.d_type)
            let (name, valid) = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: pointer.pointee)) { characters in
                    String(validatingCString: characters).map { ($0, true) } ?? (String(cString: characters), false)
                }
            }
            if name == "." || name == ".." { continue }
            let kind: EntryKind? = switch type {
            case Int32(DT_DIR): .directory
            case Int32(DT_REG): .file
            case Int32(DT_FIFO), Int32(DT_CHR), Int32(DT_BLK), Int32(DT_SOCK): .special
            default: nil
            }
            entries.append(Entry(name: name, validName: valid, kind: kind))
        }
        return entries
    }

    /// PATH_MAX: longer paths cannot be opened by name.
    static let maximumPathLength = 4096

    /// What a folder entry is. `stagedSymlink` is a link as the index records it (`--staged`):
    /// its target is a path in the commit, not a file to read.
    enum EntryKind: Int, Sendable { case directory, directorySymlink, file, fileSymlink, special, brokenSymlink, uninspectable, stagedSymlink }

    /// A folder entry: its name (lossily decoded when `validName` is false), and its kind
    /// when the listing tells it.
    struct Entry: Sendable {
        var name: String
        var validName: Bool
        var kind: EntryKind?
    }

    /// One `lstat` (and a `stat` for links): Foundation's `attributesOfItem` builds a
    /// dictionary per entry, which dominated the walk of trees with many resource files.
    static func kind(of path: String) -> EntryKind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .uninspectable }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            return .directory
        case S_IFREG:
            return .file
        case S_IFLNK:
            // A link that cannot be followed (missing target, a loop) is broken.
            var target = stat()
            guard stat(path, &target) == 0 else { return .brokenSymlink }
            switch target.st_mode & S_IFMT {
            case S_IFDIR: return .directorySymlink
            case S_IFREG: return .fileSymlink
            default: return .special
            }
        default:
            return .special
        }
    }
}

/// Xcode and Generamba template files carry placeholders such as `___FILEBASENAME___`;
/// they are not app code. Only real evidence counts: a placeholder in the file's name, in its
/// header comment, or in its code (a type named `___VARIABLE_moduleName___Presenter`); one in
/// a string literal or a later comment is text anyone can write, not a template.
enum TemplatePlaceholder {
    static func appears(in text: String) -> Bool {
        // Every placeholder starts with three underscores; most files have none.
        guard ByteSearch.contains(text, "___"), containsPlaceholder(Substring(text)) else { return false }
        var inHeader = true
        var inMultiLineString = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            let isComment = line.hasPrefix("//") || line.hasPrefix("/*") || line.hasPrefix("*")
            if inHeader, !line.isEmpty, !isComment { inHeader = false }
            if inHeader {
                if containsPlaceholder(Substring(line)) { return true }
                continue
            }
            // Code: outside string literals and comments.
            var code = ""
            var inString = inMultiLineString
            var rest = Substring(line)
            while !rest.isEmpty {
                if rest.hasPrefix("\"\"\"") {
                    inMultiLineString.toggle()
                    inString = inMultiLineString
                    rest = rest.dropFirst(3)
                } else if !inMultiLineString, rest.hasPrefix("\"") {
                    inString.toggle()
                    rest = rest.dropFirst()
                } else if inString, rest.hasPrefix("\\") {
                    rest = rest.dropFirst(2)
                } else if !inString, rest.hasPrefix("//") {
                    break
                } else {
                    if !inString { code.append(rest.first!) }
                    rest = rest.dropFirst()
                }
            }
            if containsPlaceholder(Substring(code)) { return true }
        }
        return false
    }

    private static func containsPlaceholder(_ text: Substring) -> Bool {
        text.contains("___VARIABLE_") || text.contains("___FILEBASENAME") || text.contains("___FILENAME")
    }
}
