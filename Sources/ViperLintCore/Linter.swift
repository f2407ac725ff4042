import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The result of one lint run: what a reporter needs, and nothing it has to compute.
public struct LintResult: Sendable {
    /// Absolute path of the project root; report paths are relative to it.
    public var root: String
    /// Number of source files linted in the report scope (a subfolder run counts its own).
    public var fileCount: Int
    /// Number of source files of the whole project indexed (parsed or from the cache).
    public var indexedFileCount = 0
    /// The VIPER modules: groups of types whose code wires two VIPER roles to each other
    /// (`ProjectIndex.moduleEvidence`), sorted.
    public var modules: [String]
    /// Findings in report order, restricted to the report scope.
    public var violations: [Violation]
    /// Files that did not parse cleanly, with their first error; results there may be partial.
    public var parseErrors: [ParseErrorEntry]
    /// Files left out, with the reason.
    public var skipped: [SkippedPath]

    /// Files of the report scope left unchecked (`--strict` fails on them): see `SkippedPath.leavesCodeUnchecked`.
    public var uncheckedInScope: [SkippedPath] {
        skipped.filter { $0.leavesCodeUnchecked && reportScope.contains($0.path) }
    }
    public var index: ProjectIndex
    /// The source text of each finding's line, by file and line, for fingerprints and baselines.
    public var lineTexts: [String: [Int: String]] = [:]
    /// What a baseline hid, when one was applied.
    public var baseline: Baseline.Outcome?
    /// With the new-code gate: the findings that were already there at the base commit, in
    /// report order; shown, never failing the run (`violations` holds the new ones).
    public var existing: [Violation] = []
    /// With the new-code gate: the base the findings were compared with (`HEAD (1a2b3c4)`).
    public var newCodeBase: String?
    /// How many files were parsed; the others came from the cache.
    public var parsedFiles = 0
    /// Whether the classification came from the last run's (no declaration changed since).
    public var classificationReused = false
    /// With the project's last state: how many files the rules that judge each file alone
    /// looked at again (0: the stored outcome was reported); nil: every file was checked.
    public var recheckedFiles: Int?
    /// Changed files whose facts were found as they were (the stored outcome was reported).
    public var sameFactsFiles = 0
    /// Things the run wants said once (Objective-C files left out for want of libclang).
    public var notes: [String] = []
    /// The rules the run checked: the configuration's, or the detected preset's.
    public var ruleSet: RuleSet
    /// Which rules ran, for the summary: the preset detected for a project without a
    /// configuration file (`preset 'clean-swift', detected`), nil with a configuration file.
    public var detectedPreset: Preset?

    /// Absolute path of the git work tree holding the project, when there is one: SARIF
    /// locations are relative to it, so that code scanning can place them.
    public var repositoryRoot: String?
    /// The files the run reports on (the whole project, or the given paths).
    public var reportScope: ReportScope = .everything
    /// Folders below the root with their own `.viperlint.json`: other projects, which a run
    /// whose scope covers them lints with their own configuration.
    public var nestedProjects: [String] = []

    public func count(_ severity: Severity) -> Int { violations.filter { $0.severity == severity }.count }

    /// The finding's source line with whitespace runs collapsed: what baselines and SARIF
    /// fingerprints match on, so that edits elsewhere in the file keep a finding recognised.
    public func normalizedLine(of violation: Violation) -> String {
        normalizedLine(file: violation.file, line: violation.line)
    }

    func normalizedLine(file: String, line: Int) -> String {
        let text = lineTexts[file]?[line] ?? ""
        return text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

    /// The normalized lines of a finding's other sites (further uses grouped into it), sorted:
    /// what a baseline remembers so that a new use is never absorbed into a known finding.
    func siteLines(of violation: Violation) -> [String] {
        violation.related.filter { !$0.isDeclarationSite }
            .map { "\($0.file): " + normalizedLine(file: $0.file, line: $0.line) }.sorted()
    }
}

/// A file with a syntax error, for reports.
public struct ParseErrorEntry: Sendable, Hashable, Codable {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
}

/// The pipeline, top to bottom: read and parse every file in parallel into facts, classify
/// and index them, run the rules, keep the findings in the report scope, sort.
public enum Linter {
    /// With `detectsPreset` (a project without a configuration file), the rules are those of
    /// the preset `viperlint init` would pick from the parsed files, not `ruleSet`'s.
    ///
    /// With a cache, the run starts from the project's last state (`ProjectState`): with no
    /// file changed it reports the stored outcome (unless `needsIndex`: the result's index is
    /// then empty); a whole-project run after changes that leave the classification alone
    /// re-checks only the changed files with the rules that judge each file alone.
    public static func lint(
        sources: [SourceFile], manifests: [SourceFile], ruleSet: RuleSet, root: String,
        reportScope: ReportScope = .everything, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        cache: FactCache? = nil, objectiveC: ObjectiveCSupport = .standard, detectsPreset: Bool = false,
        progress: LintProgress? = nil, needsIndex: Bool = false, cacheSlot: String? = nil
    ) -> LintResult {
        // What the stored states are kept under: the root, or the root and another tree's slot.
        let stateKey = root + (cacheSlot.map { "\u{0}" + $0 } ?? "")
        let objectiveCFiles = sources.filter { SourceLanguage(path: $0.relativePath) == .objectiveC }
        let parsesObjectiveC: Bool
        if case .libclang = objectiveCFiles.isEmpty ? objectiveC : objectiveC.resolved(), !objectiveCFiles.isEmpty {
            parsesObjectiveC = true
        } else {
            parsesObjectiveC = false
        }
        // Objective-C facts also depend on headers the state does not stamp: such projects run whole.
        let state = parsesObjectiveC ? nil : cache.map { ProjectState(cache: $0, root: stateKey) }
        let stateStart = DispatchTime.now().uptimeNanoseconds
        let stored = state?.load()
        let swiftSources = sources.filter { SourceLanguage(path: $0.relativePath) != .objectiveC }
        // The files the run reads as source, for the count of those in the report scope.
        let readable = parsesObjectiveC ? sources : swiftSources
        func scopedResult(_ outcome: ProjectState.Outcome) -> LintResult {
            Self.result(of: outcome, ruleSet: ruleSet, root: root, reportScope: reportScope, sources: readable)
        }
        let configuration = state.map { _ in
            ProjectState.configurationDigest(ruleSet: ruleSet, detectsPreset: detectsPreset, manifests: manifests, leftOut: objectiveCFiles)
        }
        // What the state check learns of the files (stamps, changed files' facts) the facts
        // phase takes as it is, instead of asking the file system and the parser again.
        var known = KnownFiles()
        if case .paths = reportScope { known.packRewriteThreshold = max(2, sources.count / 16) }
        if stored != nil { known.stamps = FactPack.Stamp.of(swiftSources, threads: threads) }
        let changed = configuration.flatMap { stored?.changedFiles(swiftSources, stamps: known.stamps, configuration: $0) }
        Timings.report("project state (\(changed.map { "\($0.count) files changed" } ?? "none"))", since: stateStart)
        if changed?.isEmpty == true, !needsIndex, let outcome = stored?.outcome() {
            return scopedResult(outcome)
        }
        if let changed, !changed.isEmpty, !needsIndex, let stored, let cache {
            let cutoffStart = DispatchTime.now().uptimeNanoseconds
            let cutoff = outcomeOfUnchangedFacts(changed: changed, sources: swiftSources, stored: stored, cache: cache,
                                                 root: stateKey, ruleSet: ruleSet)
            Timings.report("changed files' facts (\(cutoff.outcome == nil ? "changed" : "unchanged: stored outcome holds"))", since: cutoffStart)
            if let outcome = cutoff.outcome {
                var result = scopedResult(outcome)
                result.parsedFiles = changed.count
                result.sameFactsFiles = changed.count
                return result
            }
            known.extracted = cutoff.extracted
        }

        let built = buildIndex(sources: sources, manifests: manifests, ruleSet: ruleSet, threads: threads, cache: cache,
                               objectiveC: objectiveC, detectsPreset: detectsPreset, progress: progress, root: stateKey, known: known)
        let (index, skipped, parsed, ruleSet) = (built.index, built.skipped, built.parsed, built.ruleSet)
        progress?.begin(.checking)
        let classifier = Classifier(ruleSet: ruleSet)
        let runner = RuleRunner(index: index, ruleSet: ruleSet, classifier: classifier)
        // What the rules must look at. A whole-project run completes the state, so every file
        // (from a state whose classification still holds, the changed files for the rules that
        // judge each file alone). A run of given paths (a pre-commit hook's) looks at those
        // only and leaves the state as it was: a complete run costs more than the hook's.
        var keepsState = state != nil && built.identities != nil
        var reportFiles: Set<Int>?
        if case .paths = reportScope {
            keepsState = false
            reportFiles = Set(index.files.indices.filter { reportScope.contains(index.files[$0].path) })
        }
        let previous = keepsState ? changed.flatMap { changed in
            stored.flatMap { stored in
                stored.classificationSignature == built.classificationSignature ? stored.findingsByRule().map { ($0, changed) } : nil
            }
        } : nil
        var recheck: Set<String>?
        if let (findings, changed) = previous { recheck = filesToRecheck(changed: changed, previous: findings) }
        let recheckIndices = recheck.map { paths in Set(index.files.indices.filter { paths.contains(index.files[$0].path) }) }
        let local = Set(RuleRegistry.all.filter { $0.judgesFilesAlone }.map { $0.id })
        var byRule = runner.findingsByRule(threads: threads) { id in
            local.contains(id) ? recheckIndices ?? reportFiles : reportFiles
        }
        if let (findings, _) = previous, let recheck {
            for id in local where byRule[id] != nil {
                byRule[id] = byRule[id]!.filter { recheck.contains($0.file) } + (findings[id] ?? []).filter { !recheck.contains($0.file) }
            }
        }
        let raw = RuleRunner.oneFindingPerSite(RuleRunner.joined(byRule))
        let findingsStart = DispatchTime.now().uptimeNanoseconds
        let (kept, unused) = SuppressionFilter.apply(raw, index: index)
        let unusedFindings = runner.unusedSuppressions(unused)
        let all = (kept + unusedFindings).sorted(by: Violation.reportOrder)

        let parseErrors = index.files.map(\.facts).compactMap { fileFacts -> ParseErrorEntry? in
            guard let error = fileFacts.parseError else { return nil }
            return ParseErrorEntry(file: fileFacts.path, line: error.position.line, column: error.position.column, message: error.message)
        }
        // The groups the code shows to be VIPER modules (`ProjectIndex.moduleEvidence`): a folder
        // of cells or of network code is counted and listed as no module.
        let modules = index.modules
        Timings.report("suppressions and order (\(raw.count) findings)", since: findingsStart)
        let linesStart = DispatchTime.now().uptimeNanoseconds
        let outcome = ProjectState.Outcome(
            fileCount: index.files.count, modules: modules, violations: all, parseErrors: parseErrors, skipped: skipped,
            notes: built.notes, lineTexts: lineTexts(of: keepsState ? all : all.filter { reportScope.contains($0.file) }, sources: sources),
            detectedPreset: built.detectedPreset, customFolders: built.detection?.customFolders ?? [])
        Timings.report("line texts", since: linesStart)
        if keepsState, let state, let configuration, let identities = built.identities, let signature = built.classificationSignature {
            let storeStart = DispatchTime.now().uptimeNanoseconds
            state.store(configuration: configuration, files: identities, classificationSignature: signature, findingsByRule: byRule,
                        outcome: outcome)
            Timings.report("project state stored", since: storeStart)
        }
        var result = Self.result(of: outcome, ruleSet: ruleSet, root: root, reportScope: reportScope, sources: readable)
        result.index = index
        result.parsedFiles = parsed
        result.classificationReused = built.classificationReused
        result.recheckedFiles = recheck.map { $0.count }
        return result
    }

    /// Early cutoff: when every changed file still gives the facts the stored state was made
    /// from (a comment edited, lines added after the last declaration), the stored outcome
    /// holds, and only the text of the findings' lines in those files is read again. No
    /// outcome when a file's facts changed, or its facts of the state are not in the pack any
    /// more (a later run replaced them), or it was added, removed, left out or does not parse
    /// as before; the facts it extracted on the way are then the run's (`KnownFiles.extracted`).
    static func outcomeOfUnchangedFacts(changed: Set<String>, sources: [SourceFile], stored: ProjectState.Stored,
                                        cache: FactCache, root: String, ruleSet: RuleSet)
        -> (outcome: ProjectState.Outcome?, extracted: [String: KnownFiles.Extracted]) {
        // Each costs a parse; past a handful, the changes are seldom all comments.
        guard changed.count <= 16 else { return (nil, [:]) }
        let known = Dictionary(stored.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let byPath = Dictionary(sources.map { ($0.relativePath, $0) }, uniquingKeysWith: { first, _ in first })
        let pack = FactPack(cache: cache, root: root, salt: "skipGenerated=\(ruleSet.scope.skipGenerated)")
        var extracted: [String: KnownFiles.Extracted] = [:]
        var holds = true
        for path in changed.sorted() {
            // Files are parsed on while the cutoff already failed: the facts phase needs them.
            guard let identity = known[path], let source = byPath[path], let entry = pack.entry(for: path), entry.key == identity.key,
                  let before = entry.decoded(path: path), case let .success(text) = SourceReader.read(source),
                  !(ruleSet.scope.skipGenerated && ForeignCode.generatedMarker(in: text) != nil), NestingGuard.problem(in: text) == nil,
                  case let .success(now) = FactExtractor.extract(path: path, source: text)
            else { return (nil, extracted) }
            extracted[path] = KnownFiles.Extracted(text: text, facts: now)
            if holds && !now.givesTheSameFindings(as: before) { holds = false }
        }
        guard holds, var outcome = stored.outcome() else { return (nil, extracted) }
        let touching = outcome.violations.filter { violation in
            changed.contains(violation.file) || violation.related.contains { changed.contains($0.file) }
        }
        let lines = lineTexts(of: touching, sources: sources)
        for path in changed { outcome.lineTexts[path] = lines[path] }
        return (outcome, [:])
    }

    /// The files whose findings of the rules that judge each file alone must be made again:
    /// the changed ones, and those whose findings point into a changed file (a related site,
    /// or a message naming it), whose positions may have moved.
    static func filesToRecheck(changed: Set<String>, previous: [String: [Violation]]) -> Set<String> {
        var files = changed
        let names = changed.map { ($0 as NSString).lastPathComponent }
        for violation in previous.values.joined() where !files.contains(violation.file) {
            if violation.related.contains(where: { changed.contains($0.file) })
                || names.contains(where: { violation.message.contains($0) }) {
                files.insert(violation.file)
            }
        }
        return files
    }

    /// The report of a run's outcome, kept to the report scope: `sources` (the files read as
    /// source) give the count of the scope's files, those the outcome skipped left out.
    static func result(of outcome: ProjectState.Outcome, ruleSet: RuleSet, root: String, reportScope: ReportScope,
                       sources: [SourceFile]) -> LintResult {
        let detection = outcome.detectedPreset.map {
            PresetDetector.Result(scores: [], preset: $0, customFolders: outcome.customFolders, extraRoles: [])
        }
        let violations = outcome.violations.filter { reportScope.contains($0.file) }
        var wanted = Set(violations.map(\.file))
        for violation in violations { wanted.formUnion(violation.related.map(\.file)) }
        var result = LintResult(root: root, fileCount: outcome.fileCount, modules: outcome.modules, violations: violations,
                                parseErrors: outcome.parseErrors.filter { reportScope.contains($0.file) }, skipped: outcome.skipped,
                                index: ProjectIndex(files: [], symbols: [], symbolsByName: [:], conformersByProtocol: [:], targets: []),
                                ruleSet: detection?.ruleSet ?? ruleSet)
        result.detectedPreset = detection?.preset
        result.reportScope = reportScope
        result.indexedFileCount = outcome.fileCount
        if case .paths = reportScope {
            let skipped = Set(outcome.skipped.map(\.path))
            result.fileCount = sources.filter { reportScope.contains($0.relativePath) && !skipped.contains($0.relativePath) }.count
        }
        result.lineTexts = outcome.lineTexts.filter { wanted.contains($0.key) }
        result.notes = outcome.notes
        result.classificationReused = true
        result.recheckedFiles = 0
        return result
    }
}

extension Linter {
    /// Classifies already-extracted facts and runs every rule on them: what a warm run does
    /// with facts from the cache (the cache fuzz target feeds it decoded bytes).
    public static func violations(of facts: [FileFacts], ruleSet: RuleSet, threads: Int = 1) -> [Violation] {
        let classifier = Classifier(ruleSet: ruleSet)
        return RuleRunner(index: classifier.index(files: facts, targets: []), ruleSet: ruleSet, classifier: classifier).run(threads: threads)
    }

    /// Reads back the lines findings point at (only those files, once each).
    static func lineTexts(of violations: [Violation], sources: [SourceFile]) -> [String: [Int: String]] {
        // The findings' lines, and their other sites' (a baseline remembers those too).
        var wanted = Dictionary(grouping: violations, by: \.file).mapValues { Set($0.map(\.line)) }
        for violation in violations {
            for site in violation.related { wanted[site.file, default: []].insert(site.line) }
        }
        let byPath = Dictionary(sources.map { ($0.relativePath, $0) }, uniquingKeysWith: { first, _ in first })
        var result: [String: [Int: String]] = [:]
        for (path, lines) in wanted {
            guard let source = byPath[path], case let .success(text) = SourceReader.read(source) else { continue }
            let all = SourceLines.split(text)
            result[path] = Dictionary(uniqueKeysWithValues: lines.filter { $0 >= 1 && $0 <= all.count }.map { ($0, String(all[$0 - 1])) })
        }
        return result
    }

    /// Every file's facts, from the cache's pack or parsed. A function of its own so that the
    /// pack's bytes and the encoded entries are released before classification (on a
    /// ten-million-line project they are half a gigabyte).
    private static func extractFacts(sources: [SourceFile], ruleSet: RuleSet, threads: Int, cache: FactCache?, root: String?,
                                     reader: ObjCReader?, progress: LintProgress?, known: KnownFiles) -> FactsPhase {
        // With a cache, facts come from the project's pack; a file whose stamp did not change
        // is not even read.
        let packStart = DispatchTime.now().uptimeNanoseconds
        let pack = cache.flatMap { cache in
            root.map { FactPack(cache: cache, root: $0, salt: "skipGenerated=\(ruleSet.scope.skipGenerated)") }
        }
        Timings.report("fact pack read", since: packStart)
        let packWriter = pack.map { FactPack.Writer(pack: $0, parsedFilesWorthRewriting: known.packRewriteThreshold) }
        let extracted = ParallelMap.map(sources, threads: threads) { source -> Extraction in
            defer { progress?.advance() }
            let stored = pack?.entry(for: source.relativePath)
            // Swift files on disk only: an Objective-C file's facts also depend on its headers.
            let stamp = pack != nil && source.text == nil && SourceLanguage(path: source.relativePath) == .swift
                ? known.stamps[source.relativePath] ?? source.absolutePath.flatMap(FactPack.Stamp.init(path:)) : nil
            if let stamp, let stored, stored.stamp == stamp, let facts = stored.decoded(path: source.relativePath) {
                return Extraction(result: .success(facts), entry: stored, identity: stored.key, stamp: stamp)
            }
            let early = known.extracted[source.relativePath]
            switch early.map({ .success($0.text) }) ?? SourceReader.read(source) {
            case let .failure(skip):
                return Extraction(result: .failure(skip), identity: "unreadable: " + skip.reason, stamp: stamp)
            case let .success(text):
                let isObjectiveC = SourceLanguage(path: source.relativePath) == .objectiveC
                let key = pack.map { _ in FactCache.key(path: source.relativePath, text: text, salt: isObjectiveC ? reader?.cacheSalt ?? "" : "") }
                if ruleSet.scope.skipGenerated, let marker = ForeignCode.generatedMarker(in: text) {
                    return Extraction(result: .failure(SkippedPath(path: source.relativePath, reason: "generated file (its header says '\(marker)')")),
                                      identity: key, stamp: stamp)
                }
                if let key, var stored, stored.key == key, let facts = stored.decoded(path: source.relativePath) {
                    stored.stamp = stamp
                    return Extraction(result: .success(facts), entry: stored, identity: key, stamp: stamp)
                }
                // Checked on a cache miss only: a file with an entry passed when it was parsed.
                if let problem = NestingGuard.problem(in: text) {
                    return Extraction(result: .failure(SkippedPath(path: source.relativePath, reason: "not analyzed: \(problem)")),
                                      identity: key, stamp: stamp)
                }
                let facts: FileFacts
                if isObjectiveC, let reader {
                    switch reader.facts(source, text: text) {
                    case let .success(objectiveCFacts): facts = objectiveCFacts
                    case let .failure(skip): return Extraction(result: .failure(skip), identity: key, stamp: stamp)
                    }
                } else if let early {
                    facts = early.facts
                } else {
                    switch FactExtractor.extract(path: source.relativePath, source: text) {
                    case let .success(swiftFacts): facts = swiftFacts
                    case let .failure(skip): return Extraction(result: .failure(skip), identity: key, stamp: stamp)
                    }
                }
                // Held as a warm run decodes them, with equal names and lists shared: a large
                // project's facts take a third less memory, and cold and warm runs see the same.
                let encoded = facts.encoded()
                let compact = (try? FileFacts(decoding: encoded)) ?? facts
                var entry = key.map { key in
                    FactPack.Entry(key: key, stamp: stamp, signature: compact.classificationSignature, facts: ArraySlice(encoded))
                }
                // On disk now, so the encoded facts of every parsed file are not held at once.
                if let written = entry, packWriter?.add(source.relativePath, written) == true { entry?.facts = [] }
                return Extraction(result: .success(compact), parsed: true, entry: entry, identity: key, stamp: stamp)
            }
        }
        let finishStart = DispatchTime.now().uptimeNanoseconds
        defer { Timings.report("fact pack written", since: finishStart) }
        packWriter?.finish(zip(sources, extracted).compactMap { source, extraction in extraction.entry.map { (source.relativePath, $0) } })
        var phase = FactsPhase(signatures: pack != nil ? [] : nil)
        if pack != nil, reader == nil {
            phase.identities = zip(sources, extracted).compactMap { source, extraction in
                extraction.identity.map { ProjectState.FileIdentity(path: source.relativePath, stamp: extraction.stamp, key: $0) }
            }
            if phase.identities?.count != sources.count { phase.identities = nil }
        }
        // Copied-in files: a license grant in the header, where the project's own files seldom carry one.
        let licensed = extracted.filter { if case let .success(facts) = $0.result { facts.licenseHeader != nil } else { false } }.count
        let analyzed = extracted.filter { if case .success = $0.result { true } else { false } }.count
        let licensesMarkCopiedCode = ruleSet.scope.skipLibraries && ForeignCode.licensesMarkCopiedCode(licensed: licensed, files: analyzed)
        for extraction in extracted {
            switch extraction.result {
            case let .success(fileFacts):
                if licensesMarkCopiedCode, let license = fileFacts.licenseHeader {
                    phase.skipped.append(SkippedPath(path: fileFacts.path, reason: "a copied-in file: its header grants a license "
                        + "('\(license)'), which only \(licensed) of the project's \(analyzed) files do"))
                    if extraction.parsed { phase.parsed += 1 }
                    continue
                }
                phase.facts.append(fileFacts)
                if let entry = extraction.entry { phase.signatures?.append(entry.signature) }
            case let .failure(skip): phase.skipped.append(skip)
            }
            if extraction.parsed { phase.parsed += 1 }
        }
        return phase
    }

    /// Reads, parses and classifies every file: the project index without running rules.
    /// With a cache, files whose bytes are unchanged take their facts from it. Objective-C
    /// files are parsed when `objectiveC` has a libclang, and otherwise counted in a note.
    /// With `detectsPreset`, files are classified by the rules of the preset that fits them
    /// (what `viperlint init` picks), returned as `ruleSet` and `detectedPreset`.
    public static func buildIndex(
        sources: [SourceFile], manifests: [SourceFile], ruleSet: RuleSet,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount, cache: FactCache? = nil,
        objectiveC: ObjectiveCSupport = .standard, detectsPreset: Bool = false, progress: LintProgress? = nil,
        root: String? = nil
    ) -> BuiltIndex {
        buildIndex(sources: sources, manifests: manifests, ruleSet: ruleSet, threads: threads, cache: cache, objectiveC: objectiveC,
                   detectsPreset: detectsPreset, progress: progress, root: root, known: KnownFiles())
    }

    static func buildIndex(
        sources: [SourceFile], manifests: [SourceFile], ruleSet: RuleSet, threads: Int, cache: FactCache?,
        objectiveC: ObjectiveCSupport, detectsPreset: Bool, progress: LintProgress?, root: String?, known: KnownFiles
    ) -> BuiltIndex {
        // Sorted here, not only by discovery, so any input order gives the same index and report.
        var sources = sources.sorted { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
        var notes: [String] = []
        let objectiveCFiles = sources.filter { SourceLanguage(path: $0.relativePath) == .objectiveC }
        let reader: ObjCReader?
        let objectiveC = objectiveCFiles.isEmpty ? objectiveC : objectiveC.resolved()
        switch objectiveC {
        case let .libclang(clang) where !objectiveCFiles.isEmpty:
            reader = ObjCReader(clang: clang, files: objectiveCFiles)
        default:
            reader = nil
            sources.removeAll { SourceLanguage(path: $0.relativePath) == .objectiveC }
            if let note = objectiveC.note(skippedFiles: objectiveCFiles.count) { notes.append(note) }
        }
        let factsStart = DispatchTime.now().uptimeNanoseconds
        progress?.begin(.parsing, total: sources.count)
        let extracted = extractFacts(sources: sources, ruleSet: ruleSet, threads: threads, cache: cache, root: root, reader: reader,
                                     progress: progress, known: known)
        let (facts, skipped, parsed) = (extracted.facts, extracted.skipped, extracted.parsed)
        Timings.report("facts (read, parse, extract)", since: factsStart)
        progress?.begin(.classifying)
        let classifyStart = DispatchTime.now().uptimeNanoseconds
        defer { Timings.report("classify and index", since: classifyStart) }
        let targets = manifests.sorted { $0.relativePath < $1.relativePath }.flatMap { manifest -> [BuildTarget] in
            guard case let .success(text) = SourceReader.read(manifest) else { return [] }
            return PackageManifest.targets(manifestPath: manifest.relativePath, source: text)
        }
        // Classification depends on declarations and names only: when none changed since the
        // last run, its decisions are reused (an edit inside a function body keeps them).
        let memo = extracted.signatures != nil ? cache.flatMap { cache in root.map { ClassificationMemo(cache: cache, root: $0) } } : nil
        let signature = memo.map { _ in
            ClassificationMemo.signature(fileSignatures: extracted.signatures ?? [], ruleSet: ruleSet, targets: targets,
                                         detectsPreset: detectsPreset)
        }
        var reused = signature.flatMap { memo?.load(signature: $0) }
        Timings.report("classification memo (\(reused == nil ? "missed" : "reused"))", since: classifyStart)
        if detectsPreset && reused?.detection == nil { reused = nil }
        let detection = detectsPreset ? reused?.detection ?? PresetDetector.inspect(facts: facts, targets: targets) : nil
        let ruleSet = detection?.ruleSet ?? ruleSet
        let index = Classifier(ruleSet: ruleSet).index(files: facts, targets: targets, reusing: reused, threads: threads)
        if reused == nil, let memo, let signature {
            memo.store(ClassifierDecisions(index: index, detection: detection), signature: signature)
        }
        return BuiltIndex(index: index, skipped: skipped, parsed: parsed, notes: notes, ruleSet: ruleSet, detection: detection,
                          classificationReused: reused != nil, identities: extracted.identities, classificationSignature: signature)
    }
}

/// The classified project of a run, with what the project state records of it.
public struct BuiltIndex: Sendable {
    public var index: ProjectIndex
    public var skipped: [SkippedPath]
    /// How many files were parsed (the others came from the cache).
    public var parsed: Int
    public var notes: [String]
    /// The rules the files were classified by: the configuration's, or the detected preset's.
    public var ruleSet: RuleSet
    /// Without a configuration file: the preset that fits the files.
    public var detection: PresetDetector.Result?
    public var detectedPreset: Preset? { detection?.preset }
    /// Whether the classification came from the last run's.
    public var classificationReused: Bool
    /// With a cache: every file's identity and the classification inputs' signature.
    var identities: [ProjectState.FileIdentity]?
    var classificationSignature: [UInt8]?
}

/// What a run learnt of its files before the facts phase (checking them against the project
/// state), so that phase does not ask the file system or the parser again.
struct KnownFiles: Sendable {
    /// Facts the early-cutoff check extracted, with the text they came from.
    struct Extracted: Sendable {
        var text: String
        var facts: FileFacts
    }

    /// The stamp of each Swift file on disk, by relative path.
    var stamps: [String: FactPack.Stamp] = [:]
    /// Changed files already parsed, by relative path.
    var extracted: [String: Extracted] = [:]
    /// How many files a run must parse before the fact pack is rewritten with their facts. A
    /// run of given paths (a pre-commit hook's) parses a few changed files; writing the whole
    /// pack for them costs more than parsing them again (nova-wallet's 16 MB pack takes 0.06 s
    /// to write, a file half a millisecond of CPU to parse), and the next whole run writes it anyway.
    var packRewriteThreshold = 1
}

/// What the facts phase gives classification: the facts of the files that have them, the
/// classification signature of each (with a cache), and the files left out.
private struct FactsPhase {
    var facts: [FileFacts] = []
    var signatures: [[UInt8]]?
    /// Every file's identity, for the project state (with a cache, when no Objective-C file
    /// was parsed: those facts also depend on headers).
    var identities: [ProjectState.FileIdentity]?
    var skipped: [SkippedPath] = []
    var parsed = 0
}

/// One source file's outcome in the facts phase: its facts or why it was skipped, whether it
/// was parsed, and what the fact pack keeps of it.
private struct Extraction: Sendable {
    var result: Result<FileFacts, SkippedPath>
    var parsed = false
    var entry: FactPack.Entry?
    /// The file's key for the project state: its bytes' cache key, or why it is unreadable.
    var identity: String?
    var stamp: FactPack.Stamp?
}

/// Which findings a run reports: all of them, or only those in the given files and folders
/// (the whole project is still indexed, so cross-file rules stay right).
public enum ReportScope: Sendable {
    case everything
    /// Relative file paths and folder prefixes (ending in `/`).
    case paths([String])

    public func contains(_ path: String) -> Bool {
        switch self {
        case .everything: return true
        case let .paths(scopes): return scopes.contains { $0 == path || ($0.hasSuffix("/") && path.hasPrefix($0)) }
        }
    }

    /// The part of this scope inside `folder` (a path relative to the root), relative to that
    /// folder: everything when the scope holds the folder whole, nil when it holds nothing of it.
    public func within(_ folder: String) -> ReportScope? {
        switch self {
        case .everything: return .everything
        case let .paths(scopes):
            if contains(folder + "/") { return .everything }
            let inside = scopes.filter { $0.hasPrefix(folder + "/") }.map { String($0.dropFirst(folder.count + 1)) }
            return inside.isEmpty ? nil : (inside.contains("") ? .everything : .paths(inside))
        }
    }

    /// Both scopes' files and folders.
    public func union(_ other: ReportScope) -> ReportScope {
        switch (self, other) {
        case let (.paths(mine), .paths(theirs)): return .paths(mine + theirs.filter { !mine.contains($0) })
        default: return .everything
        }
    }

    /// Whether a skipped path covers something the run reports on: a file or folder in scope,
    /// or a folder holding one (a copied-in library folder skipped whole must not drop a given
    /// file without a word).
    public func covers(skipped path: String) -> Bool {
        switch self {
        case .everything: return true
        case let .paths(scopes): return path == "." || contains(path) || scopes.contains { $0.hasPrefix(path + "/") }
        }
    }
}

/// Reads source text: UTF-8 with or without a byte-order mark. Binary files, other
/// encodings and Xcode template files are skipped with a reason, never guessed at.
public enum SourceReader {
    static func read(_ source: SourceFile) -> Result<String, SkippedPath> {
        if let text = source.text { return .success(text) }
        guard let path = source.absolutePath else {
            return .failure(SkippedPath(path: source.relativePath, reason: "no contents"))
        }
        switch readFile(path) {
        case let .success(data): return decode(data, path: source.relativePath)
        case let .failure(failure): return .failure(SkippedPath(path: source.relativePath, reason: failure.reason))
        }
    }

    /// What a path that is no regular file is, in the user's words.
    static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    /// A regular file's bytes, its size checked before anything is read; or why not, in the
    /// system's words (a removed file, a device error, no memory: not all "permission denied").
    static func readFile(_ path: String, limit: Int = SourceLimits.maximumFileSize) -> Result<Data, ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else {
            return .failure(ReadFailure(errno == ENOENT ? "file was removed during the run" : "file cannot be read (\(String(cString: strerror(errno))))"))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(ReadFailure("file cannot be read (\(String(cString: strerror(errno))))")) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(ReadFailure(Self.kindName(status.st_mode) + ", not a regular file")) }
        let size = Int(status.st_size)
        guard size <= limit else {
            return .failure(ReadFailure("larger than \(limit / 1_048_576) MB (\(size / 1_048_576) MB)"
                                        + (limit == SourceLimits.maximumFileSize ? ": not source code a person writes" : "")))
        }
        var data = Data(count: size)
        var total = 0
        while total < size {
            let count = data.withUnsafeMutableBytes { buffer in posixRead(descriptor, buffer.baseAddress! + total, size - total) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure("file cannot be read (\(String(cString: strerror(errno))))"))
            }
            if count == 0 { break }
            total += count
        }
        return .success(total == size ? data : data.prefix(total))
    }

    /// The text of a file's bytes, or why the file is skipped.
    public static func decode(_ data: Data, path: String) -> Result<String, SkippedPath> {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            return .failure(SkippedPath(path: path, reason: "UTF-16 text (source must be UTF-8)"))
        }
        if data.withUnsafeBytes({ $0.contains(0) }) {
            return .failure(SkippedPath(path: path, reason: "binary file (contains NUL bytes)"))
        }
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = UTF8Text.decode(bytes) else {
            return .failure(SkippedPath(path: path, reason: "not UTF-8 text"))
        }
        if TemplatePlaceholder.appears(in: text) {
            return .failure(SkippedPath(path: path, reason: "Xcode template placeholder file"))
        }
        return .success(text)
    }
}

/// Why a file could not be read, in words for the report.
struct ReadFailure: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// `read(2)`, named apart from the methods called `read`.
func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(descriptor, buffer, count)
    #else
    return Darwin.read(descriptor, buffer, count)
    #endif
}

/// Limits on what is read.
public enum SourceLimits {
    /// Files larger than this are skipped with a reason before any byte is read: generated
    /// or hostile, never hand-written source (the largest in the corpus is under 1 MB).
    public static let maximumFileSize = 10 * 1_048_576
}

/// Phase timings on standard error when `VIPERLINT_TIMINGS` is set: where a slow run spends
/// its time, without a profiler.
public enum Timings {
    public static let enabled = ProcessInfo.processInfo.environment["VIPERLINT_TIMINGS"] != nil

    public static func report(_ phase: String, since start: UInt64) {
        guard enabled else { return }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        FileHandle.standardError.write(Data("\(phase): \(String(format: "%.3f", seconds)) s\(residentMemory)\n".utf8))
    }

    /// The resident set on Linux (from /proc), for memory work; empty elsewhere.
    private static var residentMemory: String {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return "" }
        return ", \((pages * Int(getpagesize())) >> 20) MB resident"
    }
}
