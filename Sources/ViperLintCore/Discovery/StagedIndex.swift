import Foundation

/// What the git index holds for a project's source files: the content the next commit
/// records, which `--staged` lints instead of the working tree.
public enum StagedIndex {
    /// The staged bytes of every source file of the index under `root`, keyed by path
    /// relative to `root`. Symbolic links and submodules are left out (they are not source
    /// text); conflicted entries (stages 1-3) too, since the commit cannot be made yet.
    public static func sources(under root: URL) throws(GitChanges.Failure) -> [String: Data] {
        let top = try GitChanges.topLevel(of: root)
        let rootPath = root.resolvingSymlinksInPath().standardizedFileURL.path
        let topPath = top.resolvingSymlinksInPath().standardizedFileURL.path
        guard rootPath == topPath || rootPath.hasPrefix(topPath.hasSuffix("/") ? topPath : topPath + "/") else {
            throw GitChanges.Failure(errorDescription: "\(rootPath) is not inside the git work tree \(topPath)")
        }
        let prefix = rootPath == topPath ? "" : String(rootPath.dropFirst(topPath.count + 1)) + "/"
        var wanted: [(path: String, object: String)] = []
        // "<mode> <object> <stage>\t<path>" entries, NUL-terminated.
        for entry in try GitChanges.gitData(["ls-files", "--stage", "-z"], in: top).split(separator: 0) {
            guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let fields = entry[entry.startIndex..<tab].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            let path = String(decoding: entry[(tab + 1)...], as: UTF8.self)
            guard fields.count == 3, fields[0] == "100644" || fields[0] == "100755", fields[2] == "0",
                  path.hasPrefix(prefix), SourceLanguage(path: path) != nil else { continue }
            wanted.append((String(path.dropFirst(prefix.count)), fields[1]))
        }
        guard !wanted.isEmpty else { return [:] }
        let request = Data(wanted.map { $0.object + "\n" }.joined().utf8)
        let output = try GitChanges.gitData(["cat-file", "--batch"], in: top, input: request)
        return try parseBatch(output, paths: wanted.map(\.path))
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

extension DiscoveredFiles {
    /// The files as the index holds them: discovered files the index does not hold
    /// (untracked) are dropped, the others read their staged text, and staged files gone
    /// from the working tree are added when the project's globs would have found them.
    func staged(_ content: [String: Data], root: URL, include: [Glob], exclude: [Glob]) -> DiscoveredFiles {
        var result = self
        result.sources = []
        let skippedPaths = Set(skipped.map(\.path))
        let skippedFolders = skipped.map { $0.path + "/" }
        var paths = sources.map(\.relativePath).filter { content[$0] != nil }
        let discovered = Set(paths)
        for path in content.keys.sorted() where !discovered.contains(path) {
            let folders = path.split(separator: "/").dropLast()
            guard include.contains(where: { $0.matches(path) }), !exclude.contains(where: { $0.matches(path) }),
                  !folders.contains(where: { $0.hasPrefix(".") || $0.hasSuffix(".xcodeproj") }),
                  !skippedPaths.contains(path), !skippedFolders.contains(where: { path.hasPrefix($0) }),
                  !TemplatePlaceholder.appears(in: path) else { continue }
            paths.append(path)
        }
        for path in paths {
            switch SourceReader.decode(content[path]!, path: path) {
            case let .success(text):
                result.sources.append(SourceFile(relativePath: path, absolutePath: root.appendingPathComponent(path).path, text: text))
            case let .failure(skip):
                result.skipped.append(skip)
            }
        }
        result.sources.sort { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
        return result
    }
}
