import ArgumentParser
import ViperLintCore

/// `viperlint version`: what `--version` prints, under the name SwiftLint users type.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version", abstract: "Print viperlint's version (the same as --version).")

    func run() {
        Console.output(ViperLint.version + "\n")
    }
}
