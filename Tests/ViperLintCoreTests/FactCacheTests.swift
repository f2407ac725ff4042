import Foundation
import Testing
@testable import ViperLintCore

@Suite struct FactCacheTests {
    func copyOfFixture() throws -> (project: URL, cache: FactCache, cleanup: () -> Void) {
        let folder = try CLI.temporaryFolder()
        let project = folder.appendingPathComponent("App")
        try FileManager.default.copyItem(at: Paths.fixture("ClassicVIPER"), to: project)
        let cache = try #require(FactCache(folder: folder.appendingPathComponent("cache"), key: .testing))
        return (project, cache, { try? FileManager.default.removeItem(at: folder) })
    }

    /// A run's JSON report. The index is always built (`needsIndex`), so that these tests of
    /// the pack and the memo read them, rather than report the project's stored state.
    func report(_ project: URL, cache: FactCache?, paths: [String]? = nil) throws -> (String, LintResult) {
        let located = try Project.locate(paths: paths ?? [project.path], configuration: nil)
        let result = located.lint(cache: cache, needsIndex: true)
        return (JSONReporter.report(result), result)
    }

    /// A filled cache of a fixture copy whose stamps are trusted, with every Swift file's entry.
    func filledPack(_ project: URL, _ cache: FactCache) throws -> (cold: String, located: Project, pack: FactPack,
                                                                    entries: [(path: String, entry: FactPack.Entry)]) {
        // Stamps newer than two seconds are never recorded (a later write could keep them).
        Thread.sleep(forTimeInterval: 2.2)
        let (cold, _) = try report(project, cache: cache)
        let located = try Project.locate(paths: [project.path], configuration: nil)
        let pack = FactPack(cache: cache, root: located.root.path, salt: "skipGenerated=true")
        let paths = located.discover().sources.map(\.relativePath).filter { $0.hasSuffix(".swift") }
        return (cold, located, pack, paths.map { (path: $0, entry: pack.entry(for: $0)!) })
    }

    /// Replaces `pack`'s file with one holding exactly `entries` (written through an empty
    /// cache: a pack skips writing what it already holds).
    func install(_ entries: [(path: String, entry: FactPack.Entry)], as pack: FactPack, root: String, beside project: URL) throws {
        let elsewhere = try #require(FactCache(folder: project.deletingLastPathComponent().appendingPathComponent("other-\(UUID())"), key: .testing))
        let written = FactPack(cache: elsewhere, root: root, salt: "skipGenerated=true")
        written.write(entries)
        try FileManager.default.removeItem(at: pack.file)
        try FileManager.default.moveItem(at: written.file, to: pack.file)
    }

    @Test func aWarmCacheGivesTheSameReportWithoutParsing() throws {
        let (project, cache, cleanup) = try copyOfFixture()
        defer { cleanup() }
        let (cold, coldResult) = try report(project, cache: cache)
        let (warm, warmResult) = try report(project, cache: cache)
        let (uncached, _) = try report(project, cache: nil)
        #expect(coldResult.parsedFiles == coldResult.fileCount)
        #expect(warmResult.parsedFiles == 0)
        #expect(cold == warm && warm == uncached)
    }

    @Test func oneChangedFileIsTheOnlyOneParsedAndItsFindingsEqualAFullRunRestrictedToIt() throws {
        let (project, cache, cleanup) = try copyOfFixture()
        defer { cleanup() }
        _ = try report(project, cache: cache)
        let changed = project.appendingPathComponent("Modules/ArticleDetail/Presenter/ArticleDetailPresenter.swift")
        let text = try String(contentsOf: changed, encoding: .utf8)
        try ("import SwiftUI\n" + text).write(to: changed, atomically: true, encoding: .utf8)

        let (_, single) = try report(project, cache: cache, paths: [changed.path])
        #expect(single.parsedFiles == 1)
        let (_, full) = try report(project, cache: nil)
        let relative = "Modules/ArticleDetail/Presenter/ArticleDetailPresenter.swift"
        #expect(single.violations == full.violations.filter { $0.file == relative })
        #expect(single.violations.contains { $0.symbol == "SwiftUI" })
    }

    /// Issue 17: a warm run takes files whose stamp (size, times, inode) is unchanged from the
    /// fact pack without reading them; a changed file is read and parsed again, and the
    /// report equals a run without a cache.
    @Test func unchangedStampsAreTrustedAndChangedFilesReadAgain() throws {
        let (project, cache, cleanup) = try copyOfFixture()
        defer { cleanup() }
        // Stamps newer than two seconds are never recorded (a later write could keep them).
        Thread.sleep(forTimeInterval: 2.2)
        let (cold, first) = try report(project, cache: cache)
        #expect(first.parsedFiles == 30)
        let located = try Project.locate(paths: [project.path], configuration: nil)
        let pack = FactPack(cache: cache, root: located.root.path, salt: "skipGenerated=true")
        let files = located.discover().sources
        let trusted = files.filter { file in
            let stamp = file.absolutePath.flatMap(FactPack.Stamp.init(path:))
            return stamp != nil && pack.entry(for: file.relativePath)?.stamp == stamp
        }
        #expect(trusted.count == files.filter { $0.relativePath.hasSuffix(".swift") }.count)
        // A warm run with nothing changed leaves the pack as it is (same file, not rewritten).
        let inode = { (try FileManager.default.attributesOfItem(atPath: pack.file.path))[.systemFileNumber] as? Int }
        let packBefore = try inode()
        let (warm, second) = try report(project, cache: cache)
        #expect(second.parsedFiles == 0 && second.classificationReused)
        #expect(warm == cold)
        #expect(try inode() == packBefore)
        let changed = located.root.appendingPathComponent("Modules/Home/HomePresenter.swift")
        try (String(contentsOf: changed, encoding: .utf8) + "\nimport UIKit\n").write(to: changed, atomically: false, encoding: .utf8)
        let (edited, third) = try report(project, cache: cache)
        #expect(third.parsedFiles == 1)
        #expect(edited == (try report(project, cache: nil)).0)
        #expect(edited != cold)
    }

    /// A run of given paths (a pre-commit hook's) that parses a few changed files leaves the
    /// pack as it is: rewriting a large project's pack costs more than parsing them again. Past
    /// the threshold (two files of this fixture's thirty) it is rewritten. Each report equals a
    /// run without a cache.
    @Test func aRunOfGivenPathsParsingFewFilesLeavesThePackAsItIs() throws {
        let (project, cache, cleanup) = try copyOfFixture()
        defer { cleanup() }
        let located = try Project.locate(paths: [project.path], configuration: nil)
        _ = located.lint(cache: cache)
        let pack = FactPack(cache: cache, root: located.root.path, salt: "skipGenerated=true").file
        let inode = { (try FileManager.default.attributesOfItem(atPath: pack.path))[.systemFileNumber] as? Int }
        let before = try inode()
        let first = project.appendingPathComponent("Modules/Home/HomePresenter.swift")
        let second = project.appendingPathComponent("Modules/ArticleDetail/Presenter/ArticleDetailPresenter.swift")
        // A line above everything: every fact moves, so the stored outcome does not hold.
        func edit(_ file: URL) throws {
            try ("// edited\n" + String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: false, encoding: .utf8)
        }
        try edit(first)
        func lint(_ files: [URL], cache: FactCache?) throws -> (String, LintResult) {
            let result = try Project.locate(paths: files.map(\.path), configuration: nil).lint(cache: cache)
            return (JSONReporter.report(result), result)
        }
        let uncached = try lint([first], cache: nil).0
        for _ in 0..<2 {
            let (report, result) = try lint([first], cache: cache)
            #expect(result.parsedFiles == 1 && result.sameFactsFiles == 0)
            #expect(report == uncached)
            #expect(try inode() == before)
        }
        try edit(second)
        let (both, rewriting) = try lint([first, second], cache: cache)
        let bothUncached = try lint([first, second], cache: nil).0
        #expect(rewriting.parsedFiles == 2 && both == bothUncached)
        #expect(try inode() != before)
        let (again, fromPack) = try lint([first, second], cache: cache)
        #expect(fromPack.parsedFiles == 0 && again == both)
    }

    @Test func corruptAndForeignEntriesAreIgnoredAndRebuilt() throws {
        let (project, cache, cleanup) = try copyOfFixture()
        defer { cleanup() }
        let (cold, located, pack, filled) = try filledPack(project, cache)
        var entries = filled
        #expect(entries.count == 30 && entries.allSatisfy { $0.entry.stamp != nil })
        // Garbage as one entry's facts, another file's facts as a second's, stamps still trusted.
        entries[0].entry.facts = ArraySlice(Array("{ not facts".utf8))
        entries[1].entry.facts = entries[2].entry.facts
        try install(entries, as: pack, root: located.root.path, beside: project)
        let (warm, result) = try report(project, cache: cache)
        #expect(result.parsedFiles == 2)
        #expect(warm == cold)
        // A damaged pack (cut short, or not a pack at all) costs a full parse, nothing else.
        for damage in [{ (bytes: Data) in bytes.prefix(bytes.count / 2) }, { _ in Data("not a pack".utf8) }] {
            try damage(try Data(contentsOf: pack.file)).write(to: pack.file)
            let (again, parsedAgain) = try report(project, cache: cache)
            #expect(parsedAgain.parsedFiles == 30)
            #expect(again == cold)
        }
    }

    /// Hostile cache folders: a FIFO or a folder where the pack and the memo belong must not
    /// hang or fail the run; it parses everything and reports what a run without a cache does.
    @Test func aFifoOrFolderInPlaceOfThePackOnlyCostsAParse() throws {
        let (project, cache, cleanup) = try copyOfFixture()
        defer { cleanup() }
        let expected = try report(project, cache: nil).0
        _ = try report(project, cache: cache)
        let located = try Project.locate(paths: [project.path], configuration: nil)
        let pack = FactPack(cache: cache, root: located.root.path, salt: "skipGenerated=true").file
        let memo = ClassificationMemo(cache: cache, root: located.root.path).file
        for file in [pack, memo] { try FileManager.default.removeItem(at: file) }
        #expect(mkfifo(pack.path, 0o644) == 0 && mkfifo(memo.path, 0o644) == 0)
        let (withFifos, first) = try report(project, cache: cache)
        #expect(withFifos == expected && first.parsedFiles == 30 && !first.classificationReused)
        for file in [pack, memo] {
            try FileManager.default.removeItem(at: file)
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        }
        let (withFolders, second) = try report(project, cache: cache)
        #expect(withFolders == expected && second.parsedFiles == 30)
    }

    /// The project state is input too: cut short, replaced by garbage, a FIFO or a folder, or
    /// left by another configuration, it only costs a full run, whose report is unchanged.
    @Test func aDamagedOrForeignProjectStateOnlyCostsARun() throws {
        let (project, cache, cleanup) = try copyOfFixture()
        defer { cleanup() }
        Thread.sleep(forTimeInterval: 2.2)
        let expected = try report(project, cache: nil).0
        let located = try Project.locate(paths: [project.path], configuration: nil)
        func reported() -> (String, LintResult) {
            let result = located.lint(cache: cache)
            return (JSONReporter.report(result), result)
        }
        _ = reported()
        let (stored, unchanged) = reported()
        #expect(stored == expected && unchanged.recheckedFiles == 0)
        let state = ProjectState(cache: cache, root: located.root.path).file
        let bytes = try Data(contentsOf: state)
        let damages: [(String, () throws -> Void)] = [
            ("cut short", { try bytes.prefix(bytes.count / 2).write(to: state) }),
            ("garbage", { try Data("not a state".utf8).write(to: state) }),
            ("one byte flipped", { var flipped = bytes; flipped[flipped.count - 3] ^= 0x55; try flipped.write(to: state) }),
            ("a FIFO", { try FileManager.default.removeItem(at: state); #expect(mkfifo(state.path, 0o644) == 0) }),
            ("a folder", { try FileManager.default.removeItem(at: state); try FileManager.default.createDirectory(at: state, withIntermediateDirectories: false) }),
        ]
        for (damage, apply) in damages {
            try apply()
            let (text, result) = reported()
            #expect(text == expected, "\(damage)")
            if damage.hasPrefix("a ") {
                #expect(result.recheckedFiles == nil, "\(damage)")
                try FileManager.default.removeItem(at: state)
            }
            _ = reported()
        }
        // Another configuration's state is not this one's: a rule turned off is off at once.
        var quieter = located
        for id in located.ruleSet.rules.keys { quieter.ruleSet.rules[id]?.severity = .off }
        quieter.ruleSet.overrides = []
        let silent = quieter.lint(cache: cache)
        #expect(silent.violations.isEmpty && silent.recheckedFiles == nil && !JSONReporter.report(located.lint(cache: cache)).isEmpty)
        #expect(JSONReporter.report(located.lint(cache: cache)) == expected)
    }

    /// Crafted cache files: well-formed bytes that point outside the facts (a declaration index
    /// past the end, a parent cycle) or a memo naming symbols that do not exist. Each is
    /// refused like a damaged entry; nothing crashes or loops, and the report is unchanged.
    @Test func craftedEntriesAndMemosAreRefused() throws {
        let (project, cache, cleanup) = try copyOfFixture()
        defer { cleanup() }
        let (cold, located, pack, filled) = try filledPack(project, cache)
        var entries = filled
        let withTypes = try #require(entries.indices.filter { entries[$0].entry.decoded(path: entries[$0].path)!.types.count >= 2 }.first)
        var outOfRange = entries[withTypes].entry.decoded(path: entries[withTypes].path)!
        outOfRange.references = outOfRange.references.map { var reference = $0; reference.context = 999; return reference }
        var cycle = entries[withTypes].entry.decoded(path: entries[withTypes].path)!
        cycle.types[0].parent = 1
        cycle.types[1].parent = 0
        for crafted in [outOfRange, cycle] {
            #expect(!crafted.indexesAreInRange)
            entries[withTypes].entry.facts = ArraySlice(crafted.encoded())
            try install(entries, as: pack, root: located.root.path, beside: project)
            let (warm, result) = try report(project, cache: cache)
            #expect(result.parsedFiles == 1)
            #expect(warm == cold)
        }
        // A memo under the right signature whose conformances name symbols past the end.
        let memo = ClassificationMemo(cache: cache, root: located.root.path)
        var reader = ByteReader(try #require(cache.key.contents(of: memo.file)))
        let signature = try reader.byteArray()
        var decisions = try ClassifierDecisions(reading: &reader)
        #expect(memo.load(signature: signature) != nil)
        decisions.conformersByProtocol[0] = [decisions.symbols.count + 5]
        memo.store(decisions, signature: signature)
        #expect(memo.load(signature: signature) == nil)
        let (again, rerun) = try report(project, cache: cache)
        #expect(again == cold && !rerun.classificationReused)
    }

    /// Random byte changes of every fixture file's cached facts: whatever still decodes must
    /// re-encode to the same facts and go through classification and every rule, alone and
    /// with the rest of its project, without a crash (a longer run found negative indexes).
    @Test func mutatedCacheBytesThatDecodeAreSafeToLint() throws {
        var random = SplitMix(seed: 17)
        var decoded = 0
        for fixture in FixtureTests.fixtures {
            let (_, facts) = try IncrementalTests.facts(of: fixture)
            for file in facts {
                let bytes = file.encoded()
                for _ in 0..<20 {
                    var mutated = bytes
                    for _ in 0..<Int.random(in: 1...4, using: &random) {
                        mutated[Int.random(in: 0..<mutated.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                    }
                    guard let survivor = FactCache.decodeFacts(mutated) else { continue }
                    decoded += 1
                    #expect(survivor.indexesAreInRange && FactCache.decodeFacts(FactCache.encodeFacts(survivor)) == survivor)
                    _ = Linter.violations(of: facts.filter { $0.path != survivor.path } + [survivor], ruleSet: ConfigurationLoader.defaultRuleSet)
                }
            }
        }
        #expect(decoded > 100)
    }

    @Test func concurrentRunsShareACache() throws {
        let (project, cache, cleanup) = try copyOfFixture()
        defer { cleanup() }
        let expected = try report(project, cache: nil).0
        let reports = ParallelMap.map([0, 1, 2, 3], threads: 4) { _ in (try? self.report(project, cache: cache).0) ?? "" }
        #expect(reports.allSatisfy { $0 == expected })
    }

    @Test func binaryFactsRoundTripExactly() throws {
        var inferenceFacts = false
        for fixture in ["RealWorld", "SwiftUIVIPER"] {
            let project = try Project.locate(paths: [Paths.fixture(fixture).path], configuration: nil)
            for file in project.index().index.files {
                inferenceFacts = inferenceFacts || !(file.facts.valueBindings.isEmpty || file.facts.memberReads.isEmpty)
                #expect(try FileFacts(decoding: file.facts.encoded()) == file.facts)
                #expect(file.facts.indexesAreInRange, "\(file.path): extraction must write only indexes decoding accepts")
            }
        }
        #expect(inferenceFacts, "some file must carry member reads and value bindings")
        let facts = FactExtractor.facts(path: "A.swift", source: "// viperlint:disable:next all\nstruct A { func f( }\n")
        #expect(facts.parseError != nil && !facts.suppressions.isEmpty)
        let bytes = facts.encoded()
        #expect(try FileFacts(decoding: bytes) == facts)
        #expect(throws: ByteReader.Malformed.self) { try FileFacts(decoding: Array(bytes.dropLast())) }
        #expect(throws: ByteReader.Malformed.self) { try FileFacts(decoding: bytes + [0]) }
    }

    /// The project state's binary findings and outcome: every field of every kind of finding
    /// comes back (the fixtures' findings with every rule on carry sites, targets, cycles and
    /// declarations), with a preset, folders, notes, skipped files and line texts beside them.
    @Test func storedOutcomeAndFindingsRoundTripExactly() throws {
        var violations: [Violation] = []
        for fixture in FixtureTests.fixtures {
            let project = try Project.locate(paths: [Paths.fixture(fixture).path], configuration: nil)
            var ruleSet = project.ruleSet
            for type in RuleRegistry.all { ruleSet.rules[type.id] = ConfiguredRule(severity: .warning, rule: type.init()) }
            violations += Linter.violations(of: project.index().index.files.map(\.facts), ruleSet: ruleSet)
        }
        #expect(violations.contains { !$0.related.isEmpty } && violations.contains { $0.cycle != nil }
                && violations.contains { $0.target?.layer != nil } && violations.contains { $0.declaration?.member != nil }
                && violations.contains { $0.module == nil })
        violations.append(Violation(rule: "unused-suppression", severity: .error, message: "m", file: "C.swift",
                                    position: SourcePosition(line: 1, column: 1), module: nil, layer: nil, symbol: nil))
        let outcome = ProjectState.Outcome(
            fileCount: 12, modules: ["Home", "Profile"], violations: violations,
            parseErrors: [ParseErrorEntry(file: "A.swift", line: 3, column: 7, message: "expected '}'")],
            skipped: [SkippedPath(path: "B.swift", reason: "binary file (contains NUL bytes)")], notes: ["a note"],
            lineTexts: ["A.swift": [3: "  func f( ", 1: "import UIKit"], "é/B.swift": [2: "\t// ☃"]],
            detectedPreset: .cleanSwift, customFolders: [PresetDetector.CustomFolder(name: "Logic", layer: .interactor, occurrences: 3)])
        let bytes = outcome.encoded()
        #expect(try ProjectState.Outcome(decoding: bytes) == outcome)
        #expect(outcome.encoded() == bytes, "the same outcome must give the same bytes")
        #expect(throws: ByteReader.Malformed.self) { try ProjectState.Outcome(decoding: Array(bytes.dropLast())) }
        #expect(throws: ByteReader.Malformed.self) { try ProjectState.Outcome(decoding: bytes + [0]) }
        let empty = ProjectState.Outcome(fileCount: 0, modules: [], violations: [], parseErrors: [], skipped: [], notes: [],
                                         lineTexts: [:], detectedPreset: nil, customFolders: [])
        #expect(try ProjectState.Outcome(decoding: empty.encoded()) == empty)

        let byRule = Dictionary(grouping: violations, by: \.rule)
        var writer = ByteWriter(sharing: true)
        writer.findingsByRule(byRule)
        var reader = ByteReader(writer.bytes)
        #expect(try reader.findingsByRule() == byRule)
        #expect(reader.isAtEnd)
    }

    /// Issue 17 (memory): equal lists and long names in a file decode to one shared value.
    @Test func decodedFactsShareRepeatedNamesAndLists() throws {
        let source = """
            final class HomeInteractor {
                func first(_ items: [HomeCatalogueItemEntity]) { items.forEach { print($0) } }
                func second(_ items: [HomeCatalogueItemEntity]) { items.forEach { print($0) } }
            }
            """
        let facts = FactExtractor.facts(path: "Home/HomeInteractor.swift", source: source)
        let decoded = try FileFacts(decoding: facts.encoded())
        #expect(decoded == facts)
        let chains = decoded.calls.filter { $0.chain == ["items", "forEach"] }.map(\.chain)
        try #require(chains.count == 2)
        #expect(chains[0].withUnsafeBufferPointer { $0.baseAddress } == chains[1].withUnsafeBufferPointer { $0.baseAddress })
        var names = decoded.references.map(\.name).filter { $0 == "HomeCatalogueItemEntity" }
        try #require(names.count == 2)
        let addresses = names.indices.map { index in names[index].withUTF8 { $0.baseAddress } }
        #expect(addresses[0] == addresses[1])
    }

    @Test func defaultFolderFollowsXDG() {
        #if !os(macOS)
        #expect(FactCache.defaultFolder(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]).path == "/x/cache/viperlint")
        #expect(FactCache.defaultFolder(environment: ["HOME": "/home/u"]).path == "/home/u/.cache/viperlint")
        #endif
        #expect(FactCache(folder: URL(fileURLWithPath: "/proc/viperlint-cannot-write"), key: .testing) == nil)
    }

    @Test func keysAreSHA256OfEverythingTheFactsDependOn() {
        // The standard test vector: the hash is the real SHA-256.
        #expect(SHA256.hex(SHA256.digest(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let key = FactCache.key(path: "Home/A.swift", text: "import UIKit\n")
        var message: [UInt8] = []
        for part in ["", ViperLint.version, String(FactCache.formatVersion), String(FactExtractor.maximumNestingLevel), "Home/A.swift"] {
            message += part.utf8
            message.append(0)
        }
        message += "import UIKit\n".utf8
        #expect(key == SHA256.hex(SHA256.digest(message)) + "d")
        // Same length, one byte apart; same text, another path; another salt: all different.
        let keys = [key, FactCache.key(path: "Home/A.swift", text: "import UIKiT\n"), FactCache.key(path: "Home/B.swift", text: "import UIKit\n"),
                    FactCache.key(path: "Home/A.swift", text: "import UIKit\n", salt: "clang 17")]
        #expect(Set(keys).count == 4)
    }

    @Test func trimmingRemovesOrphanedTemporaryFilesOldEntriesAndOldFormats() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("facts-v1/00"), withIntermediateDirectories: true)
        let cache = try #require(FactCache(folder: folder, key: .testing))
        let now = Date()
        var packHeader = ByteWriter()
        packHeader.byteArray(Array("viperlint-pack".utf8))
        // Only what the cache wrote goes: a pack's header, a code under the key, a writer's temporary name.
        let files: [(String, TimeInterval)] = [("pack-old.bin", 40 * 86_400), ("pack-recent.bin", 86_400), ("classes-old.bin", 40 * 86_400),
                                               ("pack-a.bin.1.2.tmp", 7_200), ("pack-b.bin.3.4.tmp", 60),
                                               ("notes.bin", 40 * 86_400), ("state-foreign.bin", 40 * 86_400), ("mine.tmp", 7_200)]
        for (name, age) in files {
            let url = cache.folder.appendingPathComponent(name)
            if name.hasPrefix("pack-") {
                _ = FileManager.default.createFile(atPath: url.path, contents: Data(packHeader.bytes + [0]))
            } else if name.hasPrefix("classes-") {
                CacheKey.testing.replace(url, with: [1, 2, 3])
            } else {
                _ = FileManager.default.createFile(atPath: url.path, contents: Data("x".utf8))
            }
            try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-age)], ofItemAtPath: url.path)
        }
        cache.trim(now: now)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: cache.folder.path)).subtracting(["last-trim"])
        #expect(left == ["pack-recent.bin", "pack-b.bin.3.4.tmp", "notes.bin", "state-foreign.bin", "mine.tmp"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("facts-v1").path))
    }

    /// Issue 28: the trim deleted, recursively, anything whose name began with `facts-v`.
    @Test func trimmingRemovesOnlyWhatTheCacheWrote() throws {
        let folder = try CLI.temporaryFolder()
        let outside = try CLI.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: outside)
        }
        let fileManager = FileManager.default
        // A user's folder named like a format folder, a symlink to another folder of theirs, and
        // an old format folder holding a file the cache never writes.
        try fileManager.createDirectory(at: folder.appendingPathComponent("facts-vault/notes"), withIntermediateDirectories: true)
        _ = fileManager.createFile(atPath: folder.appendingPathComponent("facts-vault/notes/a.bin").path, contents: Data("mine".utf8))
        _ = fileManager.createFile(atPath: outside.appendingPathComponent("keep.bin").path, contents: Data("mine".utf8))
        try fileManager.createSymbolicLink(at: folder.appendingPathComponent("facts-v2"), withDestinationURL: outside)
        try fileManager.createDirectory(at: folder.appendingPathComponent("facts-v3/ab"), withIntermediateDirectories: true)
        _ = fileManager.createFile(atPath: folder.appendingPathComponent("facts-v3/ab/0123").path, contents: Data("x".utf8))
        _ = fileManager.createFile(atPath: folder.appendingPathComponent("facts-v3/pack-x.bin").path, contents: Data("x".utf8))
        _ = fileManager.createFile(atPath: folder.appendingPathComponent("facts-v3/README.txt").path, contents: Data("mine".utf8))
        try fileManager.createDirectory(at: folder.appendingPathComponent("facts-v4/cd"), withIntermediateDirectories: true)
        _ = fileManager.createFile(atPath: folder.appendingPathComponent("facts-v4/cd/4567").path, contents: Data("x".utf8))
        let cache = try #require(FactCache(folder: folder, key: .testing))
        cache.trim()
        #expect(fileManager.fileExists(atPath: folder.appendingPathComponent("facts-vault/notes/a.bin").path))
        #expect(fileManager.fileExists(atPath: outside.appendingPathComponent("keep.bin").path))
        #expect(fileManager.fileExists(atPath: folder.appendingPathComponent("facts-v3/README.txt").path))
        #expect(!fileManager.fileExists(atPath: folder.appendingPathComponent("facts-v3/pack-x.bin").path))
        #expect(!fileManager.fileExists(atPath: folder.appendingPathComponent("facts-v3/ab").path))
        #expect(!fileManager.fileExists(atPath: folder.appendingPathComponent("facts-v4").path))
        #expect(FactCache.isFormatFolderName("facts-v13") && !FactCache.isFormatFolderName("facts-vault") && !FactCache.isFormatFolderName("facts-v"))
    }
}
