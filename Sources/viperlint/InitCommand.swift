import ArgumentParser
import Foundation
import ViperLintCore

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Pick the preset that fits a project and write a minimal .viperlint.json.",
        discussion: """
            Prints the evidence for each preset, the folder names the preset does not know \
            yet and the extra roles it saw, then writes the preset plus only the changes needed. \
            It never replaces an existing file without --force. A folder with no source file \
            to lint gets no configuration (exit 2).
            """
    )

    @Argument(help: "Project folder (default: the current folder).")
    var path: String = "."

    @Option(name: .long, help: "Use this preset instead of the detected one: \(Preset.allCases.map(\.rawValue).joined(separator: ", ")).")
    var preset: Preset?

    @Option(name: .long, help: "Where to write the configuration, as JSON (default: PATH/.viperlint.json; '-' for standard output).")
    var output: String?

    @Flag(name: .long, help: "Write YAML, to PATH/.viperlint.yml by default (an --output ending in .yml or .yaml is YAML too).")
    var yaml = false

    @Flag(name: .long, help: "Replace an existing configuration file.")
    var force = false

    @Flag(name: .long, help: "Also print every arrow between layers (and from a layer to a UI framework) that the preset forbids and some module takes, with its count and what init decided.")
    var explain = false

    @OptionGroup var objectiveC: LibclangOptions
    @OptionGroup var cacheOptions: CacheOptions
    @OptionGroup var progressOptions: ProgressOptions

    func run() throws {
        let root = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            Console.error("no such folder: \(path)")
            throw Console.failure
        }
        let writesYAML = yaml || output.map { $0 != "-" && ConfigurationFormat(path: $0) == .yaml } == true
        let name = writesYAML ? ".viperlint.yml" : ConfigurationLoader.fileName
        let target = output ?? root.appendingPathComponent(name).path
        if target != "-", FileManager.default.fileExists(atPath: target), !force {
            Console.error("\(target) exists; use --force to replace it")
            throw Console.failure
        }
        // Another configuration beside the one written would make two in one folder, an error
        // for every later run: not replaced even with --force, since it is another file.
        if output == nil, let other = ConfigurationLoader.fileNames.filter({ $0 != name }).map({ root.appendingPathComponent($0).path })
            .first(where: { FileManager.default.fileExists(atPath: $0) }) {
            Console.error("\(other) exists: 'viperlint init' writes \(name), and two configuration files in one "
                          + "folder are an error; remove it first, or print the configuration with --output -")
            throw Console.failure
        }
        var project = Project(root: root, configurationFile: nil, ruleSet: ConfigurationLoader.defaultRuleSet, reportScope: .everything)
        project.objectiveC = try objectiveC.support()
        let line = progressOptions.line()
        let proposal = project.proposeConfiguration(preset: preset, cache: cacheOptions.open(), progress: line?.progress)
        line?.finish()
        let result = proposal.detected
        let linted = proposal.linted
        // A configuration judged from no code would only look like a decision.
        if linted.fileCount == 0 {
            let skipped = linted.skipped.isEmpty ? "" : " (" + SkippedPath.summary(of: linted.skipped) + ")"
            Console.error("nothing to judge in \(path): no .swift, .h or .m file to lint\(skipped); no configuration written. "
                          + "Run 'viperlint init' in the folder that holds the app's source")
            throw Console.failure
        }
        let arrows = proposal.arrows
        let conventions = result.conventions
        let invariants = arrows.filter { $0.decision == .invariant }
        var report = ""
        for score in result.scores.sorted(by: { $0.points > $1.points }) {
            report += "\(score.preset.rawValue): \(counted(score.points, "point")) (\(score.reasons.joined(separator: "; ")))\n"
        }
        report += "chosen preset: \(result.preset.rawValue)\(preset == nil ? "" : " (from --preset)")\n"
        if let followed = proposal.followed { report += "the preset follows the code: \(followed)\n" }
        if preset == nil, proposal.followed == nil, let doubt = Self.doubt(about: result) { report += "warning: \(doubt)\n" }
        report += "the pre-commit hook and CI gate with this configuration: \(result.preset.ruleSet.gateDescription)\n"
        for folder in result.customFolders {
            report += "folder '\(folder.name)' holds \(folder.layer.name) types in \(counted(folder.occurrences, "place")): added to layers.\(folder.layer.name).folders\n"
        }
        for role in result.extraRoles {
            report += "\(counted(role.count, "type")) named *\(role.suffix): not a VIPER layer, so they get no layer findings\n"
        }
        if explain { report += TeamConventions.table(arrows) }
        for convention in conventions {
            report += "the team's convention: \(convention.counted): allowed, listed under the configuration's conventions "
                + "(delete the entry to report them again; 'viperlint lint --explain' lists what it spares)\n"
        }
        for invariant in invariants {
            report += "\(invariant.counted): VIPER's own rule, kept: these are findings to fix or baseline, not a convention\n"
        }
        for note in result.notes { report += note + "\n" }
        if !linted.violations.isEmpty { report += Self.adoption(linted.violations) + "\n" }
        let off = RuleRegistry.all.filter { $0.defaultSeverity == .off }.map { $0.id }
        report += "off by default (too often wrong on real apps to be on unasked; see docs/accuracy.md): "
            + off.joined(separator: ", ") + "; turn one on with \"rules\": { \"ID\": \"warning\" }\n"
        Console.emit(report, to: STDERR_FILENO)
        let text = writesYAML ? result.configuration().renderedYAML() : result.configuration().rendered()
        if target == "-" {
            Console.output(text)
        } else {
            try Console.failingWithExitCode2 { try ReportWriter.write(text, to: target) }
            Console.note("wrote \(target)")
        }
    }
}

extension InitCommand {
    /// What the app holds today and the one command that adopts viperlint without a cleanup:
    /// the hook (which refuses only what a commit adds), or a baseline of today's findings.
    static func adoption(_ violations: [Violation]) -> String {
        let errors = violations.filter { $0.severity == .error }.count
        return "today: \(counted(violations.count, "finding")) with the preset alone, before the conventions above are allowed "
            + "(\(errors) at error). To adopt without a cleanup: viperlint install-hook -- --strict (a commit is refused only "
            + "for the findings it adds, warnings included; in CI, viperlint lint --strict --changed-since origin/main does the same "
            + "for a pull request), or record "
            + "today's findings once and hide them everywhere: "
            + "viperlint lint --write-baseline viperlint-baseline.json && viperlint install-hook -- --baseline viperlint-baseline.json"
    }

    /// Why the chosen preset may be wrong, when it may: its evidence is thin, or the runner-up
    /// is close. Nil when the choice is clear.
    static func doubt(about result: PresetDetector.Result) -> String? {
        let ranked = result.scores.sorted { $0.points > $1.points }
        guard let first = ranked.first else { return nil }
        let second = ranked.dropFirst().first
        let thin = first.points <= 3
        let close = second.map { first.points - $0.points <= 2 && $0.points > 0 } ?? false
        guard thin || close else { return nil }
        let why = thin ? "little evidence for '\(first.preset.rawValue)' (\(counted(first.points, "point")))"
            : "'\(first.preset.rawValue)' (\(counted(first.points, "point"))) is close to '\(second!.preset.rawValue)' (\(counted(second!.points, "point")))"
        let names = Preset.allCases.map(\.rawValue).joined(separator: ", ")
        return "unsure which preset fits: \(why). Check the findings of 'viperlint lint', or choose with --preset NAME (\(names))"
    }
}

extension Preset: ExpressibleByArgument {}
