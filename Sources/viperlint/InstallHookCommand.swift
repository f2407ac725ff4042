import ArgumentParser
import Foundation
import ViperLintCore

struct InstallHookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install-hook",
        abstract: "Write a git pre-commit hook that lints the staged Swift files (for teams without the pre-commit framework)."
    )

    @Argument(help: "A folder inside the git repository (default: the current folder).")
    var path: String = "."

    @Flag(name: .long, help: "Replace an existing pre-commit hook.")
    var force = false

    func run() throws {
        let folder = URL(fileURLWithPath: path).standardizedFileURL
        let hooks = try Console.failingWithExitCode2 { try GitChanges.hooksFolder(of: folder) }
        let hook = hooks.appendingPathComponent("pre-commit")
        if FileManager.default.fileExists(atPath: hook.path), !force {
            Console.error("\(hook.path) exists; use --force to replace it")
            throw Console.failure
        }
        try Console.failingWithExitCode2 {
            try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
            try ReportWriter.write(Self.script(fallback: Self.currentExecutable()), to: hook.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
        }
        Console.note("installed \(hook.path): commits with viperlint errors in their Swift files are refused")
    }

    /// The hook: `viperlint` from PATH, else the binary that installed it.
    static func script(fallback: String) -> String {
        """
        #!/bin/sh
        # viperlint pre-commit hook, written by `viperlint install-hook`.
        # Lints the staged Swift files against the whole project; errors refuse the commit.
        if command -v viperlint >/dev/null 2>&1; then
          exec viperlint lint --staged --quiet
        fi
        exec '\(fallback.replacingOccurrences(of: "'", with: "'\\''"))' lint --staged --quiet

        """
    }

    static func currentExecutable() -> String {
        let argument = CommandLine.arguments.first ?? "viperlint"
        return URL(fileURLWithPath: argument).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
