import Foundation

/// The projects that changed files belong to, in a repository holding several (`--staged`,
/// `--changed-since` in a monorepo): each file goes to its nearest `.viperlint.json`.
public struct ProjectGroups: Sendable, Equatable {
    /// The files of each project, in the order of their first file.
    public var groups: [[String]]
    /// Files under no `.viperlint.json` while other files have one: not linted.
    public var outside: [String]

    public init(groups: [[String]], outside: [String]) {
        self.groups = groups
        self.outside = outside
    }

    /// Groups paths (files, or folders whose own `.viperlint.json` counts; relative ones from
    /// the working folder). When no path has a configuration, they are one group (one project
    /// at the git root, as for any run without a configuration).
    public static func group(_ paths: [String], configurations: ConfigurationFiles = .workingTree) -> ProjectGroups {
        var byConfiguration: [String: [String]] = [:]
        var order: [String] = []
        var outside: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            let url = URL(fileURLWithPath: path).standardizedFileURL
            // Folders resolved as `Project.locate` resolves them: a symbolic link to a project is that project.
            let folder = (FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
                ? url : url.deletingLastPathComponent()).resolvingSymlinksInPath()
            // Two configurations in one folder: grouped under the first, so that locating the
            // group reports the conflict (exit 2) instead of the files going unlinted.
            let found: URL?
            do { found = try Project.findConfiguration(from: folder, exists: configurations.exists) } catch {
                if case let .conflicting(files) = error { found = files.first.map { URL(fileURLWithPath: $0) } } else { found = nil }
            }
            guard let configuration = found?.path else {
                outside.append(path)
                continue
            }
            if byConfiguration[configuration] == nil { order.append(configuration) }
            byConfiguration[configuration, default: []].append(path)
        }
        if order.isEmpty { return ProjectGroups(groups: outside.isEmpty ? [] : [outside], outside: []) }
        return ProjectGroups(groups: order.map { byConfiguration[$0]! }, outside: outside)
    }
    /// The folder holding every project root, for the paths of a run over several projects:
    /// the git work tree's top when they share one, else their longest common folder.
    public static func commonRoot(of results: [LintResult]) -> String {
        if let repository = results.first?.repositoryRoot, results.allSatisfy({ $0.repositoryRoot == repository }) { return repository }
        var common = results.first.map { $0.root.split(separator: "/", omittingEmptySubsequences: true) } ?? []
        for result in results.dropFirst() {
            let parts = result.root.split(separator: "/", omittingEmptySubsequences: true)
            common = Array(zip(common, parts).prefix { $0 == $1 }.map(\.0))
        }
        return "/" + common.joined(separator: "/")
    }
}

extension LintResult {
    /// One result for several projects' runs, with paths relative to `root` (their common
    /// folder, the repository's top). The index, graph and rule set are the first project's.
    public static func merging(_ results: [LintResult], root: String) -> LintResult {
        precondition(!results.isEmpty)
        guard results.count > 1 else { return results[0] }
        let base = root.hasSuffix("/") ? root : root + "/"
        var merged = results[0]
        merged.root = root
        merged.violations = []
        merged.existing = []
        merged.parseErrors = []
        merged.skipped = []
        merged.lineTexts = [:]
        merged.notes = []
        merged.fileCount = 0
        merged.indexedFileCount = 0
        merged.parsedFiles = 0
        var modules = Set<String>()
        var scopes: [String] = []
        for result in results {
            let projectRoot = result.root.hasSuffix("/") ? result.root : result.root + "/"
            let prefix = projectRoot.hasPrefix(base) ? String(projectRoot.dropFirst(base.count)) : ""
            switch result.reportScope {
            case .everything: scopes.append(prefix)
            case let .paths(paths): scopes += paths.map { prefix + $0 }
            }
            let moved = { (violation: Violation) -> Violation in
                var moved = violation
                moved.file = prefix + violation.file
                moved.related = violation.related.map { var site = $0; site.file = prefix + site.file; return site }
                return moved
            }
            merged.violations += result.violations.map(moved)
            merged.existing += result.existing.map(moved)
            merged.parseErrors += result.parseErrors.map { var entry = $0; entry.file = prefix + entry.file; return entry }
            merged.skipped += result.skipped.map { SkippedPath(path: prefix + $0.path, reason: $0.reason) }
            for (file, lines) in result.lineTexts { merged.lineTexts[prefix + file] = lines }
            merged.notes += result.notes.filter { !merged.notes.contains($0) }
            merged.fileCount += result.fileCount
            merged.indexedFileCount += result.indexedFileCount
            merged.parsedFiles += result.parsedFiles
            merged.classificationReused = merged.classificationReused && result.classificationReused
            modules.formUnion(result.modules.map { prefix + $0 })
            if result.detectedPreset != merged.detectedPreset { merged.detectedPreset = nil }
        }
        merged.modules = modules.sorted()
        merged.reportScope = scopes.contains("") ? .everything : .paths(scopes)
        merged.violations.sort(by: Violation.reportOrder)
        merged.existing.sort(by: Violation.reportOrder)
        merged.parseErrors.sort { ($0.file.utf8.lexicographicallyPrecedes($1.file.utf8)) }
        return merged
    }
}
