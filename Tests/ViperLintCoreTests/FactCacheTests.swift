import Foundation
import Testing
@testable import ViperLintCore

@Suite struct FactCacheTests {
    func copyOfFixture() throws -> (project: URL, cache: FactCache, cleanup: () -> Void) {
        let folder = try CLI.temporaryFolder()
        let project = folder.appendingPathComponent("App")
        try FileManager.default.copyItem(at: Paths.fixture("ClassicVIPER"), to: project)
        let cache = try #require(FactCache(folder: folder.appendingPathComponent("cache")))
        return (project, cache, { try? FileManager.default.removeItem(at: folder) })
    }

    func report(_ project: URL, cache: FactCache?, paths: [String]? = nil) throws -> (String, LintResult) {
        let located = try Project.locate(paths: paths ?? [project.path], configuration: nil)
        let result = located.lint(cache: cache)
        return (JSONReporter.report(result), result)
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
    /// stat index without reading them; a changed file is read and parsed again, and the
    /// report equals a run without a cache.
    @Test func unchangedStampsAreTrustedAndChangedFilesReadAgain() throws {
        let (project, cache, cleanup) = try copyOfFixture()
        defer { cleanup() }
        // Stamps newer than two seconds are never recorded (a later write could keep them).
        Thread.sleep(forTimeInterval: 2.2)
        let (cold, first) = try report(project, cache: cache)
        #expect(first.parsedFiles == 30)
        let located = try Project.locate(paths: [project.path], configuration: nil)
        let index = StatIndex(cache: cache, root: located.root.path, salt: "skipGenerated=true")
        let files = located.discover().sources
        let trusted = files.filter { file in
            file.absolutePath.flatMap(StatIndex.Stamp.init(path:)).flatMap { index.entry(for: file.relativePath, stamp: $0) } != nil
        }
        #expect(trusted.count == files.filter { $0.relativePath.hasSuffix(".swift") }.count)
        let (warm, second) = try report(project, cache: cache)
        #expect(second.parsedFiles == 0)
        #expect(warm == cold)
        let changed = located.root.appendingPathComponent("Modules/Home/HomePresenter.swift")
        try (String(contentsOf: changed, encoding: .utf8) + "\nimport UIKit\n").write(to: changed, atomically: false, encoding: .utf8)
        let (edited, third) = try report(project, cache: cache)
        #expect(third.parsedFiles == 1)
        #expect(edited == (try report(project, cache: nil)).0)
        #expect(edited != cold)
    }

    @Test func corruptAndForeignEntriesAreIgnoredAndRebuilt() throws {
        let (project, cache, cleanup) = try copyOfFixture()
        defer { cleanup() }
        let (cold, _) = try report(project, cache: cache)
        let entries = FileManager.default.enumerator(atPath: cache.folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".facts") } ?? []
        #expect(entries.count == 30)
        // Garbage in one entry, another file's facts in a second.
        let first = cache.folder.appendingPathComponent(entries[0])
        let second = cache.folder.appendingPathComponent(entries[1])
        try Data("{ not json".utf8).write(to: first)
        try FileManager.default.removeItem(at: second)
        try FileManager.default.copyItem(at: cache.folder.appendingPathComponent(entries[2]), to: second)
        let (warm, result) = try report(project, cache: cache)
        #expect(result.parsedFiles == 2)
        #expect(warm == cold)
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

    @Test func defaultFolderFollowsXDG() {
        #if !os(macOS)
        #expect(FactCache.defaultFolder(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]).path == "/x/cache/viperlint")
        #expect(FactCache.defaultFolder(environment: ["HOME": "/home/u"]).path == "/home/u/.cache/viperlint")
        #endif
        #expect(FactCache(folder: URL(fileURLWithPath: "/proc/viperlint-cannot-write")) == nil)
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
        let cache = try #require(FactCache(folder: folder))
        let bucket = cache.folder.appendingPathComponent("ab")
        let now = Date()
        let files: [(String, TimeInterval)] = [("old.facts", 40 * 86_400), ("recent.facts", 86_400), ("orphan.tmp", 7_200), ("writing.tmp", 60)]
        for (name, age) in files {
            let url = bucket.appendingPathComponent(name)
            FileManager.default.createFile(atPath: url.path, contents: Data("x".utf8))
            try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-age)], ofItemAtPath: url.path)
        }
        cache.trim(now: now)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: bucket.path))
        #expect(left == ["recent.facts", "writing.tmp"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("facts-v1").path))
    }
}
