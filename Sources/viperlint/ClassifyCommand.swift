import ArgumentParser
import Foundation
import ViperLintCore

struct ClassifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classify",
        abstract: "Show the module and layer of every source file and type, and the signal that decided each."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "Project folder (default: the current folder).")
    var path: String?

    @Option(name: .long, help: "Configuration file to use instead of the nearest .viperlint.json or .viperlint.yml (.yml and .yaml files are read as YAML).")
    var config: String?

    @Option(name: .long, help: "Output format: text or json.")
    var format: Format = .text

    @Option(name: .long, help: ArgumentHelp(
        "Explain one type (its simple or qualified name): the evidence for and against its layer and module, what it adopts, who uses it, what it names.",
        valueName: "type"))
    var explain: String?

    @Flag(name: .long, help: "Print the wiring graph instead: each function that creates project types and connects them, and each connection with the strength of the property that holds it.")
    var wiring = false

    @OptionGroup var objectiveC: LibclangOptions
    @OptionGroup var cacheOptions: CacheOptions
    @OptionGroup var progressOptions: ProgressOptions

    func run() throws {
        var project = try Console.failingWithExitCode2 {
            try Project.locate(paths: path.map { [$0] } ?? [], configuration: config)
        }
        project.objectiveC = try objectiveC.support()
        let line = progressOptions.line()
        let (index, skipped, notes) = project.index(cache: cacheOptions.open(), progress: line?.progress)
        line?.finish()
        for skip in skipped { Console.warning("skipped \(TerminalText.printable(skip.path)): \(skip.reason)") }
        notes.forEach(Console.note)
        if wiring {
            Console.output(WiringGraph(index).text())
            return
        }
        if let explain {
            guard let text = ClassificationReport.explain(explain, in: index) else {
                Console.error("no type named '\(TerminalText.printable(explain))' in the project (run 'viperlint classify' to list them)")
                throw ExitCode(2)
            }
            Console.output(text)
            return
        }
        switch format {
        case .text: Console.output(ClassificationReport.text(index))
        case .json: Console.output(ClassificationReport.json(index))
        }
    }
}
