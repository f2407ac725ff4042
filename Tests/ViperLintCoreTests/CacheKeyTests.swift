import Foundation
import Testing
@testable import ViperLintCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The key that authenticates the cache: HMAC-SHA-256 itself, the key file (made 0600, never
/// through a link, refused when others could read or write it or when it lies in the cache
/// folder), the environment's key, and caches of two keys ignoring each other.
@Suite struct CacheKeyTests {
    static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    /// RFC 4231, test cases 1 to 7 (case 5 compares the 128 bits the RFC gives).
    @Test func hmacGivesTheRFC4231TestVectors() {
        let larger = [UInt8](repeating: 0xaa, count: 131)
        let cases: [(key: [UInt8], data: [UInt8], code: String)] = [
            ([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
             "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
            (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
             "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
            ([UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
             "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
            (Array(1...25), [UInt8](repeating: 0xcd, count: 50),
             "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
            ([UInt8](repeating: 0x0c, count: 20), Array("Test With Truncation".utf8), "a3b6167473100ee06e0c796c2955552b"),
            (larger, Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
             "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
            (larger, Array(("This is a test using a larger than block-size key and a larger than block-size data. The key "
                            + "needs to be hashed before being used by the HMAC algorithm.").utf8),
             "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
        ]
        for (number, test) in cases.enumerated() {
            let code = SHA256.hex(HMAC.code(key: test.key, message: test.data))
            #expect(code.hasPrefix(test.code), "test case \(number + 1)")
            // In parts of every size, as the pack writer gives them.
            for part in [1, 7, 63, 64, 65] {
                var mac = HMAC(key: test.key)
                for start in stride(from: 0, to: test.data.count, by: part) { mac.update(test.data[start..<min(start + part, test.data.count)]) }
                #expect(SHA256.hex(mac.finalized()) == code, "test case \(number + 1) in parts of \(part)")
            }
        }
        #expect(HMAC.equal([1, 2, 3], [1, 2, 3]) && !HMAC.equal([1, 2, 3], [1, 2, 4]) && !HMAC.equal([1, 2], [1, 2, 3]))
    }

    /// The cache keeps one keyed HMAC and copies it for each file and entry (`CacheKey`,
    /// `FactPack`): a copy's input must never reach the original or another copy, whatever the
    /// library shares between copies.
    @Test func copiesOfAKeyedHMACAndHasherAreIndependent() {
        let key = [UInt8](repeating: 0x0b, count: 20)
        let keyed = HMAC(key: key)
        var first = keyed, second = keyed
        first.update(Array("Hi ".utf8))
        second.update(Array("Jefe".utf8))
        first.update(Array("There".utf8))
        #expect(SHA256.hex(first.finalized()) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(second.finalized() == HMAC.code(key: key, message: Array("Jefe".utf8)))
        #expect(keyed.finalized() == HMAC.code(key: key, message: []))
        // Finalizing does not end the HMAC: more input gives the code of all of it.
        first.update(Array("!".utf8))
        #expect(first.finalized() == HMAC.code(key: key, message: Array("Hi There!".utf8)))

        var hasher = SHA256.Hasher()
        hasher.update(Array("ab".utf8))
        var copy = hasher
        copy.update(Array("c".utf8))
        #expect(SHA256.hex(copy.finalized()) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hasher.finalized() == SHA256.digest(Array("ab".utf8)))
        #expect(hasher.finalized() == hasher.finalized())
    }

    @Test func sha256InPartsIsTheDigestOfTheWhole() {
        var random = SplitMix(seed: 42)
        for length in [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000] {
            let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            var hasher = SHA256.Hasher()
            var start = 0
            while start < length {
                let end = min(length, start + Int.random(in: 1...130, using: &random))
                hasher.update(message[start..<end])
                start = end
            }
            #expect(hasher.finalized() == SHA256.digest(message), "\(length)")
        }
        // FIPS 180-4's two-block example.
        #expect(SHA256.hex(SHA256.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// A folder holding `state/` and `home/`, the environment that puts the key file there,
    /// and the key file's place.
    static func keyHome() throws -> (folder: URL, environment: [String: String], file: URL, cleanup: () -> Void) {
        let folder = try CLI.temporaryFolder()
        let environment = ["HOME": folder.appendingPathComponent("home").path, "XDG_STATE_HOME": folder.appendingPathComponent("state").path]
        return (folder, environment, CacheKey.defaultFile(environment: environment), { try? FileManager.default.removeItem(at: folder) })
    }

    static func mode(_ path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Int(info.st_mode) & 0o7777
    }

    /// What `key` writes, `other` trusts only if they are the same key.
    static func trusts(_ key: CacheKey, _ other: CacheKey, in folder: URL) -> Bool {
        let file = folder.appendingPathComponent("probe-\(UUID()).bin")
        key.replace(file, with: Array("facts".utf8))
        defer { unlink(file.path) }
        return other.contents(of: file) == Array("facts".utf8)
    }

    @Test func theKeyFileIsMadeOnceWithMode0600OutsideTheCache() throws {
        let (folder, environment, file, cleanup) = try Self.keyHome()
        defer { cleanup() }
        #if os(macOS)
        #expect(file.path == folder.path + "/home/Library/Application Support/viperlint/cache-key")
        #else
        #expect(file.path == folder.path + "/state/viperlint/cache-key")
        #expect(CacheKey.defaultFile(environment: ["HOME": "/home/u"]).path == "/home/u/.local/state/viperlint/cache-key")
        #endif
        let cacheFolder = folder.appendingPathComponent("cache")
        let first = try CacheKey.resolve(cacheFolder: cacheFolder, environment: environment).get()
        #expect(Self.mode(file.path) == 0o600)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.count == 65 && text.hasSuffix("\n") && CacheKey(hex: text) != nil)
        // Made once: the next run reads the same key; no temporary file is left beside it.
        let second = try CacheKey.resolve(cacheFolder: cacheFolder, environment: environment).get()
        #expect(Self.trusts(first, second, in: folder))
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["cache-key"])
        // Concurrent first runs agree on one key.
        try FileManager.default.removeItem(at: file)
        let keys = ParallelMap.map(Array(0..<8), threads: 8) { _ in try? CacheKey.resolve(cacheFolder: cacheFolder, environment: environment).get() }
        let made = try #require(keys[0])
        #expect(keys.allSatisfy { $0.map { Self.trusts(made, $0, in: folder) } ?? false })
    }

    @Test func aKeyFileOthersCouldReadOrWriteOrALinkOrAKeyInTheCacheIsRefused() throws {
        let (folder, environment, file, cleanup) = try Self.keyHome()
        defer { cleanup() }
        let cacheFolder = folder.appendingPathComponent("cache")
        _ = try CacheKey.resolve(cacheFolder: cacheFolder, environment: environment).get()
        func refusal() -> String? {
            if case let .failure(refusal) = CacheKey.resolve(cacheFolder: cacheFolder, environment: environment) { return refusal.description }
            return nil
        }
        for mode in [0o640, 0o604, 0o620, 0o660] {
            #expect(chmod(file.path, mode_t(mode)) == 0)
            #expect(refusal()?.contains("others") == true, "mode \(String(mode, radix: 8))")
        }
        #expect(chmod(file.path, 0o600) == 0 && refusal() == nil)
        // A link to a good key (someone else's, or one in a folder they control) is not followed.
        let real = folder.appendingPathComponent("elsewhere-key")
        try FileManager.default.moveItem(at: file, to: real)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: real)
        #expect(refusal()?.contains("symbolic link") == true)
        // Not a regular file; not 64 hex digits.
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        #expect(refusal() != nil)
        try FileManager.default.removeItem(at: file)
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data("not a key\n".utf8), attributes: [.posixPermissions: 0o600]))
        #expect(refusal()?.contains("hexadecimal") == true)
        // A key inside the cache folder is written by whoever writes the cache.
        try FileManager.default.removeItem(at: file)
        let inCache = CacheKey.resolve(cacheFolder: file.deletingLastPathComponent().deletingLastPathComponent(), environment: environment)
        #expect(throws: CacheKey.Refusal.self) { try inCache.get() }
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func theEnvironmentsKeyIsUsedAndTwoKeysDoNotTrustEachOthersCache() throws {
        let (folder, environment, file, cleanup) = try Self.keyHome()
        defer { cleanup() }
        let cacheFolder = folder.appendingPathComponent("cache")
        let hex = String(repeating: "0123456789abcdef", count: 4)
        let fromEnvironment = try CacheKey.resolve(cacheFolder: cacheFolder, environment: environment.merging([CacheKey.environmentVariable: hex]) { $1 }).get()
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(Self.trusts(fromEnvironment, try #require(CacheKey(hex: hex.uppercased() + "\n")), in: folder))
        let fromFile = try CacheKey.resolve(cacheFolder: cacheFolder, environment: environment).get()
        #expect(!Self.trusts(fromEnvironment, fromFile, in: folder))
        // A key file the environment names (the build plugin's, in its work folder) is made and
        // checked like the user's, and is not the user's key; inside the cache it is refused.
        let named = folder.appendingPathComponent("work/cache-key")
        let fromNamedFile = try CacheKey.resolve(cacheFolder: cacheFolder,
                                                 environment: environment.merging([CacheKey.fileEnvironmentVariable: named.path]) { $1 }).get()
        #expect(Self.mode(named.path) == 0o600 && !Self.trusts(fromNamedFile, fromFile, in: folder))
        #expect(throws: CacheKey.Refusal.self) {
            try CacheKey.resolve(cacheFolder: named.deletingLastPathComponent(),
                                 environment: environment.merging([CacheKey.fileEnvironmentVariable: named.path]) { $1 }).get()
        }
        for malformed in ["abc", String(hex.dropLast()) + "g", hex + "00"] {
            #expect(throws: CacheKey.Refusal.self) {
                try CacheKey.resolve(cacheFolder: cacheFolder, environment: [CacheKey.environmentVariable: malformed]).get()
            }
        }

        // A cache filled under one key is a cold cache under another, and the report is the same.
        let project = folder.appendingPathComponent("App")
        try FileManager.default.copyItem(at: Paths.fixture("ClassicVIPER"), to: project)
        let located = try Project.locate(paths: [project.path], configuration: nil)
        let one = try #require(FactCache(folder: cacheFolder, key: fromEnvironment))
        let other = try #require(FactCache(folder: cacheFolder, key: fromFile))
        let cold = located.lint(cache: one, needsIndex: true)
        let warm = located.lint(cache: one, needsIndex: true)
        let foreign = located.lint(cache: other, needsIndex: true)
        #expect(cold.parsedFiles == cold.fileCount && warm.parsedFiles == 0 && warm.classificationReused)
        #expect(foreign.parsedFiles == foreign.fileCount && !foreign.classificationReused)
        #expect(JSONReporter.report(foreign) == JSONReporter.report(cold) && JSONReporter.report(warm) == JSONReporter.report(cold))
        // Each stored file, and each of the pack's entries, is refused by the other key.
        let stored = try FileManager.default.contentsOfDirectory(at: one.folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "bin" && !$0.lastPathComponent.hasPrefix("pack-") }
        #expect(!stored.isEmpty)
        for file in stored { #expect(other.key.contents(of: file) != nil && one.key.contents(of: file) == nil, "\(file.lastPathComponent)") }
        let paths = located.discover().sources.map(\.relativePath).filter { $0.hasSuffix(".swift") }
        let packs = [one, other].map { FactPack(cache: $0, root: located.root.path, salt: "skipGenerated=true") }
        #expect(!paths.isEmpty && paths.allSatisfy { packs[0].entry(for: $0) == nil && packs[1].entry(for: $0) != nil })
    }

    /// A stored file moved to another file's name (another project's, another role's) is not
    /// authentic there.
    @Test func anAuthenticFileIsNotAuthenticUnderAnotherName() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = CacheKey.testing
        let state = folder.appendingPathComponent("state-a.bin"), other = folder.appendingPathComponent("state-b.bin")
        key.replace(state, with: [1, 2, 3])
        #expect(key.contents(of: state) == [1, 2, 3])
        try FileManager.default.copyItem(at: state, to: other)
        #expect(key.contents(of: other) == nil)
        var bytes = Array(try Data(contentsOf: state))
        bytes[0] ^= 1
        try Data(bytes).write(to: state)
        #expect(key.contents(of: state) == nil)
    }

    // The command line: the default key file, the environment's key, a refused key.

    static func lint(_ project: URL, _ arguments: [String], environment: [String: String?]) throws -> CLI.Output {
        try CLI.run(["lint", ".", "--verbose"] + arguments, in: project, environment: environment)
    }

    @Test func theCommandLineMakesAKeyFileAndTrustsOnlyItsCache() throws {
        let (folder, home, file, cleanup) = try Self.keyHome()
        defer { cleanup() }
        let project = folder.appendingPathComponent("App"), cache = folder.appendingPathComponent("cache")
        try FileManager.default.copyItem(at: Paths.fixture("ClassicVIPER"), to: project)
        var environment: [String: String?] = home.mapValues { $0 }
        environment[CacheKey.environmentVariable] = .some(nil)
        let uncached = try CLI.run(["lint", ".", "--no-cache"], in: project, environment: environment)
        let cold = try Self.lint(project, ["--cache-path", cache.path], environment: environment)
        #expect(Self.mode(file.path) == 0o600)
        #expect(!cold.stderr.contains("warning"))
        let warm = try Self.lint(project, ["--cache-path", cache.path], environment: environment)
        #expect(warm.stderr.contains(": 0 parsed"))
        #expect(cold.stdout == uncached.stdout && warm.stdout == uncached.stdout && warm.status == uncached.status)

        // Another user's key (here: another key file) trusts none of it.
        try FileManager.default.removeItem(at: file)
        let stranger = try Self.lint(project, ["--cache-path", cache.path], environment: environment)
        #expect(!stranger.stderr.contains(": 0 parsed") && stranger.stdout == uncached.stdout)

        // A key file open to the group: a warning, said once even by `lint --fix` (which opens
        // the cache twice), and no cache read or written.
        #expect(chmod(file.path, 0o640) == 0)
        try FileManager.default.removeItem(at: cache)
        let refused = try CLI.run(["lint", ".", "--fix", "--cache-path", cache.path], in: project, environment: environment)
        #expect(refused.stderr.components(separatedBy: "warning: cache key").count == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("not using the cache"))
        #expect(!FileManager.default.fileExists(atPath: cache.path))
    }

    /// A CI supplies the key from its secret store: a cache restored into another folder is
    /// trusted under the same key and not under another.
    @Test func aRestoredCacheIsTrustedUnderTheSameEnvironmentKeyOnly() throws {
        let (folder, home, file, cleanup) = try Self.keyHome()
        defer { cleanup() }
        let project = folder.appendingPathComponent("App"), cache = folder.appendingPathComponent("cache")
        try FileManager.default.copyItem(at: Paths.fixture("ClassicVIPER"), to: project)
        var environment: [String: String?] = home.mapValues { $0 }
        environment[CacheKey.environmentVariable] = String(repeating: "c1", count: 32)
        _ = try Self.lint(project, ["--cache-path", cache.path], environment: environment)
        let restored = folder.appendingPathComponent("restored")
        try FileManager.default.copyItem(at: cache, to: restored)
        let same = try Self.lint(project, ["--cache-path", restored.path], environment: environment)
        #expect(same.stderr.contains(": 0 parsed"))
        environment[CacheKey.environmentVariable] = String(repeating: "c2", count: 32)
        let other = try Self.lint(project, ["--cache-path", restored.path], environment: environment)
        #expect(!other.stderr.contains(": 0 parsed") && other.stdout == same.stdout)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
