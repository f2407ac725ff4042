import Foundation

/// What the git index holds for a project's source files: the content the next commit
/// records, which `--staged` lints instead of the working tree.
public enum StagedIndex {
    /// The project under `root` as the index holds it: every entry's path, and the staged
    /// bytes of the files the working tree does not hold as staged (per `git diff-files`,
    /// which compares the index's own stat data and content), so that only what differs is
    /// read from git and everything else from the working tree (and the cache).
    public static func tree(under root: URL) throws(GitChanges.Failure) -> StagedTree {
        let top = try GitChanges.topLevel(of: root)
        let rootPath = root.resolvingSymlinksInPath().standardizedFileURL.path
        let topPath = top.resolvingSymlinksInPath().standardizedFileURL.path
        guard rootPath == topPath || rootPath.hasPrefix(topPath.hasSuffix("/") ? topPath : topPath + "/") else {
            throw GitChanges.Failure(errorDescription: "\(rootPath) is not inside the git work tree \(topPath)")
        }
        let prefix = Array((rootPath == topPath ? "" : String(rootPath.dropFirst(topPath.count + 1)) + "/").utf8)
        // Both at once: each is a git process of its own, and a pre-commit run waits for them.
        let listing = ListingBox()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            listing.result = Result { () throws(GitChanges.Failure) -> Data in try GitChanges.gitData(["ls-files", "--stage", "-z"], in: top) }
        }
        let changedOnDisk = try GitChanges.gitData(["diff-files", "--name-only", "-z", "--ignore-submodules"], in: top)
        group.wait()
        let entries = Array(try listing.result.get())

        // Paths relative to the root, as bytes (git paths need not be UTF-8).
        var differing = Set<ArraySlice<UInt8>>()
        for path in Array(changedOnDisk).split(separator: 0) where path.starts(with: prefix) { differing.insert(path.dropFirst(prefix.count)) }
        var tree = StagedTree()
        var objects: [(path: String, object: String)] = []
        // "<mode> <object> <stage>\t<path>" entries, NUL-terminated, sorted by path.
        for entry in entries.split(separator: 0) {
            guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")), entry[(tab + 1)...].starts(with: prefix) else { continue }
            let path = entry[(tab + 1 + prefix.count)...]
            let fields = entry[..<tab].split(separator: UInt8(ascii: " "))
            // Conflicted entries (stages 1-3) cannot be committed yet; submodules are other repositories.
            guard !path.isEmpty, fields.count == 3, fields[2].elementsEqual("0".utf8), !fields[0].elementsEqual("160000".utf8) else { continue }
            let kind: FileDiscovery.EntryKind = fields[0].elementsEqual("120000".utf8) ? .stagedSymlink : .file
            let name = tree.add(path, kind: kind)
            if kind == .file, differing.contains(path), StagedTree.readsContent(of: name) {
                objects.append((String(decoding: path, as: UTF8.self), String(decoding: fields[1], as: UTF8.self)))
            }
        }
        guard !objects.isEmpty else { return tree }
        let request = Data(objects.map { $0.object + "\n" }.joined().utf8)
        let output = try GitChanges.gitData(["cat-file", "--batch"], in: top, input: request)
        tree.stagedBytes = try parseBatch(output, paths: objects.map(\.path))
        return tree
    }

    /// The text the index holds for one file inside the work tree, or nil when the index does
    /// not hold it (an untracked file). What `--staged` reads the configuration from: the one
    /// being committed, not an unstaged edit of it.
    public static func stagedText(of file: URL) throws(GitChanges.Failure) -> String? {
        let folder = file.deletingLastPathComponent()
        let top = try GitChanges.topLevel(of: folder)
        let path = file.resolvingSymlinksInPath().standardizedFileURL.path
        let topPath = top.resolvingSymlinksInPath().standardizedFileURL.path
        guard path.hasPrefix(topPath.hasSuffix("/") ? topPath : topPath + "/") else { return nil }
        let relative = String(path.dropFirst(topPath.count + 1))
        // `ls-files -s -- PATH`: the entry's object, if the index holds the path (stage 0).
        let entry = try GitChanges.gitData(["ls-files", "--stage", "-z", "--", relative], in: top).split(separator: 0).first
        guard let entry, let tab = entry.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
        let fields = entry[entry.startIndex..<tab].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        guard fields.count == 3, fields[0].hasPrefix("100"), fields[2] == "0" else { return nil }
        let output = try GitChanges.gitData(["cat-file", "--batch"], in: top, input: Data((fields[1] + "\n").utf8))
        guard let data = try parseBatch(output, paths: [relative])[relative] else { return nil }
        return UTF8Text.decode(data)
    }

    /// `git cat-file --batch` output: per object "<object> blob <size>\n", the bytes, "\n".
    static func parseBatch(_ output: Data, paths: [String]) throws(GitChanges.Failure) -> [String: Data] {
        var result: [String: Data] = [:]
        var cursor = output.startIndex
        for path in paths {
            guard let newline = output[cursor...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let header = output[cursor..<newline].split(separator: UInt8(ascii: " "))
            guard header.count == 3, let size = Int(String(decoding: header[2], as: UTF8.self)), size >= 0,
                  output.distance(from: newline, to: output.endIndex) > size else {
                throw GitChanges.Failure(errorDescription: "git cat-file gave an unexpected answer for \(path)")
            }
            let start = output.index(after: newline)
            let end = output.index(start, offsetBy: size)
            result[path] = Data(output[start..<end])
            cursor = output.index(after: end)
        }
        return result
    }
}

/// The index listing, handed from the thread that asked git for it (read after the group's wait).
private final class ListingBox: @unchecked Sendable {
    var result: Result<Data, GitChanges.Failure> = .success(Data())
}

/// A project as the git index holds it, for `--staged`: discovery lists its folders instead
/// of the working tree's, so that an untracked `LICENSE`, `.xcodeproj` or source file decides
/// nothing about the commit, and reads the staged bytes of the files that differ on disk.
public struct StagedTree: Sendable {
    /// Each folder's entries, by the folder's path relative to the root ("" for the root).
    var folders: [String: [FileDiscovery.Entry]] = [:]
    /// The staged bytes of the files whose working-tree copy differs (edited, deleted, or of
    /// another type since), by path relative to the root; only of the kinds discovery reads.
    var stagedBytes: [String: Data] = [:]

    /// Source files, the project files discovery reads (Xcode projects, SwiftPM manifests) and
    /// the configuration.
    static func readsContent(of name: String) -> Bool {
        SourceLanguage(path: name) != nil || name == "project.pbxproj" || name == "Package.swift" || name == ConfigurationLoader.fileName
    }

    /// The last folder `add` filled, as bytes and as its key: index entries come sorted, so
    /// most entries share their folder with the one before.
    private var lastFolder: (bytes: ArraySlice<UInt8>, key: String) = ([], "")

    /// Records a path's folders and its entry; returns its file name.
    mutating func add(_ path: ArraySlice<UInt8>, kind: FileDiscovery.EntryKind) -> String {
        let slash = path.lastIndex(of: UInt8(ascii: "/"))
        let folderBytes = slash.map { path[..<$0] } ?? path[path.startIndex..<path.startIndex]
        if !folderBytes.elementsEqual(lastFolder.bytes) {
            var folder = ""
            for part in folderBytes.split(separator: UInt8(ascii: "/")) {
                let decoded = String(bytes: part, encoding: .utf8)
                let name = decoded ?? String(decoding: part, as: UTF8.self)
                let child = folder.isEmpty ? name : folder + "/" + name
                if folders[child] == nil {
                    folders[folder, default: []].append(FileDiscovery.Entry(name: name, validName: decoded != nil, kind: .directory))
                    folders[child] = []
                }
                folder = child
            }
            lastFolder = (folderBytes, folder)
        }
        let nameBytes = slash.map { path[($0 + 1)...] } ?? path
        let decoded = String(bytes: nameBytes, encoding: .utf8)
        let name = decoded ?? String(decoding: nameBytes, as: UTF8.self)
        folders[lastFolder.key, default: []].append(FileDiscovery.Entry(name: name, validName: decoded != nil, kind: kind))
        return name
    }

    /// The staged text of a file discovery reads (or of the configuration file), when it
    /// differs from the working tree's.
    public func stagedText(of relativePath: String) -> String? {
        stagedBytes[relativePath].map { String(decoding: $0, as: UTF8.self) }
    }

    /// The file to lint at a path: the working-tree file when it holds what is staged, else
    /// the staged text (or why it cannot be linted).
    func source(_ relativePath: String, absolutePath: String) -> Result<SourceFile, SkippedPath> {
        guard let bytes = stagedBytes[relativePath] else { return .success(SourceFile(relativePath: relativePath, absolutePath: absolutePath)) }
        return SourceReader.decode(bytes, path: relativePath).map { SourceFile(relativePath: relativePath, absolutePath: absolutePath, text: $0) }
    }
}
