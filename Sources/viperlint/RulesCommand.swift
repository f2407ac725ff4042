import ArgumentParser
import ViperLintCore

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules, or explain one with its examples."
    )

    @Argument(help: "A rule id to explain.")
    var id: String?

    @Option(name: .long, help: "The configuration file whose rules to list (default: the project's .viperlint.json or .viperlint.yml, found from the working folder).")
    var config: String?

    @Flag(name: .long, help: "List the built-in defaults instead of the project's rules.")
    var defaults = false

    @Option(name: .long, help: "text (the default), or markdown: every rule's documentation and examples, as docs/rules.md holds them.")
    var format: RulesFormat = .text

    enum RulesFormat: String, ExpressibleByArgument, CaseIterable {
        case text, markdown
    }

    func validate() throws {
        if format == .markdown, id != nil || config != nil || defaults {
            throw ValidationError("--format markdown documents every rule's defaults: give it no rule id, --config or --defaults")
        }
    }

    func run() throws {
        if format == .markdown {
            Console.output(RuleDocumentation.markdown())
            return
        }
        guard let id else {
            try list()
            return
        }
        guard let rule = RuleRegistry.type(withID: id) else {
            Console.error("unknown rule '\(id)'\(RuleHelp.hint(for: id)); run 'viperlint rules' for the list")
            throw Console.failure
        }
        Console.output(RuleHelp.explain(rule))
    }
}

extension RulesCommand {
    /// The rules in effect in the project the command runs in: each with its severity, where
    /// that comes from, and what it finds, and under it the measurement behind the severity; a
    /// first line names the configuration and counts.
    func list() throws {
        var ruleSet = ConfigurationLoader.defaultRuleSet
        var sources: [String: String] = [:]
        var heading = "Built-in defaults (the 'viper' preset)"
        if !defaults {
            let project = try Console.failingWithExitCode2 { try Project.locate(paths: ["."], configuration: config) }
            if let file = project.configurationFile {
                ruleSet = project.ruleSet
                let text = (try? String(contentsOf: file, encoding: .utf8))
                sources = RuleProvenance.sources(of: ruleSet, configurationText: text, fileName: file.lastPathComponent)
                heading = "Rules of \(file.path)"
            } else {
                heading = "No \(ConfigurationLoader.fileNamesForMessages) here: built-in defaults; 'viperlint lint' picks the preset that fits the code, "
                    + "'viperlint init' writes it"
            }
        }
        var counts: [Severity: Int] = [:]
        for rule in RuleRegistry.all { counts[ruleSet.severity(of: rule.id), default: 0] += 1 }
        var text = "\(heading): \(counts[.error] ?? 0) at error (they fail the run), \(counts[.warning] ?? 0) at warning, \(counts[.off] ?? 0) off\n"
        let width = RuleRegistry.ids.map(\.count).max() ?? 0
        let sourceWidth = max(7, sources.values.map(\.count).max() ?? 0)
        for rule in RuleRegistry.all {
            let padded = rule.id.padding(toLength: width, withPad: " ", startingAt: 0)
            let severity = ruleSet.severity(of: rule.id).rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
            let source = (sources[rule.id] ?? "default").padding(toLength: sourceWidth, withPad: " ", startingAt: 0)
            text += "\(padded)  \(severity)  \(TerminalText.printable(source))  \(rule.summary)\n"
            let measured = ruleSet.rules[rule.id]?.measured ?? rule.measured
            text += String(repeating: " ", count: width + 12) + "measured: \(TerminalText.printable(measured))\n"
        }
        Console.output(text)
    }
}

enum RuleHelp {
    static func hint(for id: String) -> String {
        ClosestName.hint(for: id, among: RuleRegistry.ids)
    }

    static func explain(_ rule: any Rule.Type) -> String {
        var text = "\(rule.id) (default severity: \(rule.defaultSeverity.rawValue); measured: \(rule.measured))\n\(rule.summary)\n\n\(rule.rationale)\n"
        if !rule.optionKeys.isEmpty {
            text += "\nOptions: \(rule.optionKeys.joined(separator: ", ")) (see docs/configuration.md)\n"
        }
        if rule is any FixableRule.Type {
            text += "\n'viperlint fix' makes this fix where the project index proves it safe; the examples show its edits.\n"
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
        for (path, source) in example.fixed {
            text += "    // \(path) after 'viperlint fix':\n"
            text += source.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }.joined(separator: "\n") + "\n"
        }
        return text
    }
}
