import Foundation
import SwiftParser

/// How a run finds and reads `.viperlint.json` files: in the working tree, or (`--staged`)
/// in the git index, so that the configuration a commit holds is the one it is checked against.
public struct ConfigurationFiles: Sendable {
    /// Whether a configuration file is there.
    public var exists: @Sendable (URL) -> Bool
    /// Its rule set, or the configuration error.
    public var load: @Sendable (URL) throws -> RuleSet

    public init(exists: @escaping @Sendable (URL) -> Bool, load: @escaping @Sendable (URL) throws -> RuleSet) {
        self.exists = exists
        self.load = load
    }

    public static let workingTree = ConfigurationFiles(exists: { FileManager.default.fileExists(atPath: $0.path) },
                                                       load: { try ConfigurationLoader.load(file: $0) })
}

/// Why a run could not start: the user's input names something that is not there.
public enum ProjectError: Error, LocalizedError, Sendable, Equatable {
    case missingPath(String)
    /// A missing path that looks like a mistyped command (`viperlint lnit`).
    case missingPathOrCommand(String, command: String)
    /// The file `--config` names is not there.
    case missingConfiguration(String)
    case notSwift(String)
    case outsideRoot(path: String, root: String)

    public var errorDescription: String? {
        switch self {
        case let .missingPath(path):
            return "no such file or folder: \(path)"
        case let .missingPathOrCommand(path, command):
            return "no such file or folder: \(path); did you mean the command 'viperlint \(command)'?"
        case let .missingConfiguration(path):
            return "no such configuration file: \(path) (given with --config)"
        case let .notSwift(path):
            return "not a source file: \(path) (viperlint lints .swift, .h and .m files and folders)"
        case let .outsideRoot(path, root):
            return "\(path) is outside the project root \(root); lint one project per run"
        }
    }
}

/// The project a run works on: its root, its configuration and what to report.
///
/// The root is the folder of the nearest `.viperlint.json` found from the first path upward
/// (stopping at the git root); without one, the git root, or outside git the linted folder
/// (for single files, their folder). Everything under the root is indexed; only the given
/// paths are reported.
public struct Project: Sendable {
    public var root: URL
    /// The configuration file in use, or nil for the built-in default (`rules.json`).
    public var configurationFile: URL?
    public var ruleSet: RuleSet
    public var reportScope: ReportScope
    /// How Objective-C files are read (the CLI's `--libclang`).
    public var objectiveC: ObjectiveCSupport = .standard
    /// Whether the rules are the preset that fits the parsed files (what `viperlint init`
    /// would write) instead of `ruleSet`: true for a project found without a configuration.
    public var detectsPreset = false
    /// The project as the git index holds it (`--staged`): the run lints what the next commit
    /// records, not the working tree.
    public var staged: StagedTree?
    /// Which of the project's stored states a run reads and keeps (the last walk, the project
    /// state, the classification): nil for the working tree's or the index's, a name for
    /// another tree of the same project (the new-code gate's base commit), so that linting the
    /// two in turn does not make each run start from the other's state.
    public var cacheSlot: String?
    /// Whether the configuration was named (`--config`): it then covers every folder below the
    /// root, and folders with their own `.viperlint.json` are not separate projects.
    public var configurationNamed = false
    /// What the run says about how it found the project (a YAML configuration it does not read).
    public var notes: [String] = []
    /// Where the run finds and reads configuration files (nested projects' too).
    public var configurations: ConfigurationFiles = .workingTree

    public init(root: URL, configurationFile: URL?, ruleSet: RuleSet, reportScope: ReportScope) {
        self.root = root
        self.configurationFile = configurationFile
        self.ruleSet = ruleSet
        self.reportScope = reportScope
    }

    /// With `allowMissing` (`--staged`), a source file that is not in the working tree is
    /// taken as a file: it may be staged and deleted since, and a symbolic link is taken as
    /// itself, not its target. `configurations` finds and reads `.viperlint.json` files (the
    /// working tree's, or with `--staged` the index's).
    public static func locate(paths: [String], configuration: String?,
                              workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                              allowMissing: Bool = false, configurations: ConfigurationFiles = .workingTree)
        throws -> Project {
        let given = paths.isEmpty ? ["."] : paths
        var targets: [(url: URL, isDirectory: Bool)] = []
        for path in given {
            let given = URL(fileURLWithPath: path, relativeTo: workingDirectory).standardizedFileURL
            let url = allowMissing && SourceLanguage(path: given.lastPathComponent) != nil
                ? given.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(given.lastPathComponent)
                : given.resolvingSymlinksInPath()
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
                    || (allowMissing && SourceLanguage(path: url.lastPathComponent) != nil) else {
                throw ProjectError.missingPath(path)
            }
            if !isDirectory.boolValue, SourceLanguage(path: url.lastPathComponent) == nil { throw ProjectError.notSwift(path) }
            targets.append((url, isDirectory.boolValue))
        }
        let first = targets[0]
        let start = first.isDirectory ? first.url : first.url.deletingLastPathComponent()

        var configurationFile: URL?
        var root: URL
        if let configuration {
            let url = URL(fileURLWithPath: configuration, relativeTo: workingDirectory).standardizedFileURL
            guard FileManager.default.fileExists(atPath: url.path) else { throw ProjectError.missingConfiguration(configuration) }
            configurationFile = url
            root = first.isDirectory ? first.url : (gitRoot(from: start) ?? start)
        } else if let found = try findConfiguration(from: start, exists: configurations.exists) {
            configurationFile = found
            root = found.deletingLastPathComponent()
        } else {
            // A subfolder run is a project run: the whole work tree is indexed, the folder reported.
            root = gitRoot(from: start) ?? (first.isDirectory ? first.url : start)
        }
        root = root.standardizedFileURL

        var scopes: [String] = []
        for target in targets {
            guard let relative = relativePath(of: target.url, in: root) else {
                throw ProjectError.outsideRoot(path: target.url.path, root: root.path)
            }
            if relative.isEmpty { scopes = []; break }
            scopes.append(target.isDirectory ? relative + "/" : relative)
        }
        let ruleSet = try configurationFile.map { try configurations.load($0) } ?? ConfigurationLoader.defaultRuleSet
        var project = Project(root: root, configurationFile: configurationFile, ruleSet: ruleSet,
                              reportScope: scopes.isEmpty ? .everything : .paths(scopes))
        project.detectsPreset = configurationFile == nil
        project.configurationNamed = configuration != nil
        project.configurations = configurations
        return project
    }

    /// The project of a folder below this one with its own `.viperlint.json` (found by
    /// discovery), reporting what this run's scope covers of it; nil when it covers nothing.
    /// With `--staged`, its configuration is the staged one.
    public func nested(_ folder: String) throws -> Project? {
        guard let scope = reportScope.within(folder) else { return nil }
        let nestedRoot = root.appendingPathComponent(folder).standardizedFileURL
        // Discovery saw one of the names; which one is asked again, and two are an error here too.
        let file = try ConfigurationLoader.file(in: nestedRoot, exists: configurations.exists)
            ?? nestedRoot.appendingPathComponent(ConfigurationLoader.fileName)
        var project = Project(root: nestedRoot, configurationFile: file, ruleSet: try configurations.load(file), reportScope: scope)
        project.configurations = configurations
        project.objectiveC = objectiveC
        return project
    }

    /// The files of the whole project, whatever the report scope; with a cache, from the last
    /// walk when no folder changed since (`DiscoveryMemo`).
    public func discover(cache: FactCache? = nil) -> DiscoveredFiles {
        let include = ruleSet.include.map(Glob.init), exclude = ruleSet.exclude.map(Glob.init)
        return FileDiscovery(root: root, include: include, exclude: exclude, scope: ruleSet.scope, staged: staged,
                             separatesNestedProjects: !configurationNamed, cacheSlot: cacheSlot).discover(cache: cache)
    }

    /// With `needsIndex`, the result's index is built even when the project's stored state
    /// could be reported as it is (reports and graphs drawn from the index need it).
    public func lint(threads: Int = ProcessInfo.processInfo.activeProcessorCount, cache: FactCache? = nil,
                     progress: LintProgress? = nil, needsIndex: Bool = false) -> LintResult {
        let discoveryStart = DispatchTime.now().uptimeNanoseconds
        let files = discover(cache: cache)
        Timings.report("discovery", since: discoveryStart)
        var result = Linter.lint(sources: files.sources, manifests: files.manifests, ruleSet: ruleSet, root: root.path,
                                 reportScope: reportScope, threads: threads, cache: cache, objectiveC: objectiveC,
                                 detectsPreset: detectsPreset, progress: progress, needsIndex: needsIndex, cacheSlot: cacheSlot)
        result.skipped = (files.skipped + result.skipped).filter { reportScope.covers(skipped: $0.path) }
            .sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        result.repositoryRoot = Self.gitRoot(from: root)?.path
        result.nestedProjects = files.nestedProjects
        result.notes = notes + result.notes
        return result
    }

    /// Reads and parses every file with SwiftParser and nothing else, on the same worker
    /// threads as a lint: the floor the benchmark compares a lint with. Returns the number of
    /// files parsed.
    public func parseOnly(threads: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        let files = discover()
        let parsed = ParallelMap.map(files.sources, threads: threads) { source -> Int in
            guard case let .success(text) = SourceReader.read(source), NestingGuard.problem(in: text) == nil else { return 0 }
            var copy = text
            return copy.withUTF8 { buffer in
                let tree = Parser.parse(source: buffer, maximumNestingLevel: FactExtractor.maximumNestingLevel)
                return tree.statements.isEmpty && text.isEmpty ? 0 : 1
            }
        }
        return parsed.reduce(0, +)
    }

    /// The classified project without running rules (for `viperlint classify`).
    public func index(threads: Int = ProcessInfo.processInfo.activeProcessorCount, cache: FactCache? = nil,
                      progress: LintProgress? = nil) -> (index: ProjectIndex, skipped: [SkippedPath], notes: [String]) {
        let files = discover()
        let built = Linter.buildIndex(sources: files.sources, manifests: files.manifests, ruleSet: ruleSet, threads: threads,
                                      cache: cache, objectiveC: objectiveC, detectsPreset: detectsPreset, progress: progress,
                                      root: root.path)
        let (index, skipped, notes, detectedPreset) = (built.index, built.skipped, built.notes, built.detection?.preset)
        let presetNote = detectedPreset.map {
            "no \(ConfigurationLoader.fileNamesForMessages): classified with the preset '\($0.rawValue)' that 'viperlint init' picks"
        }
        let nestedNotes = files.nestedProjects.map {
            "\(TerminalText.printable($0)) has its own viperlint configuration: another project, not part of this one (run viperlint there)"
        }
        return (index, files.skipped + skipped, notes + [presetNote].compactMap { $0 } + nestedNotes)
    }

    /// Which preset fits the project, and which folders it does not know (for `viperlint init`).
    public func detectPreset(preset: Preset? = nil, cache: FactCache? = nil, progress: LintProgress? = nil) -> PresetDetector.Result {
        let (index, _, notes) = self.index(cache: cache, progress: progress)
        var result = PresetDetector.inspect(facts: index.files.map(\.facts), targets: index.targets, preset: preset)
        result.notes = notes
        return result
    }

    /// The path of `url` relative to `root` ("" for the root itself), or nil outside it.
    public static func relativePath(of url: URL, in root: URL) -> String? {
        let path = url.standardizedFileURL.path
        let rootPath = root.standardizedFileURL.path
        if path == rootPath { return "" }
        let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// The nearest `.viperlint.json` (or `.yml`, `.yaml`) from `start` upward, not above the
    /// git root; two in the nearest folder that has one are an error.
    static func findConfiguration(from start: URL, exists: (URL) -> Bool = ConfigurationFiles.workingTree.exists)
        throws(ConfigurationError) -> URL? {
        var folder = start.standardizedFileURL
        while true {
            if let found = try ConfigurationLoader.file(in: folder, exists: exists) { return found }
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) { return nil }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    static func gitRoot(from start: URL) -> URL? {
        var folder = start.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) { return folder }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }
}
