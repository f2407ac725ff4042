import Foundation
import ViperLintCore

/// What the fuzzers run, and what the regression tests replay: each target takes arbitrary
/// bytes and must return, whatever the bytes are. A crash, a trap or a hang here is a bug in
/// viperlint. `Scripts/fuzz.sh` runs them under libFuzzer; every input that ever crashed one
/// is kept in `Tests/FuzzRegressions/<target>/` and replayed by `swift test`.
public enum FuzzTargets {
    /// The targets by name, the names `Scripts/fuzz.sh` and the regression folders use.
    public static let all: [(name: String, run: @Sendable ([UInt8]) -> Void)] = [
        ("lint", { _ = lint($0) }), ("config", { _ = configuration($0) }), ("cache", { _ = cache($0) }),
        ("objc", { _ = objectiveC($0) }),
    ]

    /// Where the chunks of a lint input go: a VIPER module, a manifest, a file outside it.
    static let lintPaths = [
        "Modules/Home/HomeView.swift", "Modules/Home/HomePresenter.swift", "Modules/Home/HomeInteractor.swift",
        "Modules/Home/HomeRouter.swift", "Modules/Home/HomeEntity.swift", "Modules/Home/HomeAssembly.swift",
        "Package.swift", "Sources/Shared/Shared.swift",
    ]

    /// Where the chunks of an Objective-C input go: a header, its implementation, a Swift file
    /// of the same module (the symbol table is shared).
    static let objectiveCPaths = ["Modules/Home/HomePresenter.h", "Modules/Home/HomePresenter.m", "Modules/Home/HomeView.swift"]

    /// The first libclang of the machine; without one the `objc` target does nothing.
    static let libclang: Libclang? = LibclangLocator.standard().find()

    /// Splits a lint input into files.
    static let fileSeparator = Array("\n//--\n".utf8)

    /// The whole pipeline on the bytes as a small project: the input is cut into files at
    /// each `\n//--\n` (read by the same rules as files on disk), linted with the preset the
    /// input's length picks, and rendered in every report format.
    public static func lint(_ bytes: [UInt8]) -> LintResult {
        var sources: [SourceFile] = []
        var manifests: [SourceFile] = []
        for (index, chunk) in split(bytes, at: fileSeparator).prefix(lintPaths.count).enumerated() {
            let path = lintPaths[index]
            guard case let .success(text) = SourceReader.decode(Data(chunk), path: path) else { continue }
            let file = SourceFile(relativePath: path, text: text)
            if path.hasSuffix("Package.swift") { manifests.append(file) } else { sources.append(file) }
        }
        let preset = Preset.allCases[bytes.count % Preset.allCases.count]
        let result = Linter.lint(sources: sources, manifests: manifests, ruleSet: preset.ruleSet, root: "/fuzz", threads: 1)
        render(result, ruleSet: preset.ruleSet)
        _ = ClassificationReport.text(result.index)
        _ = ClassificationReport.json(result.index)
        return result
    }

    /// The Objective-C path on the bytes: cut into a header, an implementation and a Swift
    /// file at each `\n//--\n`, parsed with libclang (prelude, stubs, cursor tree, message
    /// parts read from the text) and linted; every report renders.
    public static func objectiveC(_ bytes: [UInt8]) -> LintResult? {
        guard let libclang else { return nil }
        var sources: [SourceFile] = []
        for (index, chunk) in split(bytes, at: fileSeparator).prefix(objectiveCPaths.count).enumerated() {
            let path = objectiveCPaths[index]
            guard case let .success(text) = SourceReader.decode(Data(chunk), path: path) else { continue }
            sources.append(SourceFile(relativePath: path, text: text))
        }
        let ruleSet = Preset.viper.ruleSet
        let result = Linter.lint(sources: sources, manifests: [], ruleSet: ruleSet, root: "/fuzz", threads: 1,
                                 objectiveC: .libclang(libclang))
        render(result, ruleSet: ruleSet)
        return result
    }

    /// The configuration (JSON and YAML) and baseline readers on the bytes; a JSON configuration that decodes is
    /// then used to lint a small fixed project, so odd globs, layers and overrides run too.
    public static func configuration(_ bytes: [UInt8]) -> LintResult? {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = try? Baseline.decode(text, file: "baseline.json")
        // The YAML reader on the same bytes: refused or read, never a crash or a hang.
        _ = try? ConfigurationLoader.decode(text, file: ".viperlint.yml")
        guard let ruleSet = try? ConfigurationLoader.decode(text, file: ".viperlint.json") else { return nil }
        let sources = sampleProject.map { SourceFile(relativePath: $0.path, text: $0.text) }
        let result = Linter.lint(sources: sources, manifests: [], ruleSet: ruleSet, root: "/fuzz", threads: 1)
        render(result, ruleSet: ruleSet)
        return result
    }

    /// The fact cache's binary form. Bytes that decode as facts must encode back to the same
    /// facts; any other input is read as Swift source, and the facts extracted from it must
    /// survive encoding and decoding (a cache never changes what it stores).
    public static func cache(_ bytes: [UInt8]) -> FileFacts? {
        if let facts = FactCache.decodeFacts(bytes) {
            precondition(FactCache.decodeFacts(FactCache.encodeFacts(facts)) == facts, "decoded facts did not survive encoding")
            // What decodes is what a warm run would check: classify it and run every rule.
            _ = Linter.violations(of: [facts], ruleSet: ConfigurationLoader.defaultRuleSet)
            return facts
        }
        guard case let .success(text) = SourceReader.decode(Data(bytes), path: cachePath), NestingGuard.problem(in: text) == nil else {
            return nil
        }
        let facts = FactExtractor.facts(path: cachePath, source: text)
        precondition(FactCache.decodeFacts(FactCache.encodeFacts(facts)) == facts, "extracted facts did not survive encoding")
        return nil
    }

    static let cachePath = "A.swift"

    /// Seed inputs for `cache`: the binary facts of real Swift files.
    public static func cacheSeed(path: String, source: String) -> [UInt8] {
        FactCache.encodeFacts(FactExtractor.facts(path: path, source: source))
    }

    static func render(_ result: LintResult, ruleSet: RuleSet) {
        let context = ReportContext(ruleSet: ruleSet)
        _ = TextReporter().report(result)
        _ = JSONReporter.report(result)
        _ = SARIFReporter.report(result, context: context)
        _ = CheckstyleReporter.report(result, context: context)
        _ = JUnitReporter.report(result, context: context)
        _ = GitHubReporter.report(result, context: context)
        _ = MarkdownReporter.report(result, context: context)
    }

    static func split(_ bytes: [UInt8], at separator: [UInt8]) -> [ArraySlice<UInt8>] {
        var chunks: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index + separator.count <= bytes.count {
            if bytes[index..<index + separator.count].elementsEqual(separator) {
                chunks.append(bytes[start..<index])
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        chunks.append(bytes[start...])
        return chunks
    }

    /// A module with a finding for most rules, for configurations to judge.
    static let sampleProject: [(path: String, text: String)] = [
        ("Modules/Home/HomeView.swift", """
        import UIKit
        final class HomeViewController: UIViewController {
            var presenter: HomePresenter?
            func didTap() { presenter?.load(); UserDefaults.standard.set(1, forKey: "k") }
        }
        """),
        ("Modules/Home/HomePresenter.swift", """
        protocol HomeInteractorOutput: AnyObject {}
        final class HomePresenter: HomeInteractorOutput {
            var view: HomeViewController?
            var interactor: HomeInteractor?
            func load() { if let i = interactor { i.fetch() } }
        }
        """),
        ("Modules/Home/HomeInteractor.swift", """
        import UIKit
        final class HomeInteractor {
            var presenter: HomePresenter?
            func fetch() { for x in [1, 2] where x > 1 { print(x) } }
        }
        """),
        ("Modules/Home/HomeRouter.swift", """
        final class HomeRouter {
            func open() -> HomeViewController {
                let view = HomeViewController()
                if UserDefaults.standard.bool(forKey: "a") { return view }
                return view
            }
        }
        """),
        ("Modules/Home/HomeEntity.swift", "struct HomeItem { let name: String }\n"),
        ("Modules/Profile/ProfilePresenter.swift", """
        // viperlint:disable:next concrete-dependency
        final class ProfilePresenter { var home: HomePresenter? }
        """),
    ]
}
