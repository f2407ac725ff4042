import Foundation
import Testing
@testable import ViperLintCore

@Suite struct GraphTests {
    static func classic() throws -> (result: LintResult, ruleSet: RuleSet) {
        let project = try Project.locate(paths: [Paths.fixture("ClassicVIPER").path], configuration: nil)
        return (project.lint(threads: 2), project.ruleSet)
    }

    /// Issue 28: module names come from folder names; `classify`, DOT and Mermaid printed
    /// their control characters raw (an escape sequence repaints the terminal).
    @Test func moduleNamesFromHostileFoldersReachNoOutputRaw() throws {
        let files = [("Mod\u{1B}[2Jx/Mod\u{1B}[2JxPresenter.swift", "final class HomePresenter {}\n"),
                     ("Mod\u{1B}[2Jx/Mod\u{1B}[2JxInteractor.swift", "final class HomeInteractor {}\n")]
        let index = try TestProject.index(files)
        #expect(index.symbols.contains { $0.module.module?.contains("\u{1B}") == true })
        let raw = { (text: String) in text.unicodeScalars.contains { $0 == "\u{1B}" } }
        #expect(!raw(ClassificationReport.text(index)))
        let result = try TestProject.lint(files)
        let graph = DependencyGraph(result: result, ruleSet: try TestProject.ruleSet(nil), level: .module)
        #expect(graph.nodes.contains { raw($0.name) })
        #expect(!raw(GraphRenderer.dot(graph)) && !raw(GraphRenderer.mermaid(graph)))
        #expect(GraphRenderer.dot(graph).contains("types, "))
    }

    /// Issue 29: with `layer-dependency` off, the dashboard drew the matrix's refused arrows
    /// red under a green "Passes" banner. Off, they are "not checked", and the banner says
    /// which rules are off; counts read "1 type", never "1 types".
    @Test func arrowsOfARuleThatIsOffAreNotChecked() throws {
        let files = [("Home/HomeViewController.swift", "import UIKit\nfinal class HomeViewController: UIViewController {\n    var article: Article?\n}\n"),
                     ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                     ("Home/HomeInteractor.swift", "final class HomeInteractor {\n    var article: Article?\n}\n"),
                     ("Entities/Article.swift", "struct Article: Codable {\n    let title: String\n}\n")]
        let configuration = #"{ "version": 1, "rules": { "layer-dependency": "off" } }"#
        let result = try TestProject.lint(files, configuration: configuration)
        let ruleSet = try TestProject.ruleSet(configuration)
        let graph = DependencyGraph(result: result, ruleSet: ruleSet, level: .layer)
        let viewToEntity = try #require(graph.edges.first { $0.from == "View" && $0.to == "Entity" })
        #expect(!viewToEntity.checked && viewToEntity.allowed == nil && !viewToEntity.isViolating)
        let html = HTMLReporter.report(result, context: ReportContext(ruleSet: ruleSet))
        #expect(html.contains("class=\"unchecked\"") && html.contains("dotted: not checked (layer-dependency is off)"))
        #expect(html.contains("Not checked: ") && html.contains("layer-dependency"))
        #expect(html.contains("grey dotted arrows are not checked"))
        let checkedHTML = HTMLReporter.report(try TestProject.lint(files), context: ReportContext(ruleSet: try TestProject.ruleSet(nil)))
        #expect(!checkedHTML.contains("not checked") && !checkedHTML.contains("class=\"unchecked\""))
        // On, the same arrow is refused.
        let checked = DependencyGraph(result: try TestProject.lint(files), ruleSet: try TestProject.ruleSet(nil), level: .layer)
        #expect(checked.edges.first { $0.from == "View" && $0.to == "Entity" }?.isViolating == true)
        let entity = try #require(graph.nodes.first { $0.name == "Entity" })
        #expect(entity.types == 1 && GraphRenderer.dot(graph).contains("1 type, ") && !GraphRenderer.dot(graph).contains("1 types"))
        // Issue 29: dot failed ("trouble in init_rank", "lost edge") on apps whose modules sit in
        // folder clusters with arrows between them, until it ranked the whole graph at once
        // (checked by rendering the module graphs of the twelve corpus apps with dot).
        #expect(GraphRenderer.dot(graph).contains("graph [newrank=true, "))
    }

    @Test func layerGraphFollowsTheArchitecturalOrderAndMarksReportedArrows() throws {
        let (result, ruleSet) = try Self.classic()
        let graph = DependencyGraph(result: result, ruleSet: ruleSet, level: .layer)
        #expect(graph.nodes.map(\.name) == ["View", "ViewModel", "Presenter", "Interactor", "Entity", "Router", "Contracts", "Service"])
        let edge = { (from: String, to: String) in graph.edges.first { $0.from == from && $0.to == to } }
        // The fixture's Views name Entities (two planted layer-dependency findings): red, not allowed.
        let viewToEntity = try #require(edge("View", "Entity"))
        #expect(viewToEntity.violations == 2 && viewToEntity.allowed == false && viewToEntity.isViolating)
        // Presenter -> Entity is in the matrix and nothing was reported on it.
        let presenterToEntity = try #require(edge("Presenter", "Entity"))
        #expect(presenterToEntity.references >= 1 && presenterToEntity.violations == 0 && presenterToEntity.allowed == true)
        #expect(!presenterToEntity.isViolating)
        // Routers build modules: their arrows into the module are allowed.
        #expect(edge("Router", "View")?.allowed == true)
        // Every reported reference finding on a layer arrow is counted on exactly one arrow.
        #expect(graph.edges.map(\.violations).reduce(0, +) > 0)
        #expect(graph.nodes.first { $0.name == "View" }?.findings == result.violations.filter { $0.layer == .view }.count)
    }

    /// Arrows are linked to findings by the findings' structured target, not their wording:
    /// rewording every message changes no graph, and a finding without a target marks no arrow.
    @Test func graphsReadFindingsTargetsNeverTheirMessages() throws {
        let (result, ruleSet) = try Self.classic()
        var reworded = result
        reworded.violations = result.violations.map { violation in
            var copy = violation
            copy.message = "reworded"
            return copy
        }
        var untargeted = result
        untargeted.violations = result.violations.map { violation in
            var copy = violation
            copy.target = nil
            return copy
        }
        for level in [DependencyGraph.Level.layer, .module] {
            let graph = DependencyGraph(result: result, ruleSet: ruleSet, level: level)
            #expect(graph.edges.contains { $0.violations > 0 })
            #expect(GraphRenderer.json(DependencyGraph(result: reworded, ruleSet: ruleSet, level: level)) == GraphRenderer.json(graph))
            #expect(DependencyGraph(result: untargeted, ruleSet: ruleSet, level: level).edges.allSatisfy { $0.violations == 0 })
        }
        #expect(result.violations.contains { $0.rule == ConcreteDependencyRule.id && $0.target?.type == "CatalogPresenter" && $0.target?.layer == .presenter })
    }

    @Test func modulesClusterByTheirFolderSharedCodeIsMarkedAndGraphsNarrowToWhatMatters() throws {
        let (result, ruleSet) = try Self.classic()
        let graph = DependencyGraph(result: result, ruleSet: ruleSet, level: .module)
        let node = { (name: String) in graph.nodes.first { $0.name == name } }
        #expect(node("Home")?.group == "Modules" && node("Catalog")?.group == "Legacy")
        // Settings has no View, Presenter, Interactor or Router of its own: shared code.
        #expect(node("Settings")?.isShared == true && node("Home")?.isShared == false)
        let dot = GraphRenderer.dot(graph)
        #expect(dot.contains("subgraph \"cluster_1\" {\n    label=\"Modules/\";"))
        #expect(dot.contains("\"Settings\" [label=\"Settings (shared)\\n"))

        let violating = try #require(graph.filtered(onlyViolations: true, focus: nil))
        #expect(!violating.edges.isEmpty && violating.edges.allSatisfy { $0.isViolating || $0.inCycle })
        #expect(Set(violating.nodes.map(\.name)) == Set(violating.edges.flatMap { [$0.from, $0.to] }))
        #expect(!violating.nodes.contains { $0.name == "Settings" })
        let focused = try #require(graph.filtered(onlyViolations: false, focus: "Profile"))
        #expect(focused.edges.map { "\($0.from)->\($0.to)" } == ["Profile->ArticleDetail"])
        #expect(focused.nodes.map(\.name) == ["ArticleDetail", "Profile"])
        #expect(graph.filtered(onlyViolations: false, focus: "Nowhere") == nil)
        #expect(graph.filtered(onlyViolations: false, focus: nil) == graph)

        let unknown = try CLI.run(["graph", Paths.fixture("ClassicVIPER").path, "--focus", "Hom"])
        #expect(unknown.status == 2 && unknown.stderr.contains("no module 'Hom' in the graph; did you mean 'Home'?"))
    }

    /// No rule is special to the graph or the dashboard: their code names no rule id.
    @Test func graphAndDashboardCodeNameNoRule() throws {
        let sources = ["Graph/DependencyGraph.swift", "Graph/GraphRenderer.swift", "Reporting/HTMLReporter.swift", "Reporting/LayerGraphSVG.swift"]
        for source in sources {
            let text = try String(contentsOf: Paths.packageRoot.appendingPathComponent("Sources/ViperLintCore/\(source)"), encoding: .utf8)
            for rule in RuleRegistry.all {
                #expect(!text.contains("\"\(rule.id)\"") && !text.contains("\(String(describing: rule)).id"), "\(source) names \(rule.id)")
            }
        }
    }

    @Test func moduleGraphMarksCyclesAndCrossModuleFindings() throws {
        let (result, ruleSet) = try Self.classic()
        let graph = DependencyGraph(result: result, ruleSet: ruleSet, level: .module)
        let edge = { (from: String, to: String) in graph.edges.first { $0.from == from && $0.to == to } }
        #expect(edge("ArticleDetail", "Search")?.inCycle == true)
        #expect(edge("Search", "ArticleDetail")?.inCycle == true)
        // Home opens ArticleDetail through its builder: an arrow of the graph, on no cycle.
        #expect(edge("Home", "ArticleDetail")?.inCycle == false)
        #expect(edge("Profile", "ArticleDetail")?.violations == 1)
        #expect(edge("Profile", "ArticleDetail")?.inCycle == false)
        #expect(graph.edges.allSatisfy { $0.allowed == nil })
    }

    /// Cycle arrows are those of the cycles reported as findings: arrows that merely lie in a
    /// strongly connected part (most of a large app's) are not marked, and without the
    /// module-cycle findings nothing is.
    @Test func cycleArrowsAreTheReportedCycles() throws {
        let (result, ruleSet) = try Self.classic()
        let reported = DependencyGraph(result: result, ruleSet: ruleSet, level: .module)
        #expect(reported.edges.filter(\.inCycle).map { "\($0.from)->\($0.to)" } == ["ArticleDetail->Search", "Search->ArticleDetail"])
        var unreported = result
        unreported.violations = result.violations.filter { $0.cycle == nil }
        let quiet = DependencyGraph(result: unreported, ruleSet: ruleSet, level: .module)
        #expect(quiet.edges.contains { $0.from == "Search" && $0.to == "ArticleDetail" } && !quiet.edges.contains(where: \.inCycle))
    }

    @Test func aSmallProjectGivesExactlyItsArrows() throws {
        let result = try TestProject.lint([
            ("Home/HomeView.swift", "final class HomeView { var presenter: HomeViewOutput?; var item: HomeItem? }\nprotocol HomeViewInput: AnyObject {}\n"),
            ("Home/HomePresenter.swift", "protocol HomeViewOutput: AnyObject {}\nfinal class HomePresenter: HomeViewOutput { weak var view: HomeViewInput?; var interactor: HomeInteractor? }\n"),
            ("Home/HomeInteractor.swift", "final class HomeInteractor { weak var output: HomePresenter?; var items: [HomeItem] = [] }\n"),
            // An entity by its file's name only: the Interactor's use of it is the evidence.
            ("Home/HomeEntity.swift", "struct HomeItem {}\n"),
        ], configuration: TestProject.gate())
        let graph = DependencyGraph(result: result, ruleSet: ConfigurationLoader.defaultRuleSet, level: .layer)
        let arrows = graph.edges.map { "\($0.from)->\($0.to) \($0.references)/\($0.violations)" }
        #expect(arrows == ["View->Presenter 1/0", "View->Entity 1/1", "Presenter->View 1/0", "Presenter->Interactor 1/1",
                           "Interactor->Presenter 1/1", "Interactor->Entity 1/0"])
    }

    @Test func dotAndMermaidAreWellFormed() throws {
        let (result, ruleSet) = try Self.classic()
        for level in DependencyGraph.Level.allCases {
            let graph = DependencyGraph(result: result, ruleSet: ruleSet, level: level)
            let dot = GraphRenderer.dot(graph)
            let dotLines = dot.split(separator: "\n")
            #expect(dotLines.first == "digraph viperlint {" && dotLines.last == "}")
            #expect(dotLines.filter { $0.contains(" -> ") }.count == graph.edges.count)
            #expect(dotLines.filter { $0.contains("style=dashed") }.count == graph.edges.filter(\.isViolating).count)

            let mermaid = GraphRenderer.mermaid(graph)
            let lines = mermaid.split(separator: "\n").map(String.init)
            #expect(lines.first == (level == .layer ? "flowchart TD" : "flowchart LR"))
            let declared = Set(lines.compactMap { line -> String? in
                guard let bracket = line.firstIndex(of: "["), !line.contains("-->"), !line.contains("-.->") else { return nil }
                return line[..<bracket].trimmingCharacters(in: .whitespaces)
            })
            let arrows = lines.filter { $0.contains("-->") || $0.contains("-.->") }
            #expect(arrows.count == graph.edges.count)
            for arrow in arrows {
                let parts = arrow.trimmingCharacters(in: .whitespaces).split(separator: " ")
                #expect(declared.contains(String(parts.first!)) && declared.contains(String(parts.last!)), "\(arrow)")
            }
            if let style = lines.first(where: { $0.contains("linkStyle") }) {
                let indices = style.split(separator: " ")[1].split(separator: ",").compactMap { Int($0) }
                #expect(indices.count == graph.edges.filter(\.isViolating).count && indices.allSatisfy { $0 < graph.edges.count })
            }
            let json = try JSONSerialization.jsonObject(with: Data(GraphRenderer.json(graph).utf8)) as? [String: Any]
            #expect((json?["edges"] as? [Any])?.count == graph.edges.count)
            #expect((json?["nodes"] as? [Any])?.count == graph.nodes.count)
        }
    }

    @Test func namesWithQuotesAndNewlinesStayInsideTheirLabels() {
        let graph = DependencyGraph(level: .module, nodes: [.init(name: "Odd \"Name\"\n<x>", types: 1, findings: 0), .init(name: "B", types: 1, findings: 1)],
                                    edges: [.init(from: "Odd \"Name\"\n<x>", to: "B", references: 2, violations: 1, allowed: nil, inCycle: false)])
        let dot = GraphRenderer.dot(graph)
        #expect(dot.contains(#""Odd \"Name\"\n<x>" -> "B""#))
        #expect(!GraphRenderer.mermaid(graph).contains("\"Name\""))
    }

    /// With Graphviz installed (`.ci/run` installs it), `dot` must accept both levels.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dot"), "Graphviz is not installed"))
    func graphvizRendersTheDotOutput() throws {
        for level in ["module", "layer"] {
            let script = "\"$0\" graph Fixtures/ClassicVIPER --level \(level) --format dot | /usr/bin/dot -Tsvg"
            let output = try CLI.run(["-o", "pipefail", "-c", script, CLI.executable.path], executable: URL(fileURLWithPath: "/bin/bash"))
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout.contains("<svg") && output.stdout.contains(level == "module" ? "ArticleDetail" : "Interactor"))
        }
    }
}
