import ArgumentParser
import Foundation
import ViperLintCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint a project folder or single files.",
        discussion: """
            The whole project is indexed (found from the paths: the nearest .viperlint.json or .viperlint.yml, \
            else the git root, else the folder given); findings are reported for the given \
            paths only. With --staged or --changed-since, each changed file goes to its nearest \
            configuration (one project each), and --staged lints the content staged in git. Without a configuration the preset that 'viperlint init' would pick runs, \
            and the summary says which.
            Exit codes: 0 no error-severity violation (with --strict: no violation, parse error or file of the scope left unchecked, such as one with a generated-file header or one that is not UTF-8); \
            1 violations; 2 viperlint could not run as asked.
            """
    )

    @Argument(help: "Project folder or source files (.swift, .h, .m) to lint.")
    var paths: [String] = []

    @Option(name: .long, help: "Configuration file to use instead of the nearest .viperlint.json or .viperlint.yml (.yml and .yaml files are read as YAML).")
    var config: String?

    @Flag(name: .long, help: "Report on the source files staged in git (what the next commit holds); the whole project is still indexed.")
    var staged = false

    @Option(name: .long, help: "Report on the source files changed since a git revision (and new untracked ones).")
    var changedSince: String?

    @Option(name: .long, help: ArgumentHelp("""
        What fails the run: 'new' (the default with --staged and --changed-since) counts only the findings that \
        the change adds against the base (HEAD for --staged and for paths, as the pre-commit framework passes them; for \
        --changed-since, where the branch left that revision), a new use of a known finding included, and shows those \
        already there as such; 'all' (the default otherwise) counts every finding of the files reported.
        """, valueName: "new|all"))
    var gate: Gate?

    @Option(name: .long, help: ArgumentHelp(ReportSpec.help, valueName: "format[:file]"))
    var report: [ReportSpec] = []

    @Flag(name: .long, help: "Fail (exit 1) on warnings and on files that do not parse cleanly too.")
    var strict = false

    @Option(name: .long, help: "Hide the findings recorded in this baseline file (see --write-baseline).")
    var baseline: String?

    @Option(name: .long, help: "Record the current findings in this baseline file (the reports asked for are written too) and exit 0.")
    var writeBaseline: String?

    @Flag(name: .long, help: "Fail (exit 1) when the baseline has entries whose findings are gone, so it only shrinks.")
    var failOnStaleBaseline = false

    @Option(name: .long, help: "Append a line with this run's totals by rule and severity (time, git revision) to this file, for trends.")
    var history: String?

    @Option(name: .long, help: ArgumentHelp("Link each finding of the html report to its source: an http(s) URL with {path}, and {line} and {rev} if wanted.",
                                            valueName: "template"))
    var sourceURL: String?

    @Flag(name: .long, help: ArgumentHelp("Print absolute paths in "
        + ReporterRegistry.all.filter { $0.printsDisplayPaths }.map { $0.name }.joined(separator: ", ") + " reports (for Xcode)."))
    var absolutePaths = false

    @Flag(name: .long, help: "Print findings only: no summary, no notes about skipped files.")
    var quiet = false

    @Option(name: .long, help: "Group findings of the same rule and message shape in the text report when there are at least this many (0: never).")
    var groupThreshold = 5

    @Option(name: .long, help: "Worker threads for parsing (default: all cores).")
    var threads: Int?

    @OptionGroup var cacheOptions: CacheOptions
    @OptionGroup var progressOptions: ProgressOptions

    @Flag(name: .long, help: "Print how many files were parsed and how many came from the cache.")
    var verbose = false

    @Flag(name: .long, help: "Also list the findings each of the configuration's conventions (measured by 'viperlint init') spares.")
    var explain = false

    @Flag(name: .long, help: "Exit 0 when the folders given hold no file to lint (by default that is exit 2: a mistyped path or an include/exclude that leaves nothing).")
    var allowNoFiles = false

    @Flag(name: .long, help: "Apply the mechanical fixes first (see 'viperlint fix'), then lint and report what is left.")
    var fix = false

    /// For the benchmark's floor: read and parse every file, nothing else.
    @Flag(name: .long, help: .hidden)
    var parseOnly = false

    func validate() throws {
        if (staged || changedSince != nil) && !paths.isEmpty {
            throw ValidationError("--staged and --changed-since choose the files themselves; give no PATH")
        }
        if staged && changedSince != nil { throw ValidationError("use either --staged or --changed-since") }
        if baseline != nil && writeBaseline != nil {
            throw ValidationError("use either --baseline (hide known findings) or --write-baseline (record them), not both")
        }
        if writeBaseline != nil && (staged || changedSince != nil || gate == .new) {
            throw ValidationError("--write-baseline records the whole project's findings; run it without --staged, --changed-since or --gate new")
        }
        let toStandardOutput = report.filter { $0.file == nil }
        if toStandardOutput.count > 1 {
            throw ValidationError("only one --report can go to standard output; give the others a FILE")
        }
        if fix && (staged || changedSince != nil) {
            throw ValidationError("--fix edits the working tree; it cannot fix what --staged or --changed-since select")
        }
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
        if groupThreshold < 0 { throw ValidationError("--group-threshold must be 0 or more") }
        if let sourceURL, let problem = SourceURLTemplate.problem(in: sourceURL) { throw ValidationError("--source-url: \(problem)") }
    }

    @OptionGroup var objectiveC: LibclangOptions

    func run() throws {
        let reports = report.isEmpty ? [ReportSpec(argument: "text")!] : report
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        // --staged: the staged files and the configurations the index holds, from git at once.
        let stagedChanges = staged ? try Console.failingWithExitCode2 { try StagedIndex.changes(in: here) } : nil
        let selected = try Console.failingWithExitCode2 { try stagedChanges.map { $0.files.map(\.path) } ?? selectedPaths() }
        if selected.isEmpty {
            if !quiet { Console.note("no changed source files to lint") }
            return
        }
        // The files of a monorepo (changed files, or the names the pre-commit framework passes)
        // go to their nearest .viperlint.json, one project each.
        let configurations = stagedChanges?.configurations ?? .workingTree
        let grouping = config == nil && selected.count > 1
            ? ProjectGroups.group(selected, configurations: configurations) : ProjectGroups(groups: [selected], outside: [])
        if !quiet {
            for path in grouping.outside {
                Console.note("\(TerminalText.printable(path)) is in no viperlint project (no \(ConfigurationLoader.fileName) above it): not linted")
            }
        }
        // --fix writes the tree only once everything that can end the run with exit 2 has
        // been checked: the reports, the baseline, the history, the configurations.
        if grouping.groups.isEmpty && !fix { return }
        var newCodeBase: GitChanges.Base?
        var (projects, known) = try Console.failingWithExitCode2 {
            for file in reports.compactMap(\.file) + [writeBaseline].compactMap({ $0 }) { try ReportWriter.checkWritable(file) }
            if let history { try RunHistory.check(history) }
            let known = try baseline.map { path throws -> Baseline in try Baseline.load(file: URL(fileURLWithPath: path)) }
            newCodeBase = try comparesWithBase ? GitChanges.baseCommit(of: changedSince, in: here) : nil
            var projects: [Project] = []
            for group in grouping.groups {
                var project = try Project.locate(paths: group, configuration: config, allowMissing: staged, configurations: configurations)
                if staged { try stage(&project) }
                projects.append(project)
            }
            // A project given whole (`lint .`) holding another that a path was given in: that
            // one reports what both asked for, and is linted once.
            for inner in projects.indices {
                for outer in projects.indices where outer != inner && !projects[outer].configurationNamed {
                    guard let folder = Project.relativePath(of: projects[inner].root, in: projects[outer].root), !folder.isEmpty,
                          let part = projects[outer].reportScope.within(folder) else { continue }
                    projects[inner].reportScope = projects[inner].reportScope.union(part)
                }
            }
            if fix { try checkNestedConfigurations(of: projects) }
            return (projects, known)
        }
        let support = try objectiveC.support()
        if fix {
            // The fixes first, summarized on standard error (standard output holds the reports).
            var project = try Console.failingWithExitCode2 { try Project.locate(paths: selected, configuration: config) }
            project.objectiveC = support
            let outcome = FixRun.run(project: project, dryRun: false, cache: cacheOptions.open(), progress: progressOptions)
            FixRun.summarize(outcome, toStandardError: true, listNeedsPerson: false, verb: "fixed")
            // A fix not written (so none was) ends the run as `fix` does: the tree is as it was.
            if !outcome.report.unwritten.isEmpty { throw Console.failure }
        }
        if grouping.groups.isEmpty { return }
        for index in projects.indices { projects[index].objectiveC = support }
        let threads = self.threads ?? ProcessInfo.processInfo.activeProcessorCount
        if parseOnly {
            let parsed = projects.map { $0.parseOnly(threads: threads) }.reduce(0, +)
            if verbose { Console.note("\(counted(parsed, "file")) parsed") }
            return
        }
        let cache = cacheOptions.open()
        let line = progressOptions.line()
        // Folders with their own .viperlint.json inside a project are projects of their own,
        // linted with their configuration when the run's scope covers them.
        var results: [LintResult] = []
        var lintedProjects: [Project] = []
        var pending = projects
        var linted = Set(projects.map { $0.root.standardizedFileURL.path })
        while !pending.isEmpty {
            let project = pending.removeFirst()
            let result = project.lint(threads: threads, cache: cache, progress: line?.progress,
                                      needsIndex: reports.contains { $0.reporter.readsIndex })
            results.append(result)
            lintedProjects.append(project)
            for folder in result.nestedProjects {
                try Console.failingWithExitCode2 {
                    guard var nested = try project.nested(folder), linted.insert(nested.root.path).inserted else { return }
                    if staged { try stage(&nested) }
                    pending.append(nested)
                }
            }
        }
        line?.finish()
        if explain {
            for (project, result) in zip(lintedProjects, results) { explainConventions(of: project, result: result, cache: cache) }
        }
        // The baseline is applied to each project's findings, with its paths: an entry written
        // before paths were repository-relative still matches its project in a run of several.
        let outcome = known.map { baseline in
            Baseline.Outcome.combining(results.indices.map { baseline.apply(to: &results[$0]) })
        }
        // The new-code gate, after the baseline (whose entries the findings match first): each
        // project with findings left is linted again, with the same configuration, as the base
        // commit records it, and the findings that were there already move to `existing`.
        if let newCodeBase {
            for index in results.indices {
                results[index].newCodeBase = newCodeBase.description
                guard !results[index].violations.isEmpty else { continue }
                var before = lintedProjects[index]
                before.cacheSlot = "base"
                before.staged = try Console.failingWithExitCode2 {
                    try StagedIndex.tree(atCommit: newCodeBase.commit, under: before.root)
                }
                Baseline.separateExisting(in: &results[index], before: before.lint(threads: threads, cache: cache), base: newCodeBase.description)
            }
        }
        var result = LintResult.merging(results, root: results.count > 1 ? ProjectGroups.commonRoot(of: results) : results[0].root)
        result.baseline = outcome
        Console.keepUntilExit(results)
        defer { Console.keepUntilExit(result) }
        if results.count > 1, !quiet {
            Console.note("\(results.count) viperlint projects, each with its own configuration: " + results.map { TerminalText.printable($0.root) }.joined(separator: ", "))
        }
        if verbose {
            Console.note("\(counted(result.indexedFileCount, "file")): \(result.parsedFiles) parsed, \(result.indexedFileCount - result.parsedFiles) from the cache"
                         + (result.classificationReused ? "; classification unchanged since the last run" : "")
                         + (result.recheckedFiles.map { $0 == 0 ? "; nothing changed: the last run's findings reported"
                                : "; \(counted($0, "file")) re-checked by the rules that judge each file alone" } ?? ""))
        }
        if comparesWithBase, newCodeBase == nil, !quiet {
            Console.note("the repository has no commit yet: every finding is new")
        }
        if result.fileCount == 0, !allowNoFiles, !staged, changedSince == nil, selected.allSatisfy(Self.isFolder) {
            Console.error(Self.nothingToLint(in: selected, result: result, configuration: projects.first?.configurationFile))
            throw Console.failure
        }
        if let writeBaseline {
            try Console.failingWithExitCode2 { try ReportWriter.write(Baseline(result).rendered(), to: writeBaseline) }
            Console.note("wrote \(writeBaseline) with \(result.violations.count) known findings")
            // The reports asked for are written too; without --report, the baseline is the output.
            if report.isEmpty { return }
        }
        if let outcome, !quiet { reportBaseline(outcome) }

        if !quiet {
            Console.skipped(result.skipped, listed: verbose, hint: "--verbose lists them")
            result.notes.forEach(Console.note)
        }
        let workingDirectory = FileManager.default.currentDirectoryPath
        let root = result.root
        let absolute = absolutePaths
        let sourceLinks = sourceURL.flatMap { SourceURLTemplate($0, revision: RunHistory.revision(of: URL(fileURLWithPath: root))) }
        // The run's history line; the dashboard draws the earlier runs and this one.
        let historyLine = history.map { _ in
            RunHistory.entry(for: result, time: Date(), revision: RunHistory.revision(of: URL(fileURLWithPath: result.root)))
        }
        let trend = history.map { path in
            RunHistory.entries(of: path).suffix(59) + [historyLine.flatMap { try? JSONDecoder().decode(RunHistory.Entry.self, from: Data($0.utf8)) }].compactMap { $0 }
        } ?? []
        for spec in reports {
            // Colour only on a terminal, and never when NO_COLOR is set.
            let colored = spec.file == nil && isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            var context = ReportContext(displayPath: { path in
                absolute ? TextPaths.absolute(path, root: root) : TextPaths.display(path, root: root, workingDirectory: workingDirectory)
            }, ruleSet: result.ruleSet, text: .init(colored: colored, quiet: quiet, groupThreshold: groupThreshold))
            context.warningsFail = strict
            context.sourceURL = sourceLinks
            context.history = Array(trend)
            let text = spec.reporter.render(result, context: context)
            if let file = spec.file {
                try Console.failingWithExitCode2 { try ReportWriter.write(text, to: file) }
            } else {
                Console.output(text)
            }
        }
        if let history, let historyLine {
            try Console.failingWithExitCode2 { try RunHistory.append(historyLine, to: history) }
        }
        if writeBaseline != nil { return }
        // Every report went to a file: the summary still reaches the person who ran the command.
        if !quiet, reports.allSatisfy({ $0.file != nil }) {
            Console.note(TextReporter().summary(result))
        }
        let verdict = Verdict(result: result, strict: strict, failOnStaleBaseline: failOnStaleBaseline)
        if !quiet, let reason = verdict.reason { Console.note(reason) }
        if verdict.fails { throw Console.violations }
    }
}

/// What fails a run that compares with a base: only what the change adds, or every finding.
enum Gate: String, ExpressibleByArgument, CaseIterable {
    case new, all
}

extension LintCommand {
    /// `--explain`: lints the project again without its conventions' allowances (in a cache slot
    /// of its own, so the stored state of the real run stays) and names, under each
    /// convention, the findings it spares: those of its arrow that only the second run reports.
    func explainConventions(of project: Project, result: LintResult, cache: FactCache?) {
        let conventions = project.ruleSet.conventions
        guard !conventions.isEmpty else {
            if !quiet { Console.note("no conventions in \(project.configurationFile.map { TerminalText.printable($0.path) } ?? "the configuration"): no finding is spared by one") }
            return
        }
        var plain = project
        plain.ruleSet = project.ruleSet.withoutConventions()
        plain.cacheSlot = "explain"
        func key(_ violation: Violation) -> String { "\(violation.rule) \(violation.file):\(violation.line) \(violation.symbol ?? "")" }
        let reported = Set(result.violations.map(key))
        let spared = plain.lint(threads: threads ?? ProcessInfo.processInfo.activeProcessorCount, cache: cache).violations.filter { !reported.contains(key($0)) }
        for convention in conventions {
            let mine = spared.filter { $0.layer == convention.from && $0.target?.layer.map { TeamConvention.Target.layer($0) } == convention.to }
            Console.note("the convention \(convention.counted) spares \(counted(mine.count, "finding"))" + (mine.isEmpty ? "" : ":"))
            // Paths as the report prints them: a nested project's files are told from the outer one's.
            let workingDirectory = FileManager.default.currentDirectoryPath
            for violation in mine {
                let path = absolutePaths ? TextPaths.absolute(violation.file, root: result.root)
                    : TextPaths.display(violation.file, root: result.root, workingDirectory: workingDirectory)
                Console.note("  \(TerminalText.printable(path)):\(violation.line): [\(violation.rule)] \(violation.message)")
            }
        }
    }
}

/// What makes the exit code, said in one line: a gate whose verdict nobody can explain is
/// not trusted.
struct Verdict {
    var fails: Bool
    /// Why the run fails, or why warnings did not make it fail; nil for a clean run.
    var reason: String?

    init(result: LintResult, strict: Bool, failOnStaleBaseline: Bool) {
        let errors = result.count(.error), warnings = result.count(.warning)
        let staleEntries = result.baseline?.stale.count ?? 0
        // Parse errors print as warnings: --strict fails on them too, and on files of the scope
        // left unchecked (a generated header, template placeholders, a file that is not UTF-8).
        var strictCauses: [String] = []
        if warnings > 0 { strictCauses.append(Self.plural(warnings, "warning")) }
        if !result.parseErrors.isEmpty { strictCauses.append(Self.plural(result.parseErrors.count, "file") + " that did not parse cleanly") }
        if !result.uncheckedInScope.isEmpty { strictCauses.append(Self.plural(result.uncheckedInScope.count, "file") + " left unchecked") }
        var causes: [String] = []
        if errors > 0 { causes.append(Self.plural(errors, "error")) }
        if strict, !strictCauses.isEmpty { causes.append(strictCauses.joined(separator: ", ") + " (--strict)") }
        if failOnStaleBaseline, staleEntries > 0 { causes.append(Self.plural(staleEntries, "stale baseline entry", "stale baseline entries") + " (--fail-on-stale-baseline)") }
        fails = !causes.isEmpty
        if fails {
            reason = "exit 1: " + causes.joined(separator: "; ")
        } else if !strictCauses.isEmpty {
            let single = strictCauses.count == 1 && strictCauses[0].hasPrefix("1 ")
            reason = "exit 0: " + strictCauses.joined(separator: ", ") + (single ? " does not fail the run (--strict makes it)" : " do not fail the run (--strict makes them)")
        }
    }

    static func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String { counted(count, noun, plural: plural) }
}

extension LintCommand {
    /// Whether the run fails only on findings new against a base commit (the new-code gate).
    var comparesWithBase: Bool { gate == .new || ((staged || changedSince != nil) && gate != .all) }

    /// Points a project at the git index (`--staged`): its files as the commit records them
    /// (its configuration was read from the index by `StagedIndex.configurationFiles`).
    func stage(_ project: inout Project) throws {
        let treeStart = DispatchTime.now().uptimeNanoseconds
        project.staged = try StagedIndex.tree(under: project.root)
        Timings.report("the index", since: treeStart)
    }

    /// The paths to lint: the arguments, or the files git says changed since a revision.
    func selectedPaths() throws -> [String] {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if let changedSince { return try GitChanges.changedSwiftFiles(since: changedSince, in: here).map(\.path) }
        // A path that is not there is an error wherever it would have gone, inside a project or
        // not; a first one that reads like a mistyped command says so.
        if let missing = paths.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            let commands = ViperLintCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
            if missing == paths.first, !missing.contains("/"), !missing.contains("."),
               let command = Self.swiftLintCommands[missing.lowercased()] ?? ClosestName.suggestion(for: missing, among: commands) {
                throw ProjectError.missingPathOrCommand(missing, command: command)
            }
            throw ProjectError.missingPath(missing)
        }
        return paths.isEmpty ? ["."] : paths
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Why a run given folders found nothing to lint, and what to do: a mistyped folder or an
    /// include/exclude that leaves nothing must not pass as "No violations".
    static func nothingToLint(in paths: [String], result: LintResult, configuration: URL?) -> String {
        let skipped = result.skipped.isEmpty ? "" : "; " + SkippedPath.summary(of: result.skipped)
        let settings = configuration.map { "include and exclude in \($0.path)" }
            ?? "the built-in include and exclude ('viperlint config' prints them; tests and vendored folders are excluded)"
        return "no source files to lint in \(paths.joined(separator: ", ")) (.swift, .h and .m files are linted)\(skipped). "
            + "Give a folder that holds the app's source, check \(settings), or pass --allow-no-files to accept a run with nothing to lint"
    }

    /// SwiftLint's names for viperlint's commands, for the hint a mistyped command gets.
    static let swiftLintCommands = ["autocorrect": "fix"]

    /// Loads the configuration of every project the lint will find inside `projects` (and
    /// inside those), as the lint does after a `--fix` has written: one that cannot be read
    /// ends the run before any file is written.
    func checkNestedConfigurations(of projects: [Project]) throws {
        var pending = projects
        var seen = Set(projects.map { $0.root.standardizedFileURL.path })
        while !pending.isEmpty {
            let project = pending.removeFirst()
            for folder in project.discover().nestedProjects {
                guard let nested = try project.nested(folder), seen.insert(nested.root.path).inserted else { continue }
                pending.append(nested)
            }
        }
    }

    /// Says what the baseline hid and which of its entries are stale.
    func reportBaseline(_ outcome: Baseline.Outcome) {
        let staleCount = outcome.stale.reduce(0) { $0 + $1.count }
        Console.note("baseline \(baseline ?? ""): \(outcome.hidden) known \(outcome.hidden == 1 ? "finding" : "findings") hidden, "
            + "\(staleCount) stale (fixed since; rewrite it with --write-baseline to shrink it)")
        for item in outcome.stale.prefix(10) {
            Console.note("  stale: \(item.entry.rule) in \(item.entry.file) (\(item.entry.symbol)): \(item.entry.line)")
        }
        if outcome.stale.count > 10 { Console.note("  ... and \(counted(outcome.stale.count - 10, "more stale entry", plural: "more stale entries"))") }
    }
}

/// Paths in the text report: relative to the working folder when the project is inside it
/// (what terminals and editors open), absolute otherwise.
enum TextPaths {
    static func absolute(_ path: String, root: String) -> String {
        root.hasSuffix("/") ? root + path : root + "/" + path
    }

    static func display(_ path: String, root: String, workingDirectory: String) -> String {
        let absolute = absolute(path, root: root)
        let prefix = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }
}
