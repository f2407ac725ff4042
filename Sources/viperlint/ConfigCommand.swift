import ArgumentParser
import Foundation
import ViperLintCore

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the configuration in effect for a project (its .viperlint.json over its preset), every key spelled out."
    )

    @Argument(help: "Project folder (default: the current folder).")
    var path: String?

    @Option(name: .long, help: "Configuration file to use instead of the nearest .viperlint.json.")
    var config: String?

    @Option(name: .long, help: "Print a built-in preset instead of a project's configuration.")
    var preset: Preset?

    func run() throws {
        if let preset {
            Console.output(RuleSetEncoder.encode(preset.ruleSet, extends: preset).rendered())
            return
        }
        let project = try Console.failingWithExitCode2 {
            try Project.locate(paths: path.map { [$0] } ?? [], configuration: config)
        }
        Console.output(RuleSetEncoder.encode(project.ruleSet).rendered())
    }
}
