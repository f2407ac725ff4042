import Foundation
import Testing
@testable import ViperLintCore

/// `Scripts/release.sh` and what it produces: the artifact bundle, checksums, and the build-tool
/// plugin, built for real by `swift build` in a sample package that uses the bundle.
@Suite(.serialized) struct ReleaseTests {
    static let script = Paths.packageRoot.appendingPathComponent("Scripts/release.sh").path

    func release(_ arguments: [String]) throws -> CLI.Output {
        try CLI.run([Self.script] + arguments, executable: URL(fileURLWithPath: "/bin/bash"))
    }

    /// A release made from the tests' viperlint (the static build takes minutes).
    func makeRelease(into folder: URL) throws -> URL {
        let output = folder.appendingPathComponent("dist")
        let made = try release([ViperLint.version, "--binary", CLI.executable.path, "--output", output.path,
                                "--url-base", "https://example.invalid/viperlint/releases/\(ViperLint.version)"])
        #expect(made.status == 0, "\(made.stderr)")
        return output
    }

    @Test func theBundleDescribesTheBinaryAndTheChecksumsMatch() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try makeRelease(into: folder)
        let info = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: output.appendingPathComponent("viperlint.artifactbundle/info.json"))) as? [String: Any])
        #expect(info["schemaVersion"] as? String == "1.0")
        let artifact = try #require((info["artifacts"] as? [String: Any])?["viperlint"] as? [String: Any])
        #expect(artifact["type"] as? String == "executable" && artifact["version"] as? String == ViperLint.version)
        let variant = try #require((artifact["variants"] as? [[String: Any]])?.first)
        let binary = output.appendingPathComponent("viperlint.artifactbundle").appendingPathComponent(try #require(variant["path"] as? String))
        #expect(FileManager.default.isExecutableFile(atPath: binary.path))
        #expect((variant["supportedTriples"] as? [String])?.isEmpty == false)
        let version = try CLI.run(["--version"], executable: binary)
        #expect(version.stdout == ViperLint.version + "\n")

        // SHA256SUMS lists the archive and the zipped bundle with their real digests, and the
        // plugin package's binary target carries the bundle's.
        let sums = try String(contentsOf: output.appendingPathComponent("SHA256SUMS"), encoding: .utf8)
        let lines = sums.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(lines.map { String($0.last ?? "") }.sorted()
                == ["viperlint-\(ViperLint.version)-\(Self.hostTriple).tar.gz", "viperlint.artifactbundle.zip"].sorted())
        for line in lines {
            let digest = SHA256.digest(Array(try Data(contentsOf: output.appendingPathComponent(String(line[1]))))).map { String(format: "%02x", $0) }.joined()
            #expect(String(line[0]) == digest)
        }
        let zipDigest = try #require(lines.first { $0.last == "viperlint.artifactbundle.zip" }).first.map(String.init) ?? ""
        let manifest = try String(contentsOf: output.appendingPathComponent("ViperLintPlugins/Package.swift"), encoding: .utf8)
        #expect(manifest.contains("url: \"https://example.invalid/viperlint/releases/\(ViperLint.version)/viperlint.artifactbundle.zip\", checksum: \"\(zipDigest)\""))
    }

    static var hostTriple: String {
        #if arch(x86_64)
        "x86_64-unknown-linux-gnu"
        #else
        "aarch64-unknown-linux-gnu"
        #endif
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["VIPERLINT_SKIP_PLUGIN_BUILD"] == nil))
    func theBuildToolPluginReportsFindingsAndFailsTheBuildOnErrors() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try makeRelease(into: folder)
        // A sample package: the bundle as a local binary target, the plugin's source as ours.
        let sample = folder.appendingPathComponent("Sample")
        try FileManager.default.createDirectory(at: sample.appendingPathComponent("Plugins/ViperLintBuildTool"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: output.appendingPathComponent("viperlint.artifactbundle"),
                                         to: sample.appendingPathComponent("viperlint.artifactbundle"))
        try FileManager.default.copyItem(
            at: Paths.packageRoot.appendingPathComponent("BuildToolPlugin/Plugins/ViperLintBuildTool/ViperLintBuildTool.swift"),
            to: sample.appendingPathComponent("Plugins/ViperLintBuildTool/ViperLintBuildTool.swift"))
        let interactor = """
            final class HomeInteractor {
                var presenter: HomePresenter?

                func load() {
                    presenter?.didLoad()
                }
            }

            """
        try CLI.write([
            "Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription

                let package = Package(
                    name: "Sample",
                    targets: [
                        .binaryTarget(name: "viperlint", path: "viperlint.artifactbundle"),
                        .plugin(name: "ViperLintBuildTool", capability: .buildTool(), dependencies: ["viperlint"]),
                        .target(name: "Feature", plugins: ["ViperLintBuildTool"]),
                    ]
                )

                """,
            // Dispatch stands in for UIKit: the sample compiles on Linux too.
            ".viperlint.json": #"{ "version": 1, "rules": { "weak-back-reference": "error", "forbidden-import": { "severity": "warning", "frameworks": { "Interactor": ["Dispatch"] } } } }"#,
            "Sources/Feature/Home/HomeInteractor.swift": interactor,
            "Sources/Feature/Home/HomePresenter.swift": """
                final class HomePresenter {
                    let interactor: HomeInteractor

                    init(interactor: HomeInteractor) {
                        self.interactor = interactor
                    }

                    func didLoad() {}
                }

                """,
        ], into: sample)
        // Six findings of one rule: the build log has each on its own clang-style line (issue 29:
        // grouped, they had no file:line Xcode could place).
        let modules = ["Cart", "Feed", "Login", "Orders", "Profile", "Search"]
        for module in modules {
            try CLI.write(["Sources/Feature/\(module)/\(module)Interactor.swift": "import Dispatch\n\nfinal class \(module)Interactor {}\n",
                           // The Presenter holds its Interactor: wired in code, a module (an empty pair beside a
                           // wired Home would be names in a folder, and its findings would name no module).
                           "Sources/Feature/\(module)/\(module)Presenter.swift": "final class \(module)Presenter {\n    var interactor: \(module)Interactor?\n}\n"], into: sample)
        }
        func build() throws -> CLI.Output {
            try CLI.run(["swift", "build", "--package-path", sample.path], in: sample, executable: URL(fileURLWithPath: "/usr/bin/env"))
        }
        let failing = try build()
        let finding = "HomeInteractor.swift:2:9: error: Interactor 'HomeInteractor.presenter' in module 'Home' holds its Presenter 'HomePresenter' strongly"
        #expect(failing.status != 0)
        #expect((failing.stdout + failing.stderr).contains(finding), "\(failing.stdout)\n\(failing.stderr)")
        #expect((failing.stdout + failing.stderr).contains("[weak-back-reference]"))
        for module in modules {
            #expect((failing.stdout + failing.stderr).contains("\(module)Interactor.swift:1:1: warning: Interactor file of module '\(module)' imports 'Dispatch'"))
        }
        #expect(!(failing.stdout + failing.stderr).contains("times [forbidden-import]"))

        // The fix the finding names: the build passes and compiles the target.
        try CLI.write(["Sources/Feature/Home/HomeInteractor.swift": interactor.replacingOccurrences(of: "    var presenter", with: "    weak var presenter")],
                      into: sample)
        let passing = try build()
        #expect(passing.status == 0, "\(passing.stdout)\n\(passing.stderr)")
        #expect(!(passing.stdout + passing.stderr).contains("[weak-back-reference]"))
    }

    @Test func hostileOrInconsistentArgumentsAreRefusedWithExitTwo() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out").path
        let binary = CLI.executable.path
        let cases: [([String], String)] = [
            (["1.0; touch \(folder.path)/owned", "--binary", binary, "--output", output], "is not a semantic version"),
            (["--output"], "Scripts/release.sh VERSION"),
            (["9.9.9", "--binary", binary, "--output", output, "--url-base", "https://example.invalid/x"], "the compiled-in version is"),
            ([ViperLint.version, "--binary", folder.path + "/missing", "--output", output, "--url-base", "https://example.invalid/x"],
             "is not an executable file"),
            ([ViperLint.version, "--binary", binary, "--output", output, "--url-base", "https://example.invalid/x\"), .target(name: \"Evil"],
             "must be an https URL"),
            ([ViperLint.version, "--binary", binary, "--output", folder.path, "--url-base", "https://example.invalid/x"], "exists already"),
            ([ViperLint.version, "--binary", binary, "--output", output, "--url-base", "https://example.invalid/x", "--sign"],
             "Scripts/release.sh VERSION"),
        ]
        for (arguments, message) in cases {
            let result = try release(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/owned"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
