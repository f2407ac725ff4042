import ArgumentParser
import ViperLintCore

/// `viperlint diff OLD.json NEW.json`: the findings a change added and removed.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "List the findings added and removed between two JSON reports (for pull-request comments).",
        discussion: """
            Both files are reports of 'viperlint lint --report json'. Findings are matched by fingerprint \
            (rule, file, symbol and source line), so code that only moved is neither added nor removed; \
            a known finding with a further use the old report did not list is added. \
            Exit status: 0, or 1 with --fail-on-added when an error finding was added; 2 when a report cannot be read.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, markdown, json }

    @Argument(help: "The report before the change (e.g. of the target branch).")
    var old: String

    @Argument(help: "The report after the change.")
    var new: String

    @Option(name: .long, help: "Output format: text, markdown or json.")
    var format: Format = .text

    @Flag(name: .long, help: "Exit 1 when the new report has error findings the old one did not.")
    var failOnAdded = false

    func run() throws {
        let diff = try Console.failingWithExitCode2 {
            ReportDiff(old: try ReportDiff.findings(inReportAt: old), new: try ReportDiff.findings(inReportAt: new))
        }
        switch format {
        case .text: Console.output(diff.text())
        case .markdown: Console.output(diff.markdown())
        case .json: Console.output(diff.json())
        }
        if failOnAdded && diff.added.contains(where: { $0.severity == "error" }) { throw Console.violations }
    }
}
