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

    @Argument(parsing: .postTerminator,
              help: "Options for the hook's 'viperlint lint --staged --quiet', after '--': '-- --strict', '-- --baseline viperlint-baseline.json' (paths relative to the repository's top, where git runs hooks).")
    var lintOptions: [String] = []

    /// The options are checked now, as `lint` will read them at every commit: a mistyped one
    /// must fail here, not refuse every commit after.
    func validate() throws {
        do {
            _ = try LintCommand.parse(["--staged", "--quiet"] + lintOptions)
        } catch {
            throw ValidationError("the hook's lint options are not valid: \(LintCommand.message(for: error))")
        }
    }

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
            try ReportWriter.write(Self.script(executable: Self.currentExecutable(), lintOptions: lintOptions), to: hook.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
        }
        let lint = try? LintCommand.parse(["--staged", "--quiet"] + lintOptions)
        let refused = lint?.strict == true ? "viperlint findings (errors and, with --strict, warnings)" : "viperlint errors"
        let counted = lint?.gate == .all ? "findings already there count too (--gate all)"
            : "findings already there at HEAD are shown, not counted ('install-hook --force -- --gate all' counts them)"
        Console.note("installed \(hook.path): a commit is refused when it adds \(refused) to its Swift files; \(counted)")
        // What that means in this project, with its configuration.
        if let project = try? Project.locate(paths: [folder.path], configuration: nil) {
            let source = project.configurationFile.map { "with \($0.lastPathComponent)" }
                ?? "without \(ConfigurationLoader.fileName) (built-in defaults; 'viperlint init' writes one)"
            Console.note("in this project, \(source): \(project.ruleSet.gateDescription)"
                         + (lint?.strict == true ? "; the hook runs with --strict: new warnings are refused too" : ""))
        }
    }

    /// The hook: the binary that installed it (an absolute path, so GUI git clients with a
    /// short PATH find it), else `viperlint` on PATH or in Homebrew's folders, else a message
    /// that says what to do; `lintOptions` are passed on, each quoted for the shell. A refusal
    /// says that the commit was refused and the ways on.
    static func script(executable: String, lintOptions: [String] = []) -> String {
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let options = lintOptions.map { " " + quoted($0) }.joined()
        return """
        #!/bin/sh
        # viperlint pre-commit hook, written by `viperlint install-hook`.
        # Lints the staged Swift files against the whole project; errors the commit adds refuse
        # it (those already there at HEAD are shown, not counted, unless --gate all is given).
        installed=\(quoted(executable))
        viperlint=$installed
        if [ ! -x "$viperlint" ]; then
          PATH="$PATH:/opt/homebrew/bin:/usr/local/bin"
          viperlint=$(command -v viperlint 2>/dev/null)
        fi
        if [ -z "$viperlint" ]; then
          echo "viperlint pre-commit hook: viperlint is not at $installed, on PATH, in /opt/homebrew/bin or in /usr/local/bin." >&2
          echo "Install it (README, Install) and run 'viperlint install-hook --force' again, or commit with --no-verify to skip the check once." >&2
          exit 1
        fi
        "$viperlint" lint --staged --quiet\(options)
        status=$?
        if [ "$status" -eq 1 ]; then
          echo "viperlint: commit refused by the findings above, which it adds. Fix them, suppress one with '// viperlint:disable:next RULE -- why'," >&2
          echo "or skip the check once with 'git commit --no-verify'." >&2
        fi
        exit "$status"

        """
    }

    /// The absolute path of the running binary: argv[0] when it has a folder, else the
    /// first match on PATH (what the shell ran), else what the system says.
    static func currentExecutable() -> String {
        let argument = CommandLine.arguments.first ?? "viperlint"
        if argument.contains("/") {
            return URL(fileURLWithPath: argument).standardizedFileURL.resolvingSymlinksInPath().path
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(argument)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.resolvingSymlinksInPath().path }
        }
        return Bundle.main.executableURL?.resolvingSymlinksInPath().path ?? argument
    }
}
