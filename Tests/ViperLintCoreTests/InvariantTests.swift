import Foundation
import Testing
@testable import ViperLintCore

/// Properties that hold for every project: the report does not depend on thread count or
/// file order, and no command writes anywhere but where it was told to.
@Suite(.serialized) struct InvariantTests {
    /// Every report format of a result, rendered.
    static func renderings(_ result: LintResult, ruleSet: RuleSet) -> [String] {
        let context = ReportContext(ruleSet: ruleSet)
        let ungrouped = ReportContext(ruleSet: ruleSet, text: .init(groupThreshold: 0))
        return ReporterRegistry.all.map { $0.render(result, context: context) } + [
            TextReporter.render(result, context: ungrouped),
            GraphRenderer.json(DependencyGraph(result: result, ruleSet: ruleSet, level: .module)),
            GraphRenderer.dot(DependencyGraph(result: result, ruleSet: ruleSet, level: .layer)),
            ClassificationReport.json(result.index),
        ]
    }

    @Test(arguments: FixtureTests.fixtures)
    func sameBytesWithOneThreadOrManyAndInAnyFileOrder(_ fixture: String) throws {
        let project = try Project.locate(paths: [Paths.fixture(fixture).path], configuration: nil)
        let files = project.discover()
        func run(_ sources: [SourceFile], threads: Int) -> [String] {
            let result = Linter.lint(sources: sources, manifests: files.manifests.reversed(), ruleSet: project.ruleSet, root: "/r", threads: threads)
            return Self.renderings(result, ruleSet: project.ruleSet)
        }
        let reference = run(files.sources, threads: 1)
        #expect(reference[1].contains("\"violations\""))
        var generator = SeededGenerator(seed: UInt64(fixture.utf8.count))
        for threads in [2, 3, 8] {
            let shuffled = files.sources.shuffled(using: &generator)
            #expect(run(shuffled, threads: threads) == reference, "threads \(threads)")
        }
        #expect(run(files.sources.reversed(), threads: 16) == reference)
    }

    /// A run that reports one file (pre-commit) finds exactly what a whole run finds in that
    /// file, although the rules that judge one file at a time skip the others.
    @Test(arguments: FixtureTests.fixtures)
    func eachFileAloneGivesTheWholeRunsFindingsForIt(_ fixture: String) throws {
        let project = try Project.locate(paths: [Paths.fixture(fixture).path], configuration: nil)
        let files = project.discover()
        let whole = Linter.lint(sources: files.sources, manifests: files.manifests, ruleSet: project.ruleSet, root: "/r", threads: 2)
        #expect(!whole.violations.isEmpty)
        for file in Set(whole.violations.map(\.file)).sorted() {
            let alone = Linter.lint(sources: files.sources, manifests: files.manifests, ruleSet: project.ruleSet, root: "/r",
                                    reportScope: .paths([file]), threads: 2)
            #expect(alone.violations == whole.violations.filter { $0.file == file }, "\(file)")
        }
    }

    /// A use in a type that adopts a protocol folds into the protocol's finding about the same
    /// type (`foldedGroups`). A run of either file alone must find what the whole run finds
    /// there: the protocol's finding with the adopter's use among its sites, and no finding of
    /// its own at the adopter's use (both went wrong before the scope took in adopters and
    /// adopted protocols).
    @Test func aFoldedUseIsTheSameInARunOfItsFileAlone() throws {
        let project: [(path: String, source: String)] = [
            ("Entities/PostModel.swift", """
            import Foundation

            struct PostModel {
                let id: Int
                let title: String
            }
            """),
            ("PostList/Interactor/PostListInteractor.swift", """
            import Foundation

            final class PostListInteractor: PostListInteractorInputProtocol {
                weak var presenter: PostListInteractorOutputProtocol?

                func retrievePosts() {
                    presenter?.didRetrievePosts([PostModel(id: 1, title: "First")])
                }
            }
            """),
            ("PostList/Presenter/PostListPresenter.swift", """
            import Foundation

            final class PostListPresenter: PostListPresenterProtocol, PostListInteractorOutputProtocol {
                weak var view: PostListViewProtocol?
                var interactor: PostListInteractorInputProtocol?
                var router: PostListRouterProtocol?

                func viewDidLoad() {
                    interactor?.retrievePosts()
                }

                func didRetrievePosts(_ posts: [PostModel]) {
                    view?.showPosts(with: posts)
                }
            }
            """),
            ("PostList/Protocols/PostListProtocols.swift", """
            import UIKit

            protocol PostListViewProtocol: AnyObject {
                func showPosts(with posts: [PostModel])
            }

            protocol PostListPresenterProtocol: AnyObject {
                func viewDidLoad()
            }

            protocol PostListInteractorInputProtocol: AnyObject {
                func retrievePosts()
            }

            protocol PostListInteractorOutputProtocol: AnyObject {
                func didRetrievePosts(_ posts: [PostModel])
            }

            protocol PostListRouterProtocol: AnyObject {
                func presentDetail(from view: PostListViewProtocol)
            }
            """),
            ("PostList/Router/PostListRouter.swift", """
            import UIKit

            final class PostListRouter: PostListRouterProtocol {
                func presentDetail(from view: PostListViewProtocol) {}
            }
            """),
            ("PostList/View/PostListView.swift", """
            import UIKit

            final class PostListView: UIViewController, PostListViewProtocol {
                var presenter: PostListPresenterProtocol?
                private var rows: [String] = []

                override func viewDidLoad() {
                    super.viewDidLoad()
                    presenter?.viewDidLoad()
                }

                func showPosts(with posts: [PostModel]) {
                    rows = posts.map { $0.title }
                }
            }
            """),
        ]
        let (sources, manifests) = TestProject.sources(project)
        let ruleSet = ConfigurationLoader.defaultRuleSet
        let whole = Linter.lint(sources: sources, manifests: manifests, ruleSet: ruleSet, root: "/r", threads: 2)
        #expect(whole.violations.contains { violation in
            violation.file == "PostList/Protocols/PostListProtocols.swift" && violation.related.contains { $0.file == "PostList/View/PostListView.swift" }
        })
        for file in sources.map(\.relativePath) {
            let alone = Linter.lint(sources: sources, manifests: manifests, ruleSet: ruleSet, root: "/r", reportScope: .paths([file]), threads: 2)
            #expect(alone.violations == whole.violations.filter { $0.file == file }, "\(file)")
        }
    }

    @Test func theCommandLineGivesTheSameBytesOnOneThreadOrMany() throws {
        for format in ["text", "json", "sarif"] {
            let one = try CLI.run(["lint", "Fixtures/RealWorld", "--threads", "1", "--no-cache", "--report", format])
            let many = try CLI.run(["lint", "Fixtures/RealWorld", "--threads", "4", "--no-cache", "--report", format])
            #expect(one.status == 1)
            #expect(one.stdout == many.stdout, "\(format)")
        }
    }

    /// Every entry under a folder (folders too) with its bytes and permissions.
    static func tree(_ folder: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            let full = folder.appendingPathComponent(path).path
            let attributes = try FileManager.default.attributesOfItem(atPath: full)
            let mode = (attributes[.posixPermissions] as? Int).map { String($0, radix: 8) } ?? "?"
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            if attributes[.type] as? FileAttributeType == .typeDirectory {
                result[path] = "dir \(mode)"
            } else {
                let digest = FileManager.default.contents(atPath: full).map { data -> String in
                    var hash = StableHash()
                    hash.combine(bytes: data)
                    return "\(hash.hex) \(data.count)"
                } ?? "unreadable"
                result[path] = "\(mode) \(modified) \(digest)"
            }
        }
        return result
    }

    @Test func noSubcommandWritesIntoTheLintedSources() throws {
        let fixture = Paths.fixture("ClassicVIPER").path
        let outside = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: outside) }
        let elsewhere = outside.path
        let runs: [[String]] = [
            ["lint", fixture],
            ["lint", fixture, "--strict", "--quiet"],
            ["lint", "\(fixture)/Modules/Home/HomeInteractor.swift"],
        ] + ReporterRegistry.names.filter { $0 != TextReporter.name }.map { ["lint", fixture, "--report", $0] } + [
            ["lint", fixture, "--report", "sarif:\(elsewhere)/r.sarif", "--report", "json:\(elsewhere)/r.json"],
            ["lint", fixture, "--write-baseline", "\(elsewhere)/baseline.json"],
            ["lint", fixture, "--baseline", "\(elsewhere)/baseline.json"],
            ["lint", fixture, "--cache-path", "\(elsewhere)/cache", "--verbose"],
            ["lint", fixture, "--no-cache", "--threads", "1"],
            ["graph", fixture],
            ["graph", fixture, "--level", "layer", "--format", "mermaid"],
            ["graph", fixture, "--format", "json"],
            ["lint", fixture, "--report", "html:\(elsewhere)/r.html"],
            ["classify", fixture],
            ["classify", fixture, "--format", "json"],
            ["rules"],
            ["rules", "forbidden-import"],
            ["config", fixture],
            ["config", fixture, "--format", "markdown"],
            ["init", fixture],
            ["init", fixture, "--output", "-"],
            ["init", fixture, "--output", "\(elsewhere)/init.json"],
            ["--help"],
        ]
        let before = try Self.tree(Paths.fixture("ClassicVIPER"))
        #expect(before.count > 30)
        for arguments in runs {
            let output = try CLI.run(arguments)
            #expect([0, 1, 2].contains(output.status), "\(arguments)")
            #expect(try Self.tree(Paths.fixture("ClassicVIPER")) == before, "\(arguments) changed the fixture")
        }
        // What was asked for was written, and only there.
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: elsewhere)) == ["r.sarif", "r.json", "baseline.json", "cache", "init.json", "r.html"])
    }

    @Test func installHookWritesOnlyTheHook() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.copyItem(at: Paths.fixture("CleanSwift"), to: folder)
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "init", "-q", folder.path]
        try git.run()
        git.waitUntilExit()
        try #require(git.terminationStatus == 0)
        let before = try Self.tree(folder)
        let output = try CLI.run(["install-hook", folder.path])
        #expect(output.status == 0)
        var after = try Self.tree(folder)
        #expect(after.removeValue(forKey: ".git/hooks/pre-commit") != nil)
        #expect(after == before)
    }
}
