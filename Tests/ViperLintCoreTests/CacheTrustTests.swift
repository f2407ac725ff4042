import Foundation
import Testing
@testable import ViperLintCore

/// Whoever can write the cache folder (a cache committed to the repository and passed with
/// `--cache-path`, a CI cache restored from a run someone else controlled) must not decide a
/// gate: each test edits a stored file the way such a writer could (any unkeyed checksum
/// recomputed, the keyed one copied as it was) and expects exactly the report and exit status
/// of a run without a cache. Runs the real executable; the key is `CLI.run`'s test key.
@Suite(.serialized) struct CacheTrustTests {
    /// Rules that are errors with the gate's configuration; `quiet` turns them all off.
    static let errorRules: Set<String> = Set(TestProject.gateSeverities.filter { $0.1 == "error" }.map(\.0))
    static let real = TestProject.gate()
    static let quiet = TestProject.gate(off: errorRules)

    static let files = [
        "Home/HomePresenter.swift": "import UIKit\n\nfinal class HomePresenter {\n    var view: HomeViewController?\n}\n",
        "Home/HomeInteractor.swift": "import UIKit\n\nfinal class HomeInteractor {}\n",
        "Home/HomeViewController.swift": "import UIKit\n\nfinal class HomeViewController: UIViewController {}\n",
        "Home/HomeRouter.swift": "import UIKit\n\nfinal class HomeRouter {\n    func load() { URLSession.shared.dataTask(with: URL(string: \"x\")!).resume() }\n}\n",
    ]

    /// A project with `configuration`, old enough that its stamps are kept.
    static func project(configuration: String) throws -> (folder: URL, project: URL, cleanup: () -> Void) {
        let folder = try CLI.temporaryFolder()
        let project = folder.appendingPathComponent("App")
        try CLI.write(files.merging([ConfigurationLoader.fileName: configuration]) { $1 }, into: project)
        // Stamps newer than two seconds are never recorded (a later write could keep them).
        Thread.sleep(forTimeInterval: 2.2)
        return (folder, project, { try? FileManager.default.removeItem(at: folder) })
    }

    static func lint(_ project: URL, cache: URL?) throws -> CLI.Output {
        try CLI.run(["lint", "."] + (cache.map { ["--cache-path", $0.path] } ?? ["--no-cache"]), in: project)
    }

    /// The cache's file whose name starts with `prefix` (`state-`, `pack-`, `files-`).
    static func stored(_ prefix: String, in cache: URL) throws -> URL {
        let formats = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { FactCache.isFormatFolderName($0) }
        let folder = cache.appendingPathComponent(try #require(formats.first))
        let name = try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix(prefix) && $0.hasSuffix(".bin") }
        return folder.appendingPathComponent(try #require(name, "no \(prefix) file in \(folder.path)"))
    }

    /// A stored file's bytes as `parse` understands them, and whatever trails them (a keyed
    /// code the writer cannot recompute: an attacker keeps it as it was).
    static func split(_ bytes: [UInt8], _ parse: ([UInt8]) -> Bool) throws -> (payload: [UInt8], trailer: [UInt8]) {
        if parse(bytes) { return (bytes, []) }
        let payload = Array(bytes.dropLast(32))
        #expect(parse(payload), "the stored file's layout is not the one this test forges")
        return (payload, Array(bytes.suffix(32)))
    }

    /// The report of a run without a cache, and of the run reading the forged cache, must be equal.
    static func expectUnchanged(_ project: URL, cache: URL, _ comment: Comment) throws {
        let uncached = try lint(project, cache: nil)
        let forged = try lint(project, cache: cache)
        #expect(uncached.status == 1, comment)
        #expect(forged.status == uncached.status, comment)
        #expect(forged.stdout == uncached.stdout, comment)
    }

    /// The reported attack: a state made with the error rules off, the real configuration put
    /// back, and the state's configuration digest (an unkeyed SHA-256 anyone can compute: here
    /// taken from a run of the real configuration elsewhere) written over the stored one.
    @Test func aForgedProjectStateDecidesNothing() throws {
        let (folder, project, cleanup) = try Self.project(configuration: Self.quiet)
        defer { cleanup() }
        let cache = folder.appendingPathComponent("cache"), elsewhere = folder.appendingPathComponent("elsewhere")
        #expect(try Self.lint(project, cache: cache).status == 0)
        try Self.real.write(to: project.appendingPathComponent(ConfigurationLoader.fileName), atomically: true, encoding: .utf8)
        _ = try Self.lint(project, cache: elsewhere)

        func digest(_ bytes: [UInt8]) -> (offset: Int, digest: [UInt8])? {
            var reader = ByteReader(bytes)
            guard let magic = try? reader.byteArray(), let version = try? reader.int(), let build = try? reader.string(),
                  let configuration = try? reader.byteArray() else { return nil }
            var header = ByteWriter()
            header.byteArray(magic)
            header.int(version)
            header.string(build)
            header.int(configuration.count)
            return (header.bytes.count, configuration)
        }
        let state = try Self.stored("state-", in: cache)
        var bytes = Array(try Data(contentsOf: state))
        let quietDigest = try #require(digest(bytes)), realDigest = try #require(digest(Array(try Data(contentsOf: Self.stored("state-", in: elsewhere)))))
        #expect(quietDigest.digest != realDigest.digest && quietDigest.digest.count == realDigest.digest.count)
        bytes.replaceSubrange(quietDigest.offset..<quietDigest.offset + quietDigest.digest.count, with: realDigest.digest)
        try Data(bytes).write(to: state)
        try Self.expectUnchanged(project, cache: cache, "a state with the real configuration's digest written in")
    }

    /// A pack whose facts say the interactor imports nothing and declares nothing, with the
    /// classification signature recomputed to match (the state and the classification memo,
    /// which would otherwise answer first, removed: anyone who can write a folder can delete).
    /// Each entry's keyed code, when entries carry one, is kept as it was.
    @Test func aForgedFactPackDecidesNothing() throws {
        let (folder, project, cleanup) = try Self.project(configuration: Self.real)
        defer { cleanup() }
        let cache = folder.appendingPathComponent("cache")
        #expect(try Self.lint(project, cache: cache).status == 1)
        try FileManager.default.removeItem(at: Self.stored("state-", in: cache))
        try FileManager.default.removeItem(at: Self.stored("classes-", in: cache))

        struct Entry { var path: String, key: String, stamp: FactPack.Stamp?, signature: [UInt8], facts: [UInt8], code: [UInt8] }
        func entries(_ bytes: [UInt8], codes: Int) -> (header: (magic: [UInt8], version: Int, build: String), entries: [Entry])? {
            var reader = ByteReader(bytes)
            do throws(ByteReader.Malformed) {
                let header = (magic: try reader.byteArray(), version: try reader.int(), build: try reader.string())
                var entries: [Entry] = []
                while try reader.bool() {
                    entries.append(Entry(path: try reader.string(), key: try reader.string(),
                                         stamp: try reader.optional { reader throws(ByteReader.Malformed) in try reader.stamp() },
                                         signature: try reader.byteArray(), facts: try reader.byteArray(),
                                         code: Array(try reader.fixed(codes))))
                }
                return reader.isAtEnd ? (header, entries) : nil
            } catch {
                return nil
            }
        }
        let pack = try Self.stored("pack-", in: cache)
        let bytes = Array(try Data(contentsOf: pack))
        // Codes after each entry, after the whole pack, or none: whichever layout parses.
        let layouts = [(0, 0), (32, 0), (0, 32), (32, 32)].filter { entries(Array(bytes.dropLast($0.1)), codes: $0.0) != nil }
        let (codes, trailing) = try #require(layouts.first, "the pack's layout is not the one this test forges")
        let parsed = try #require(entries(Array(bytes.dropLast(trailing)), codes: codes))
        let header = parsed.header, trailer = Array(bytes.suffix(trailing))
        var stored = parsed.entries
        let interactor = try #require(stored.firstIndex { $0.path == "Home/HomeInteractor.swift" })
        var facts = try #require(FactCache.decodeFacts(stored[interactor].facts))
        facts.imports = []
        facts.types = []
        stored[interactor].facts = FactCache.encodeFacts(facts)
        stored[interactor].signature = facts.classificationSignature
        var writer = ByteWriter()
        writer.byteArray(header.magic)
        writer.int(header.version)
        writer.string(header.build)
        var forged = writer.bytes
        for entry in stored {
            var writer = ByteWriter()
            writer.bool(true)
            writer.string(entry.path)
            writer.string(entry.key)
            writer.optional(entry.stamp) { writer, stamp in writer.stamp(stamp) }
            writer.byteArray(entry.signature)
            writer.byteArray(entry.facts)
            forged += writer.bytes + entry.code
        }
        forged.append(0)
        try Data(forged + trailer).write(to: pack)
        try Self.expectUnchanged(project, cache: cache, "a pack that says the interactor imports nothing")
    }

    /// A file list that leaves the interactor out (its folders' stamps kept, so it would be
    /// taken instead of a walk).
    @Test func aForgedFileListDecidesNothing() throws {
        let (folder, project, cleanup) = try Self.project(configuration: Self.real)
        defer { cleanup() }
        let cache = folder.appendingPathComponent("cache")
        #expect(try Self.lint(project, cache: cache).status == 1)
        try FileManager.default.removeItem(at: Self.stored("state-", in: cache))

        func forged(_ bytes: [UInt8]) -> [UInt8]? {
            var reader = ByteReader(bytes)
            var writer = ByteWriter()
            do throws(ByteReader.Malformed) {
                writer.byteArray(try reader.byteArray())
                writer.int(try reader.int())
                writer.string(try reader.string())
                writer.string(try reader.string())
                writer.byteArray(try reader.byteArray())
                let watched = try reader.array { reader throws(ByteReader.Malformed) in
                    (try reader.string(), try reader.optional { reader throws(ByteReader.Malformed) in try reader.stamp() })
                }
                writer.array(watched) { writer, watched in
                    writer.string(watched.0)
                    writer.optional(watched.1) { writer, stamp in writer.stamp(stamp) }
                }
                let inspected = try reader.array { reader throws(ByteReader.Malformed) in (try reader.string(), try reader.int()) }
                writer.array(inspected) { writer, inspected in
                    writer.string(inspected.0)
                    writer.int(inspected.1)
                }
                writer.strings(try reader.strings().filter { $0 != "Home/HomeInteractor.swift" })
                writer.strings(try reader.strings())
                let skipped = try reader.array { reader throws(ByteReader.Malformed) in (try reader.string(), try reader.string()) }
                writer.array(skipped) { writer, skipped in
                    writer.string(skipped.0)
                    writer.string(skipped.1)
                }
                writer.strings(try reader.strings())
                writer.strings(try reader.strings())
                return reader.isAtEnd ? writer.bytes : nil
            } catch {
                return nil
            }
        }
        let list = try Self.stored("files-", in: cache)
        let (payload, trailer) = try Self.split(Array(try Data(contentsOf: list))) { forged($0) != nil }
        let shorter = try #require(forged(payload))
        #expect(shorter.count < payload.count)
        try Data(shorter + trailer).write(to: list)
        try Self.expectUnchanged(project, cache: cache, "a file list without the interactor")
    }

    /// A sparse file of a terabyte (no disk used) planted at each name the run reads, alone and
    /// all at once: the reader must not allocate the size it is told. Each costs a run, never
    /// the run (it was "Fatal error: failed to allocate", exit 134).
    @Test func aHugeSparseCacheFileCostsARunNotTheRun() throws {
        let (folder, project, cleanup) = try Self.project(configuration: Self.real)
        defer { cleanup() }
        let cache = folder.appendingPathComponent("cache")
        let uncached = try Self.lint(project, cache: nil)
        #expect(uncached.status == 1)
        func plant(_ prefixes: [String]) throws {
            _ = try Self.lint(project, cache: cache)
            for prefix in prefixes {
                let handle = try FileHandle(forWritingTo: try Self.stored(prefix, in: cache))
                try handle.truncate(atOffset: 1 << 40)
                try handle.close()
            }
            let planted = try Self.lint(project, cache: cache)
            #expect(planted.status == uncached.status, "\(prefixes): \(planted.stderr)")
            #expect(planted.stdout == uncached.stdout, "\(prefixes)")
        }
        let names = ["files-", "state-", "classes-", "pack-"]
        for name in names { try plant([name]) }
        try plant(names)
    }

    /// Issue 53: the format folder itself a link (a cache restored from elsewhere can hold
    /// one) to a folder with an old `*.bin` and `*.tmp` of someone else's. The run must not
    /// write there, nor trim there (the first run of a folder trims), and says why once.
    @Test func aLinkedFormatFolderIsNeitherWrittenNorTrimmed() throws {
        let (folder, project, cleanup) = try Self.project(configuration: Self.real)
        defer { cleanup() }
        let fileManager = FileManager.default
        let cache = folder.appendingPathComponent("cache"), target = folder.appendingPathComponent("elsewhere")
        try fileManager.createDirectory(at: cache, withIntermediateDirectories: true)
        try fileManager.createDirectory(at: target, withIntermediateDirectories: true)
        let old = Date().addingTimeInterval(-40 * 86_400)
        for name in ["pack-0123.bin", "notes.bin.1.2.tmp"] {
            let file = target.appendingPathComponent(name)
            try Data("someone else's \(name)".utf8).write(to: file)
            try fileManager.setAttributes([.modificationDate: old], ofItemAtPath: file.path)
        }
        try fileManager.createSymbolicLink(at: cache.appendingPathComponent("facts-v\(FactCache.formatVersion)"), withDestinationURL: target)
        func snapshot() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try fileManager.contentsOfDirectory(atPath: target.path) {
                files[name] = try Data(contentsOf: target.appendingPathComponent(name))
            }
            return files
        }
        let before = try snapshot()
        let uncached = try Self.lint(project, cache: nil)
        for _ in 0..<2 {
            let linked = try Self.lint(project, cache: cache)
            #expect(linked.status == uncached.status && linked.stdout == uncached.stdout)
            #expect(linked.stderr.components(separatedBy: "symbolic link").count == 2, "one note: \(linked.stderr)")
            #expect(try snapshot() == before)
        }
    }
}
