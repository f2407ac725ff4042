import ArgumentParser
import Foundation
import ViperLintCore

struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the dependency graph of the project's modules or layers, violating arrows marked.",
        discussion: """
            Each arrow counts the type references from one module (or layer) to another; arrows \
            with findings of the dependency rules, or that the configuration's matrix does not \
            allow, are red and dashed. Render with Graphviz (viperlint graph --format dot | \
            dot -Tsvg > graph.svg) or paste the mermaid output into a ```mermaid block.
            """
    )

    @Argument(help: "Project folder (default: the current folder).")
    var path: String?

    @Option(name: .long, help: "Configuration file to use instead of the nearest .viperlint.json or .viperlint.yml (.yml and .yaml files are read as YAML).")
    var config: String?

    @Option(name: .long, help: "dot, mermaid or json.")
    var format: GraphRenderer.Format = .dot

    @Option(name: .long, help: "module or layer.")
    var level: DependencyGraph.Level = .module

    @Flag(name: .long, help: "Only arrows with findings, not allowed by the configuration, or on a module cycle.")
    var onlyViolations = false

    @Option(name: .long, help: "Only the arrows into and out of this module (or layer), and the nodes they join.")
    var focus: String?

    @OptionGroup var objectiveC: LibclangOptions
    @OptionGroup var cacheOptions: CacheOptions
    @OptionGroup var progressOptions: ProgressOptions

    func run() throws {
        var project = try Console.failingWithExitCode2 {
            try Project.locate(paths: path.map { [$0] } ?? [], configuration: config)
        }
        project.objectiveC = try objectiveC.support()
        let line = progressOptions.line()
        let result = project.lint(cache: cacheOptions.open(), progress: line?.progress, needsIndex: true)
        line?.finish()
        Console.skipped(result.skipped, listed: false, hint: "'viperlint classify' lists them")
        result.notes.forEach(Console.note)
        for folder in result.nestedProjects {
            Console.note("\(TerminalText.printable(folder)) has its own viperlint configuration: another project, not part of this graph (run viperlint there)")
        }
        let graph = DependencyGraph(result: result, ruleSet: result.ruleSet, level: level)
        guard let shown = graph.filtered(onlyViolations: onlyViolations, focus: focus) else {
            let names = graph.nodes.map(\.name)
            Console.error("--focus: no \(level.rawValue) '\(TerminalText.printable(focus ?? ""))' in the graph"
                          + ClosestName.hint(for: focus ?? "", among: names))
            throw Console.failure
        }
        Console.output(GraphRenderer.render(shown, as: format))
    }
}

extension GraphRenderer.Format: ExpressibleByArgument {}
extension DependencyGraph.Level: ExpressibleByArgument {}
