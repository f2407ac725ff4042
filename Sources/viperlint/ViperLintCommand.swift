import ArgumentParser
import ViperLintCore

@main
struct ViperLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "viperlint",
        abstract: "Checks the architecture of VIPER-family Swift projects.",
        discussion: """
            Exit codes: 0 no violation at error severity (none at all with --strict); \
            1 violations; 2 viperlint could not do what was asked (bad configuration, missing \
            path, unwritable report). Usage errors keep the argument parser's code (64).
            """,
        version: ViperLint.version,
        subcommands: [LintCommand.self, FixCommand.self, DiffCommand.self, RulesCommand.self, ClassifyCommand.self, GraphCommand.self, InitCommand.self, ConfigCommand.self, InstallHookCommand.self, VersionCommand.self],
        defaultSubcommand: LintCommand.self
    )

    static func main() {
        Console.ignoreBrokenPipes()
        main(nil)
    }
}
