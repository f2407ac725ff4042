import ArgumentParser
import Foundation
import ViperLintCore

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the configuration in effect for a project (its .viperlint.json or .viperlint.yml over its preset), every key spelled out."
    )

    @Argument(help: "Project folder (default: the current folder).")
    var path: String?

    @Option(name: .long, help: "Configuration file to use instead of the nearest .viperlint.json or .viperlint.yml (.yml and .yaml files are read as YAML).")
    var config: String?

    @Option(name: .long, help: "Print a built-in preset instead of a project's configuration.")
    var preset: Preset?

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, markdown }

    @Option(name: .long, help: "json (the whole configuration) or markdown (the dependency matrix as a table).")
    var format: Format = .json

    func run() throws {
        let ruleSet = try preset?.ruleSet ?? Console.failingWithExitCode2 {
            try Project.locate(paths: path.map { [$0] } ?? [], configuration: config).ruleSet
        }
        switch format {
        case .json: Console.output(RuleSetEncoder.encode(ruleSet, extends: preset).rendered())
        case .markdown: Console.output(MatrixDocumentation.markdown(ruleSet))
        }
    }
}
