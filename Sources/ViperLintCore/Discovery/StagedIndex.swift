import Foundation

/// What the git index holds for a project's source files: the content the next commit
/// records, which `--staged` lints instead of the working tree.
public enum StagedIndex {
    /// The project under `root` as the index holds it: every entry's path, and the staged
    /// bytes of the files whose working-tree copy may differ from what the commit records, so
    /// that only those are read from git and everything else from the working tree (and the
    /// cache). A working-tree copy is trusted only when git says it holds the staged content:
    /// not listed by `git diff-files` (which compares the index's stat data and content), not
    /// marked assume-unchanged or skip-worktree (git stops comparing those), and not
    /// transformed on its way to the index (a clean `filter`, a `working-tree-encoding`).
    /// Intent-to-add entries (`git add -N`) are not part of the commit and are left out.
    public static func tree(under root: URL) throws(GitChanges.Failure) -> StagedTree {
        let (top, prefix) = try place(of: root)
        // "<tag> <mode> <object> <stage>\t<path>" entries, NUL-terminated, sorted by path; the
        // tag is lowercase for assume-unchanged entries and `S` for skip-worktree ones.
        // Three git processes, two at a time: which working-tree copies differ (from the start),
        // the index, then which of its files git transforms.
        let changes = GitOutputBox()
        let diffed = BlockingWork.start {
            changes.result = Result { () throws(GitChanges.Failure) -> Data in
                try GitChanges.gitData(["diff-files", "--name-status", "-z", "--ignore-submodules"], in: top)
            }
        }
        let entries = Array(try GitChanges.gitData(["ls-files", "--stage", "-v", "-z"], in: top))
        var candidates: [(path: ArraySlice<UInt8>, object: ArraySlice<UInt8>, kind: FileDiscovery.EntryKind, trusted: Bool)] = []
        var holdsAttributes = false
        for entry in entries.split(separator: 0) {
            if entry.reversed().starts(with: ".gitattributes".utf8.reversed()) { holdsAttributes = true }
            guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")), entry[(tab + 1)...].starts(with: prefix) else { continue }
            let path = entry[(tab + 1 + prefix.count)...]
            let fields = entry[..<tab].split(separator: UInt8(ascii: " "))
            // Conflicted entries (stages 1-3) cannot be committed yet; submodules are other repositories.
            guard !path.isEmpty, fields.count == 4, fields[3].elementsEqual("0".utf8), !fields[1].elementsEqual("160000".utf8),
                  let tag = fields[0].first else { continue }
            let kind: FileDiscovery.EntryKind = fields[1].elementsEqual("120000".utf8) ? .stagedSymlink : .file
            candidates.append((path, fields[2], kind, tag == UInt8(ascii: "H")))
        }
        let readable = candidates.filter { $0.kind == .file && StagedTree.readsContent(of: StagedTree.name(of: $0.path)) }
        let attributeRequest = Data(readable.flatMap { Array(prefix) + $0.path + [0] })
        let attributes = holdsAttributes || Self.mayHaveAttributes(top: top)
            ? try GitChanges.gitData(["check-attr", "-z", "--stdin", "filter", "working-tree-encoding"], in: top, input: attributeRequest) : Data()
        diffed.wait()
        let changedOnDisk = Array(try changes.result.get())
        // "<status>\0<path>\0" pairs; `A` is an intent-to-add entry.
        var differing = Set<ArraySlice<UInt8>>(), intentToAdd = Set<ArraySlice<UInt8>>()
        let statusFields = changedOnDisk.split(separator: 0, omittingEmptySubsequences: false)
        for position in stride(from: 0, to: statusFields.count - 1, by: 2) where statusFields[position + 1].starts(with: prefix) {
            let path = statusFields[position + 1].dropFirst(prefix.count)
            if statusFields[position].first == UInt8(ascii: "A") { intentToAdd.insert(path) } else { differing.insert(path) }
        }
        // "<path>\0<attribute>\0<value>\0" triples: any value but unspecified or unset transforms.
        let attributeFields = Array(attributes).split(separator: 0, omittingEmptySubsequences: false)
        for position in stride(from: 0, to: attributeFields.count - 2, by: 3) where attributeFields[position].starts(with: prefix) {
            let value = attributeFields[position + 2]
            if !value.elementsEqual("unspecified".utf8), !value.elementsEqual("unset".utf8) { differing.insert(attributeFields[position].dropFirst(prefix.count)) }
        }

        var tree = StagedTree()
        var objects: [(path: String, object: String)] = []
        for candidate in candidates where !intentToAdd.contains(candidate.path) {
            let name = tree.add(candidate.path, kind: candidate.kind)
            if candidate.kind == .file, !candidate.trusted || differing.contains(candidate.path), StagedTree.readsContent(of: name) {
                objects.append((String(decoding: candidate.path, as: UTF8.self), String(decoding: candidate.object, as: UTF8.self)))
            }
        }
        guard !objects.isEmpty else { return tree }
        let request = Data(objects.map { $0.object + "\n" }.joined().utf8)
        let output = try GitChanges.gitData(["cat-file", "--batch"], in: top, input: request)
        tree.stagedBytes = try parseBatch(output, paths: objects.map(\.path))
        return tree
    }

    /// The project under `root` as a commit records it: every entry's path, and the bytes of
    /// every file discovery reads, from git's objects (the working tree is not read). What the
    /// new-code gate lints to know which findings were there before a change.
    public static func tree(atCommit commit: String, under root: URL) throws(GitChanges.Failure) -> StagedTree {
        let (top, prefix) = try place(of: root)
        // "<mode> <type> <object>\t<path>" entries, NUL-terminated, sorted by path. The commit
        // is a full object name (`GitChanges.resolveCommit`), never read as an option.
        let listing = Array(try GitChanges.gitData(["ls-tree", "-r", "-z", "--full-tree", commit], in: top))
        var tree = StagedTree()
        var objects: [(path: String, object: String)] = []
        for entry in listing.split(separator: 0) {
            guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")), entry[(tab + 1)...].starts(with: prefix) else { continue }
            let path = entry[(tab + 1 + prefix.count)...]
            let fields = entry[..<tab].split(separator: UInt8(ascii: " "))
            // Submodules are other repositories.
            guard !path.isEmpty, fields.count == 3, fields[1].elementsEqual("blob".utf8) else { continue }
            let kind: FileDiscovery.EntryKind = fields[0].elementsEqual("120000".utf8) ? .stagedSymlink : .file
            let name = tree.add(path, kind: kind)
            if kind == .file, StagedTree.readsContent(of: name) {
                objects.append((String(decoding: path, as: UTF8.self), String(decoding: fields[2], as: UTF8.self)))
            }
        }
        guard !objects.isEmpty else { return tree }
        let output = try GitChanges.gitData(["cat-file", "--batch"], in: top, input: Data(objects.map { $0.object + "\n" }.joined().utf8))
        tree.stagedBytes = try parseBatch(output, paths: objects.map(\.path))
        return tree
    }

    /// The git work tree holding a project root, and the root's path inside it as git writes
    /// paths (`Apps/Shop/`, empty at the top).
    static func place(of root: URL) throws(GitChanges.Failure) -> (top: URL, prefix: [UInt8]) {
        let top = try GitChanges.topLevel(of: root)
        let rootPath = root.resolvingSymlinksInPath().standardizedFileURL.path
        let topPath = top.resolvingSymlinksInPath().standardizedFileURL.path
        guard rootPath == topPath || rootPath.hasPrefix(topPath.hasSuffix("/") ? topPath : topPath + "/") else {
            throw GitChanges.Failure(errorDescription: "\(rootPath) is not inside the git work tree \(topPath)")
        }
        return (top, Array((rootPath == topPath ? "" : String(rootPath.dropFirst(topPath.count + 1)) + "/").utf8))
    }

    /// What a `--staged` run starts from: the staged source files and the index's
    /// configuration files, asked of git at once.
    public static func changes(in folder: URL) throws(GitChanges.Failure) -> (files: [URL], configurations: ConfigurationFiles) {
        let files = GitOutputBox()
        let listed = BlockingWork.start {
            files.result = Result { () throws(GitChanges.Failure) -> Data in
                Data(try GitChanges.stagedSwiftFiles(in: folder).map(\.path).joined(separator: "\0").utf8)
            }
        }
        let configurations = try configurationFiles(in: folder)
        listed.wait()
        let paths = String(decoding: try files.result.get(), as: UTF8.self).split(separator: "\0")
        return (paths.map { URL(fileURLWithPath: String($0)) }, configurations)
    }

    /// Whether git may read attributes from outside the index for this repository (its
    /// `info/attributes`, the user's or the system's attributes file, or a configured one):
    /// when none can exist, no file is transformed and `git check-attr` need not be asked.
    /// In doubt (a `.git` file of a worktree, a configuration naming a file), it may.
    static func mayHaveAttributes(top: URL) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        let home = environment["HOME"] ?? NSHomeDirectory()
        let configHome = environment["XDG_CONFIG_HOME"].map { $0 + "/git" } ?? home + "/.config/git"
        let gitFolder = top.appendingPathComponent(".git").path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: gitFolder, isDirectory: &isFolder), isFolder.boolValue,
              !environment.keys.contains(where: { $0.hasPrefix("GIT_CONFIG") || $0 == "GIT_DIR" || $0 == "GIT_ATTR_SOURCE" }) else { return true }
        let attributeFiles = [gitFolder + "/info/attributes", configHome + "/attributes", "/etc/gitattributes", "/usr/local/etc/gitattributes",
                              "/opt/homebrew/etc/gitattributes"]
        if attributeFiles.contains(where: { FileManager.default.fileExists(atPath: $0) }) { return true }
        let configurations = [gitFolder + "/config", home + "/.gitconfig", configHome + "/config", "/etc/gitconfig", "/usr/local/etc/gitconfig",
                              "/opt/homebrew/etc/gitconfig"]
        return configurations.contains { path in
            guard let data = FileManager.default.contents(atPath: path) else { return false }
            // `attributesFile`, or an include that could set it.
            let text = String(decoding: data, as: UTF8.self).lowercased()
            return text.contains("attributesfile") || text.contains("[include")
        }
    }

    /// The `.viperlint.json` (and `.yml`, `.yaml`) files of the index (`--staged`): a project is where the commit
    /// holds a configuration, and its rules are what the commit holds, not an unstaged edit,
    /// an untracked file or an intent-to-add entry. A configuration named with `--config` that
    /// the index does not hold is read from the working tree.
    public static func configurationFiles(in folder: URL) throws(GitChanges.Failure) -> ConfigurationFiles {
        let top = try GitChanges.topLevel(of: folder)
        let topPath = top.resolvingSymlinksInPath().standardizedFileURL.path
        let pathspecs = ConfigurationLoader.fileNames.map { "*" + $0 }
        // "<status>\0<path>\0" pairs; `A` is an intent-to-add entry. Asked beside the listing.
        let changes = GitOutputBox()
        let diffed = BlockingWork.start {
            changes.result = Result { () throws(GitChanges.Failure) -> Data in
                try GitChanges.gitData(["diff-files", "--name-status", "-z", "--"] + pathspecs, in: top)
            }
        }
        let listing = try GitChanges.gitData(["ls-files", "--stage", "-z", "--"] + pathspecs, in: top)
        diffed.wait()
        let statuses = try changes.result.get()
            .split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let intentToAdd = Set(stride(from: 0, to: statuses.count - 1, by: 2).filter { statuses[$0] == "A" }.map { statuses[$0 + 1] })
        var objects: [(path: String, object: String)] = []
        for entry in listing.split(separator: 0) {
            guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let path = String(decoding: entry[(tab + 1)...], as: UTF8.self)
            let fields = entry[..<tab].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == 3, fields[0].hasPrefix("100"), fields[2] == "0", !intentToAdd.contains(path),
                  path.split(separator: "/").last.map({ ConfigurationLoader.isConfigurationName(String($0)) }) == true else { continue }
            objects.append((topPath + "/" + path, fields[1]))
        }
        var texts: [String: String] = [:]
        if !objects.isEmpty {
            let output = try GitChanges.gitData(["cat-file", "--batch"], in: top, input: Data(objects.map { $0.object + "\n" }.joined().utf8))
            for (path, bytes) in try parseBatch(output, paths: objects.map(\.path)) { texts[path] = String(decoding: bytes, as: UTF8.self) }
        }
        let held = texts
        @Sendable func key(_ file: URL) -> String {
            file.standardizedFileURL.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(file.lastPathComponent).path
        }
        return ConfigurationFiles(exists: { held[key($0)] != nil }, load: { file in
            if let text = try held[key(file)] ?? StagedIndex.stagedText(of: file) { return try ConfigurationLoader.decode(text, file: file.path) }
            return try ConfigurationLoader.load(file: file)
        })
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

/// A git answer handed from the thread that asked for it (read after the group's wait).
private final class GitOutputBox: @unchecked Sendable {
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
        SourceLanguage(path: name) != nil || name == "project.pbxproj" || name == "Package.swift" || ConfigurationLoader.isConfigurationName(name)
    }

    /// The last folder `add` filled, as bytes and as its key: index entries come sorted, so
    /// most entries share their folder with the one before.
    private var lastFolder: (bytes: ArraySlice<UInt8>, key: String) = ([], "")

    /// The last component of a path, as text.
    static func name(of path: ArraySlice<UInt8>) -> String {
        String(decoding: path.lastIndex(of: UInt8(ascii: "/")).map { path[($0 + 1)...] } ?? path, as: UTF8.self)
    }

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

    /// What a walk of the index depends on: every folder's entries, and the staged bytes of
    /// the `project.pbxproj` files that differ on disk (the others are read, and stamped, there).
    func walkFingerprint() -> [UInt8] {
        var writer = ByteWriter()
        for folder in folders.keys.sorted() {
            writer.string(folder)
            writer.array(folders[folder] ?? []) { writer, entry in
                writer.string(entry.name)
                writer.bool(entry.validName)
                writer.int(entry.kind?.rawValue ?? -1)
            }
        }
        for path in stagedBytes.keys.sorted() where path == "project.pbxproj" || path.hasSuffix("/project.pbxproj") {
            writer.string(path)
            writer.byteArray(SHA256.digest(Array(stagedBytes[path] ?? Data())))
        }
        return SHA256.digest(writer.bytes)
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
