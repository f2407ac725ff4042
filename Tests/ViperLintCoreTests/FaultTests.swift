import Foundation
import Testing
import ViperLintCore

/// Configuration and environment faults, through the real executable: a broken
/// `.viperlint.json` exits 2 saying where and what was expected; places that cannot be
/// written fail cleanly with nothing half-written; a cache that cannot be used only costs time;
/// a reader that goes away does not change the verdict.
@Suite(.serialized) struct FaultTests {
    /// A project with one finding, and the given configuration file bytes.
    static func project(configuration: Data?) throws -> URL {
        let folder = try CLI.temporaryFolder()
        try CLI.write(["Modules/Home/HomeInteractor.swift": "import UIKit\nfinal class HomeInteractor {}\n"], into: folder)
        if let configuration { try configuration.write(to: folder.appendingPathComponent(".viperlint.json")) }
        return folder
    }

    /// Each kind of wrong configuration, and what the error must say (file:line:column, key
    /// path, what was expected).
    static let brokenConfigurations: [(name: String, text: String, expected: String)] = [
        ("empty file", "", ".viperlint.json:1:1: invalid JSON: unexpected end of file, expected a value"),
        ("only whitespace", "  \n\n", ".viperlint.json:3:1: invalid JSON: unexpected end of file, expected a value"),
        ("not JSON", "version = 1\n", ".viperlint.json:1:1: invalid JSON: unexpected character 'v', expected a value"),
        ("YAML", "version: 1\nrules:\n  forbidden-import: error\n", ".viperlint.json:1:1: invalid JSON: unexpected character 'v'"),
        ("top-level array", "[1]", ".viperlint.json:1:1: (top level): expected an object, found an array"),
        ("trailing comma", "{ \"version\": 1, }", ".viperlint.json:1:15: invalid JSON: trailing comma before '}'"),
        ("comment", "{ // strict\n\"version\": 1 }", ".viperlint.json:1:3: "),
        ("unterminated", "{ \"version\": 1", ".viperlint.json:1:15: "),
        ("trailing text", "{ \"version\": 1 } x", ".viperlint.json:1:18: invalid JSON: unexpected text after the end"),
        ("duplicate key", "{ \"version\": 1, \"version\": 1 }", ".viperlint.json:1:17: version: duplicate key"),
        ("deep nesting", "{ \"version\": 1, \"x\": " + String(repeating: "[", count: 100_000), ".viperlint.json:1:"),
        ("version as text", "{ \"version\": \"1\" }", ".viperlint.json:1:14: version: expected an integer"),
        ("future version", "{ \"version\": 2 }", ".viperlint.json:1:14: version: "),
        ("missing version", "{ \"extends\": \"viper\" }", "version"),
        ("unknown preset", "{ \"version\": 1, \"extends\": \"clean-swfit\" }", "extends: unknown preset 'clean-swfit'; did you mean 'clean-swift'?"),
        ("include not a list", "{ \"version\": 1, \"include\": \"**/*.swift\" }", ".viperlint.json:1:28: include: expected an array, found a string"),
        ("exclude of numbers", "{ \"version\": 1, \"exclude\": [1] }", ".viperlint.json:1:29: exclude[0]: expected a string, found a number"),
        ("unknown top-level key", "{ \"version\": 1, \"rulez\": {} }", "unknown key 'rulez'; did you mean 'rules'?"),
        ("unknown layer", "{ \"version\": 1, \"layers\": { \"Presentr\": { \"paths\": [\"**/P/**\"] } } }", "did you mean 'Presenter'?"),
        ("unknown layer key", "{ \"version\": 1, \"layers\": { \"Presenter\": { \"path\": [\"**\"] } } }", "did you mean 'paths'?"),
        ("layer not an object", "{ \"version\": 1, \"layers\": { \"Presenter\": [\"**\"] } }", "layers.Presenter: expected an object"),
        ("dependencies not an object", "{ \"version\": 1, \"dependencies\": { \"View\": [\"Entity\"] } }", ".viperlint.json:1:43: dependencies.View: expected an object, found an array"),
        ("dependencies to an unknown layer", "{ \"version\": 1, \"dependencies\": { \"View\": { \"allow\": [\"Entitty\"] } } }", "did you mean 'Entity'?"),
        ("unknown rule", "{ \"version\": 1, \"rules\": { \"concrete-dependancy\": \"error\" } }", "did you mean 'concrete-dependency'?"),
        ("severity misspelled", "{ \"version\": 1, \"rules\": { \"forbidden-import\": \"eror\" } }", "did you mean 'error'?"),
        ("severity of wrong type", "{ \"version\": 1, \"rules\": { \"forbidden-import\": true } }", "rules.forbidden-import: expected"),
        ("unknown rule option", "{ \"version\": 1, \"rules\": { \"router-business-logic\": { \"maxComplexty\": 3 } } }", "did you mean 'maxComplexity'?"),
        ("option of wrong type", "{ \"version\": 1, \"rules\": { \"router-business-logic\": { \"maxComplexity\": \"3\" } } }", "rules.router-business-logic.maxComplexity: expected an integer"),
        ("option out of range", "{ \"version\": 1, \"rules\": { \"router-business-logic\": { \"maxComplexity\": -1 } } }", "rules.router-business-logic.maxComplexity: expected an integer from 1 to 1000, found -1"),
        ("override without paths", "{ \"version\": 1, \"overrides\": [{ \"rules\": { \"forbidden-import\": \"off\" } }] }", "overrides[0]"),
        ("override of unknown rule", "{ \"version\": 1, \"overrides\": [{ \"paths\": [\"**\"], \"rules\": { \"nope\": \"off\" } }] }", "overrides[0].rules.nope"),
    ]

    @Test(arguments: brokenConfigurations.map(\.name))
    func brokenConfigurationExitsTwoSayingWhereAndWhat(_ name: String) throws {
        let sample = Self.brokenConfigurations.first { $0.name == name }!
        let folder = try Self.project(configuration: Data(sample.text.utf8))
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLI.run(["lint", folder.path])
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix("error: "))
        #expect(output.stderr.contains(sample.expected), "\(output.stderr)")
        #expect(!output.stderr.contains("Fatal error"))
    }

    @Test func configurationFilesThatCannotBeReadExitTwo() throws {
        let latin1 = try Self.project(configuration: Data([0x7B, 0x22, 0xE9, 0x22, 0x3A, 0x31, 0x7D]))
        defer { try? FileManager.default.removeItem(at: latin1) }
        let notText = try CLI.run(["lint", latin1.path])
        #expect(notText.status == 2)
        #expect(notText.stderr.contains(".viperlint.json") && notText.stderr.contains("not UTF-8"))

        let folder = try Self.project(configuration: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".viperlint.json"), withIntermediateDirectories: false)
        let directory = try CLI.run(["lint", folder.path])
        #expect(directory.status == 2)
        #expect(directory.stderr.contains(".viperlint.json"))

        let missing = try CLI.run(["lint", folder.path, "--config", folder.appendingPathComponent("none.json").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("none.json"))
    }

    // MARK: Reports and baselines

    @Test func reportsThatCannotBeWrittenExitTwoAndLeaveNothing() throws {
        let project = try Self.project(configuration: nil)
        defer { try? FileManager.default.removeItem(at: project) }
        let place = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: place) }
        try Data("x".utf8).write(to: place.appendingPathComponent("file"))
        try FileManager.default.createDirectory(at: place.appendingPathComponent("folder.json"), withIntermediateDirectories: false)

        for target in ["missing/r.json", "file/r.json", "folder.json"] {
            let output = try CLI.run(["lint", project.path, "--report", "json:\(place.path)/\(target)"])
            #expect(output.status == 2, "\(target)")
            #expect(output.stderr.hasPrefix("error: ") && output.stderr.contains(target.components(separatedBy: "/")[0]), "\(output.stderr)")
        }
        let baseline = try CLI.run(["lint", project.path, "--write-baseline", "\(place.path)/missing/b.json"])
        #expect(baseline.status == 2)
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: place.path)) == ["file", "folder.json"])
    }

    @Test(.enabled(if: Unprivileged.available, "needs setpriv to drop root's file access"))
    func aReadOnlyReportFolderExitsTwoWithoutAPartialFile() throws {
        let project = try Self.project(configuration: nil)
        defer { try? FileManager.default.removeItem(at: project) }
        let place = try CLI.temporaryFolder()
        defer { chmod(place.path, 0o755); try? FileManager.default.removeItem(at: place) }
        try Data("old report\n".utf8).write(to: place.appendingPathComponent("r.json"))
        chmod(place.path, 0o555)
        let output = try Unprivileged.run(["lint", project.path, "--report", "json:\(place.path)/r.json", "--report", "text"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("error: ") && output.stderr.contains("r.json"))
        // The old report is untouched and no temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: place.path) == ["r.json"])
        #expect(FileManager.default.contents(atPath: place.appendingPathComponent("r.json").path) == Data("old report\n".utf8))
    }

    // MARK: The cache

    @Test func aCacheThatCannotBeUsedOnlyCostsTime() throws {
        let project = try Self.project(configuration: nil)
        defer { try? FileManager.default.removeItem(at: project) }
        let place = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: place) }
        let reference = try CLI.run(["lint", "--strict", project.path, "--no-cache"])
        #expect(reference.status == 1)

        let file = place.appendingPathComponent("not-a-folder")
        try Data().write(to: file)
        let onAFile = try CLI.run(["lint", "--strict", project.path, "--cache-path", file.path])
        #expect(onAFile.status == 1 && onAFile.stdout == reference.stdout)
        #expect(onAFile.stderr.contains("warning: cache folder") && onAFile.stderr.contains("parsing every file"))

        // Every entry of a filled cache overwritten with garbage: ignored and rewritten.
        let cache = place.appendingPathComponent("cache")
        _ = try CLI.run(["lint", "--strict", project.path, "--cache-path", cache.path])
        let entries = (FileManager.default.enumerator(atPath: cache.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".bin") }
        #expect(entries.count == 3, "the fact pack, the classification memo and the project state")
        for entry in entries { try Data(repeating: 0xA5, count: 100).write(to: cache.appendingPathComponent(entry)) }
        let corrupt = try CLI.run(["lint", "--strict", project.path, "--cache-path", cache.path, "--verbose"])
        #expect(corrupt.status == 1 && corrupt.stdout == reference.stdout)
        #expect(corrupt.stderr.contains("1 file: 1 parsed, 0 from the cache\n"))
        let warm = try CLI.run(["lint", "--strict", project.path, "--cache-path", cache.path, "--verbose"])
        #expect(warm.stderr.contains("1 file: 0 parsed, 1 from the cache"))

        // No HOME and no XDG_CACHE_HOME: still a normal run.
        let homeless = try CLI.run(["lint", "--strict", project.path], environment: ["HOME": nil, "XDG_CACHE_HOME": nil])
        #expect(homeless.status == 1 && homeless.stdout == reference.stdout)
    }

    @Test(.enabled(if: Unprivileged.available, "needs setpriv to drop root's file access"))
    func aReadOnlyCacheFolderOnlyCostsTime() throws {
        let project = try Self.project(configuration: nil)
        defer { try? FileManager.default.removeItem(at: project) }
        let cache = try CLI.temporaryFolder()
        defer { chmod(cache.path, 0o755); try? FileManager.default.removeItem(at: cache) }
        chmod(cache.path, 0o555)
        let output = try Unprivileged.run(["lint", "--strict", project.path, "--cache-path", cache.path])
        #expect(output.status == 1)
        #expect(output.stdout.contains("HomeInteractor.swift:1:1: warning:"))
        #expect(output.stderr.contains("warning: cache folder"))
    }

    // MARK: Pipes

    @Test func aReaderThatGoesAwayDoesNotChangeTheExitCode() throws {
        let shell = URL(fileURLWithPath: "/bin/bash")
        guard FileManager.default.isExecutableFile(atPath: shell.path) else { return }
        let binary = CLI.executable.path
        // `true` exits without reading: every write meets a closed pipe (EPIPE, or SIGPIPE if
        // it were not ignored, which would make the status 141).
        let script = """
            set -o pipefail
            "$0" lint Fixtures/ClassicVIPER | true; echo "violations=$?"
            "$0" lint Fixtures/ClassicVIPER/Modules/Home | true; echo "clean=$?"
            "$0" lint Fixtures/ClassicVIPER --report json | head -c 10 >/dev/null; echo "json=$?"
            "$0" lint Fixtures/ClassicVIPER 2>&- | true; echo "no-stderr=$?"
            """
        let output = try CLI.run(["-c", script, binary], executable: shell)
        #expect(output.stdout == "violations=1\nclean=0\njson=1\nno-stderr=1\n")
        #expect(!output.stderr.contains("Fatal") && !output.stderr.contains("Broken pipe"))
    }
}
