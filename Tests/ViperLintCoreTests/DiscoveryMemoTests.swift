import Foundation
import Testing
@testable import ViperLintCore

/// Issue 30: a warm run takes its files from the last walk (`DiscoveryMemo`) when no folder
/// changed. Each change that can alter what a walk finds must make the memo give way, and the
/// files found must then be the walk's; a change a walk cannot see must leave it in use.
@Suite struct DiscoveryMemoTests {
    /// What a change does to a copy of the project, and whether a walk sees it.
    struct Change: Sendable, CustomStringConvertible {
        var description: String
        var altersWalk = true
        var apply: @Sendable (_ project: URL, _ outside: URL) throws -> Void
    }

    static let changes: [Change] = [
        Change(description: "a file added to a folder") { project, _ in
            try "struct Added {}\n".write(to: project.appendingPathComponent("Home/Added.swift"), atomically: false, encoding: .utf8)
        },
        Change(description: "a file removed") { project, _ in
            try FileManager.default.removeItem(at: project.appendingPathComponent("Home/HomePresenter.swift"))
        },
        Change(description: "a file renamed in its folder") { project, _ in
            try FileManager.default.moveItem(at: project.appendingPathComponent("Home/HomeView.swift"),
                                             to: project.appendingPathComponent("Home/HomeScreen.swift"))
        },
        Change(description: "a LICENSE added (a copied-in library)") { project, _ in
            try "MIT\n".write(to: project.appendingPathComponent("Vendor/LICENSE"), atomically: false, encoding: .utf8)
        },
        Change(description: "a .viperlint.json added (another project)") { project, _ in
            try "{ \"version\": 1 }\n".write(to: project.appendingPathComponent("Sub/.viperlint.json"), atomically: false, encoding: .utf8)
        },
        Change(description: "project.pbxproj edited in place to compile another file") { project, _ in
            let file = project.appendingPathComponent("App.xcodeproj/project.pbxproj")
            let text = try String(contentsOf: file, encoding: .utf8) + "\t\tA9 /* Unlisted.swift in Sources */ = {isa = PBXBuildFile; };\n"
            try text.write(to: file, atomically: false, encoding: .utf8)
        },
        Change(description: "a linked file's target outside the project turned into a folder") { _, outside in
            try FileManager.default.removeItem(at: outside.appendingPathComponent("Real.swift"))
            try FileManager.default.createDirectory(at: outside.appendingPathComponent("Real.swift"), withIntermediateDirectories: false)
        },
        Change(description: "a file added, then its folder's modification time set back to what it was") { project, _ in
            let folder = project.appendingPathComponent("Sub")
            let modified = try FileManager.default.attributesOfItem(atPath: folder.path)[.modificationDate] as? Date
            try "struct Hidden {}\n".write(to: folder.appendingPathComponent("Backdated.swift"), atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.modificationDate: try #require(modified)], ofItemAtPath: folder.path)
        },
        Change(description: "a file's text edited (the walk does not read it)", altersWalk: false) { project, _ in
            try "struct HomeView { let title = \"edited\" }\n".write(to: project.appendingPathComponent("Home/HomeView.swift"),
                                                                  atomically: false, encoding: .utf8)
        },
        Change(description: "a file added in a hidden folder (never walked)", altersWalk: false) { project, _ in
            try "struct Hidden {}\n".write(to: project.appendingPathComponent(".build/Hidden.swift"), atomically: false, encoding: .utf8)
        },
    ]

    @Test func aReusedWalkIsTheWalkOfTheTreeAsItIsNow() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try #require(FactCache(folder: folder.appendingPathComponent("cache"), key: .testing))
        // One copy per change, and one left alone: one wait for every stamp to be trusted.
        let copies = try (0...Self.changes.count).map { number in
            try Self.makeProject(in: folder.appendingPathComponent("copy\(number)"))
        }
        Thread.sleep(forTimeInterval: 2.2)
        for (project, _) in copies {
            _ = Self.discovery(of: project).discover(cache: cache)
            #expect(Self.memoLoads(project, cache: cache), "the walk of \(project.lastPathComponent) was not kept")
        }
        // Past the file systems' time stamp granularity, so every change shows in a stamp.
        Thread.sleep(forTimeInterval: 0.05)
        for (change, (project, outside)) in zip(Self.changes, copies) {
            let before = Self.rendered(Self.discovery(of: project).discover())
            try change.apply(project, outside)
            let walked = Self.rendered(Self.discovery(of: project).discover())
            #expect(Self.memoLoads(project, cache: cache) == !change.altersWalk, "\(change)")
            #expect(Self.rendered(Self.discovery(of: project).discover(cache: cache)) == walked, "\(change)")
            #expect((walked != before) == change.altersWalk, "\(change): the change is not what the test means it to be")
        }
        let (untouched, _) = copies.last!
        #expect(Self.memoLoads(untouched, cache: cache))
        #expect(Self.rendered(Self.discovery(of: untouched).discover(cache: cache)) == Self.rendered(Self.discovery(of: untouched).discover()))
    }

    /// `--staged` walks the git index: its memo is keyed by the index's listing, and the staged
    /// text of files that differ on disk is taken on every run, memo or not.
    @Test func aReusedWalkOfTheIndexIsTheWalkOfTheIndexAsItIsNow() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try #require(FactCache(folder: folder.appendingPathComponent("cache"), key: .testing))
        let (project, _) = try Self.makeProject(in: folder.appendingPathComponent("repository"))
        for arguments in [["init", "-q"], ["add", "-A"]] { try GateTests.git(arguments, in: project) }
        Thread.sleep(forTimeInterval: 2.2)
        func staged() throws -> (cached: [String], walked: [String], memoLoads: Bool) {
            let tree = try StagedIndex.tree(under: project)
            let discovery = FileDiscovery(root: project, include: Self.include, exclude: [], staged: tree)
            let settings = DiscoveryMemo.settingsDigest(include: Self.include, exclude: [], scope: ScopeSettings(),
                                                        separatesNestedProjects: true, staged: tree)
            let loads = DiscoveryMemo(cache: cache, root: project.path, staged: true).load(settings: settings) != nil
            return (Self.rendered(discovery.discover(cache: cache)), Self.rendered(discovery.discover()), loads)
        }
        let first = try staged()
        #expect(!first.memoLoads && first.cached == first.walked)
        #expect(try staged().memoLoads, "the walk of the index was not kept")
        // Edited on disk, not staged: the staged text is what is linted, from the memo too.
        try "struct HomeView { let unstaged = 1 }\n".write(to: project.appendingPathComponent("Home/HomeView.swift"), atomically: false, encoding: .utf8)
        let edited = try staged()
        #expect(edited.memoLoads && edited.cached == edited.walked)
        #expect(edited.cached.contains { $0.hasPrefix("source Home/HomeView.swift") && $0.hasSuffix("staged text") }, "\(edited.cached)")
        // A file staged: the listing changed.
        try "struct Added {}\n".write(to: project.appendingPathComponent("Home/Added.swift"), atomically: false, encoding: .utf8)
        try GateTests.git(["add", "Home/Added.swift"], in: project)
        let added = try staged()
        #expect(!added.memoLoads && added.cached == added.walked && added.cached.contains { $0.hasPrefix("source Home/Added.swift") })
        #expect(try staged().memoLoads)
        // project.pbxproj staged to compile a file, then changed back on disk: the staged one counts.
        let pbxproj = project.appendingPathComponent("App.xcodeproj/project.pbxproj")
        let original = try String(contentsOf: pbxproj, encoding: .utf8)
        try (original + "\t\tA9 /* Unlisted.swift in Sources */ = {isa = PBXBuildFile; };\n").write(to: pbxproj, atomically: false, encoding: .utf8)
        try GateTests.git(["add", "App.xcodeproj/project.pbxproj"], in: project)
        try original.write(to: pbxproj, atomically: false, encoding: .utf8)
        let compiled = try staged()
        #expect(!compiled.memoLoads && compiled.cached == compiled.walked)
        #expect(compiled.cached.contains { $0.hasPrefix("source Home/Unlisted.swift") }, "\(compiled.cached)")
    }

    /// A damaged memo, or one naming files outside the project, is not used.
    @Test func aDamagedOrPlantedMemoIsNotUsed() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try #require(FactCache(folder: folder.appendingPathComponent("cache"), key: .testing))
        let (project, _) = try Self.makeProject(in: folder.appendingPathComponent("copy"))
        Thread.sleep(forTimeInterval: 2.2)
        let walked = Self.rendered(Self.discovery(of: project).discover(cache: cache))
        let memo = DiscoveryMemo(cache: cache, root: project.path)
        let bytes = try Data(contentsOf: memo.file)
        // Truncated anywhere: never a crash, never a partial list.
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 40)) {
            try bytes.prefix(length).write(to: memo.file)
            #expect(memo.load(settings: Self.settings) == nil)
            #expect(Self.rendered(Self.discovery(of: project).discover(cache: cache)) == walked)
        }
        // A FIFO in the memo's place is not opened for reading (that would wait for a writer).
        try FileManager.default.removeItem(at: memo.file)
        #expect(mkfifo(memo.file.path, 0o644) == 0)
        #expect(Self.rendered(Self.discovery(of: project).discover(cache: cache)) == walked)
        try FileManager.default.removeItem(at: memo.file)
        // A memo that names a file outside the project, written as the memo writes.
        _ = Self.discovery(of: project).discover(cache: cache)
        let stored = try #require(memo.load(settings: Self.settings))
        var outside = stored, nestedOutside = stored
        outside.files.sources.append(SourceFile(relativePath: "../outside/Real.swift"))
        nestedOutside.files.nestedProjects.append("Sub/../../outside")
        for planted in [outside, nestedOutside] {
            memo.store(planted, settings: Self.settings)
            #expect(memo.load(settings: Self.settings) == nil)
            #expect(Self.rendered(Self.discovery(of: project).discover(cache: cache)) == walked)
        }
    }

    @Test(arguments: ["../x.swift", "a/../../x.swift", "/etc/x.swift", "a//x.swift", "./x.swift", "a/.", "a/..", "..", ".", "", "a/"])
    func pathsLeavingTheProjectAreRefused(_ path: String) {
        #expect(!DiscoveryMemo.isInsideRelativePath(path))
    }

    @Test(arguments: ["x.swift", "a/b/x.swift", "...", "a/.../x.swift", ".hidden/x.swift", "a/..b/x.swift"])
    func pathsBelowTheProjectAreTaken(_ path: String) {
        #expect(DiscoveryMemo.isInsideRelativePath(path))
    }

    // MARK: - The project

    static let include = [Glob("**/*.swift")]
    static let settings = DiscoveryMemo.settingsDigest(include: include, exclude: [], scope: ScopeSettings(), separatesNestedProjects: true)

    static func discovery(of project: URL) -> FileDiscovery {
        FileDiscovery(root: project, include: include, exclude: [])
    }

    static func memoLoads(_ project: URL, cache: FactCache) -> Bool {
        DiscoveryMemo(cache: cache, root: project.path).load(settings: settings) != nil
    }

    /// A small app: an Xcode project that compiles some of its files, a vendored folder, a
    /// subfolder, and a file linked from outside the project.
    static func makeProject(in folder: URL) throws -> (project: URL, outside: URL) {
        let project = folder.appendingPathComponent("App"), outside = folder.appendingPathComponent("outside")
        let compiled = ["HomeView.swift", "HomePresenter.swift", "HomeScreen.swift", "Added.swift", "Lib.swift", "Inner.swift", "Link.swift"]
        let pbxproj = "// !$*UTF8*$!\n" + compiled.enumerated().map { "\t\tA\($0.offset) /* \($0.element) in Sources */ = {isa = PBXBuildFile; };\n" }.joined()
        try CLI.write(["Home/HomeView.swift": "struct HomeView {}\n", "Home/HomePresenter.swift": "final class HomePresenter {}\n",
                       "Home/Unlisted.swift": "struct Unlisted {}\n", "Vendor/Lib.swift": "struct Lib {}\n", "Sub/Inner.swift": "struct Inner {}\n",
                       "App.xcodeproj/project.pbxproj": pbxproj, ".build/Old.swift": "struct Old {}\n"], into: project)
        try CLI.write(["Real.swift": "struct Real {}\n"], into: outside)
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("Home/Link.swift").path,
                                                   withDestinationPath: "../../outside/Real.swift")
        return (project, outside)
    }

    /// Everything a walk finds, one line each.
    static func rendered(_ files: DiscoveredFiles) -> [String] {
        files.sources.map { "source \($0.relativePath) at \($0.absolutePath ?? "-")" + ($0.text.map { " with \($0.utf8.count) bytes of staged text" } ?? "") }
            + files.manifests.map { "manifest \($0.relativePath)" }
            + files.skipped.map { "skipped \($0.path): \($0.reason)" }
            + files.nestedProjects.map { "nested \($0)" }
    }
}
