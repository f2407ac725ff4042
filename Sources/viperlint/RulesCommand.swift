import ArgumentParser
import ViperLintCore

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules, or explain one with its examples."
    )

    @Argument(help: "A rule id to explain.")
    var id: String?

    func run() throws {
        guard let id else {
            let width = RuleRegistry.ids.map(\.count).max() ?? 0
            var text = ""
            for rule in RuleRegistry.all {
                let padded = rule.id.padding(toLength: width, withPad: " ", startingAt: 0)
                let severity = rule.defaultSeverity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                text += "\(padded)  \(severity)  \(rule.summary)\n"
            }
            Console.output(text)
            return
        }
        guard let rule = RuleRegistry.type(withID: id) else {
            Console.error("unknown rule '\(id)'\(RuleHelp.hint(for: id)); run 'viperlint rules' for the list")
            throw Console.failure
        }
        Console.output(RuleHelp.explain(rule))
    }
}

enum RuleHelp {
    static func hint(for id: String) -> String {
        ClosestName.hint(for: id, among: RuleRegistry.ids)
    }

    static func explain(_ rule: any Rule.Type) -> String {
        var text = "\(rule.id) (default severity: \(rule.defaultSeverity.rawValue))\n\(rule.summary)\n\n\(rule.rationale)\n"
        if !rule.optionKeys.isEmpty {
            text += "\nOptions: \(rule.optionKeys.joined(separator: ", ")) (see the README's configuration reference)\n"
        }
        text += "\nTriggering examples (↓ marks where the finding is reported):\n"
        text += rule.examples.triggering.map(render).joined()
        text += "\nNon-triggering examples:\n"
        text += rule.examples.nonTriggering.map(render).joined()
        return text
    }

    private static func render(_ example: RuleExample) -> String {
        var text = "\n  - \(example.note)\n"
        for (path, source) in example.files {
            text += "    // \(path)\n"
            text += source.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }.joined(separator: "\n")
            text += "\n"
        }
        if let configuration = example.configuration {
            text += "    // with configuration:\n"
            text += configuration.split(separator: "\n").map { "    \($0)" }.joined(separator: "\n") + "\n"
        }
        return text
    }
}
