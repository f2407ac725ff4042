import ArgumentParser
import Foundation
import ViperLintCore

struct FixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Apply the mechanical fixes of the findings, safely; list the others as needing a person.",
        discussion: """
            Fixes: 'import UIKit' (or SwiftUI) replaced with what the file still needs when it \
            uses no type of the framework (forbidden-import); a view-state 'var' made \
            'private(set)' when only its own type writes it (state-write-access); a back \
            reference made 'weak' (and its protocol 'AnyObject'-bound) when something else owns \
            the object (weak-back-reference). Edits keep comments, formatting and every byte \
            outside the edited tokens; each file is written in place (its mode, owner, \
            extended attributes and ACLs kept), and only when it is inside the project, was \
            linted, parses, still holds what was read, and parses after the edit. Run it on a clean working \
            tree: 'git diff' shows what it did. --dry-run prints the unified diff instead \
            (exit 1 when it would change something), its paths relative to the git work \
            tree's top as 'git diff' writes them ('git apply' there takes it). Without --dry-run, the exit code is the \
            gate's after the fix: 1 while findings at error severity remain.
            """
    )

    @Argument(help: "Files or folders to fix (default: the current folder); the whole project is indexed.")
    var paths: [String] = []

    @Option(name: .long, help: "Configuration file to use instead of the nearest .viperlint.json or .viperlint.yml (.yml and .yaml files are read as YAML).")
    var config: String?

    @Flag(name: .long, help: "Print the unified diff of the fixes on standard output and change no file.")
    var dryRun = false

    @Flag(name: .long, help: "Do not list the findings that need a person.")
    var quiet = false

    @OptionGroup var objectiveC: LibclangOptions
    @OptionGroup var cacheOptions: CacheOptions
    @OptionGroup var progressOptions: ProgressOptions

    func run() throws {
        var project = try Console.failingWithExitCode2 { try Project.locate(paths: paths, configuration: config) }
        project.objectiveC = try objectiveC.support()
        let outcome = FixRun.run(project: project, dryRun: dryRun, cache: cacheOptions.open(), progress: progressOptions)
        if dryRun {
            Console.emit(UnifiedDiff.patch(outcome.report.changes, projectRoot: project.root), to: STDOUT_FILENO)
        }
        FixRun.summarize(outcome, toStandardError: dryRun, listNeedsPerson: !quiet, verb: dryRun ? "would fix" : "fixed")
        if dryRun {
            if !outcome.report.changes.isEmpty { throw Console.violations }
        } else if !outcome.report.unwritten.isEmpty {
            // Some fix could not be written (so none was): the run did not do its job.
            throw Console.failure
        } else if outcome.after?.violations.contains(where: { $0.severity == .error }) == true {
            throw Console.violations
        }
    }
}

/// A fix run shared by `fix` and `lint --fix`: lint with the index, plan, write, lint again.
enum FixRun {
    struct Outcome {
        var report: FixReport
        /// The lint after the files were written (nil for a dry run).
        var after: LintResult?
    }

    static func run(project: Project, dryRun: Bool, cache: FactCache?, progress: ProgressOptions) -> Outcome {
        let line = progress.line()
        let before = project.lint(cache: cache, progress: line?.progress, needsIndex: true)
        line?.finish()
        var report = Fixer.plan(before)
        guard !dryRun else { return Outcome(report: report) }
        Fixer.write(&report)
        let after = report.changes.isEmpty ? before : project.lint(cache: cache, needsIndex: false)
        return Outcome(report: report, after: after)
    }

    /// What was fixed, what needs a person and what was not written, on standard error when
    /// `toStandardError` (a dry run's standard output holds the patch, `lint --fix`'s the reports).
    static func summarize(_ outcome: Outcome, toStandardError: Bool, listNeedsPerson: Bool, verb: String) {
        let report = outcome.report
        var lines: [String] = []
        for change in report.changes {
            for (violation, edit) in change.fixed {
                lines.append("\(TerminalText.printable(violation.file)):\(violation.line):\(violation.column): \(verb) [\(violation.rule)]: \(edit)")
            }
        }
        for (file, reason) in report.unwritten {
            lines.append("\(TerminalText.printable(file)): not written: \(reason)")
        }
        if listNeedsPerson {
            for refusal in report.needsPerson {
                let violation = refusal.violation
                lines.append("\(TerminalText.printable(violation.file)):\(violation.line):\(violation.column): needs a person [\(violation.rule)]: "
                             + TerminalText.printable(refusal.reason))
            }
        }
        let fixedFiles = report.changes.count
        var summary = "\(verb) \(counted(report.fixedCount, "finding")) in \(counted(fixedFiles, "file")); "
            + "\(counted(report.needsPerson.count, "finding")) \(report.needsPerson.count == 1 ? "needs" : "need") a person"
        if !report.unwritten.isEmpty { summary += "; \(counted(report.unwritten.count, "file")) not written" }
        if let after = outcome.after, !report.changes.isEmpty {
            let errors = after.violations.filter { $0.severity == .error }.count
            summary += "; after the fix: \(counted(errors, "error")), \(counted(after.violations.count - errors, "warning")) (git diff shows the changes)"
        }
        lines.append(summary)
        Console.emit(lines.joined(separator: "\n") + "\n", to: toStandardError ? STDERR_FILENO : STDOUT_FILENO)
    }
}
