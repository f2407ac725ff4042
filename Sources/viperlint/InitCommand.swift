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
            It never replaces an existing file without --force.
            """
    )

    @Argument(help: "Project folder (default: the current folder).")
    var path: String = "."

    @Option(name: .long, help: "Use this preset instead of the detected one: \(Preset.allCases.map(\.rawValue).joined(separator: ", ")).")
    var preset: Preset?

    @Option(name: .long, help: "Where to write the configuration (default: PATH/.viperlint.json; '-' for standard output).")
    var output: String?

    @Flag(name: .long, help: "Replace an existing configuration file.")
    var force = false

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
        let target = output ?? root.appendingPathComponent(ConfigurationLoader.fileName).path
        if target != "-", FileManager.default.fileExists(atPath: target), !force {
            Console.error("\(target) exists; use --force to replace it")
            throw Console.failure
        }
        var project = Project(root: root, configurationFile: nil, ruleSet: ConfigurationLoader.defaultRuleSet, reportScope: .everything)
        project.objectiveC = try objectiveC.support()
        let line = progressOptions.line()
        var result = project.detectPreset(cache: cacheOptions.open(), progress: line?.progress)
        line?.finish()
        if let preset { result.preset = preset }
        var report = ""
        for score in result.scores.sorted(by: { $0.points > $1.points }) {
            report += "\(score.preset.rawValue): \(score.points) points (\(score.reasons.joined(separator: "; ")))\n"
        }
        report += "chosen preset: \(result.preset.rawValue)\(preset == nil ? "" : " (from --preset)")\n"
        for folder in result.customFolders {
            report += "folder '\(folder.name)' holds \(folder.layer.name) types in \(counted(folder.occurrences, "place")): added to layers.\(folder.layer.name).folders\n"
        }
        for role in result.extraRoles {
            report += "\(counted(role.count, "type")) named *\(role.suffix): not a VIPER layer, so they get no layer findings\n"
        }
        for note in result.notes { report += note + "\n" }
        let off = RuleRegistry.all.filter { $0.defaultSeverity == .off }.map { $0.id }
        report += "off by default (too often wrong on real apps to be on unasked; see README, Accuracy): "
            + off.joined(separator: ", ") + "; turn one on with \"rules\": { \"ID\": \"warning\" }\n"
        Console.emit(report, to: STDERR_FILENO)
        let text = result.configuration().rendered()
        if target == "-" {
            Console.output(text)
        } else {
            try Console.failingWithExitCode2 { try ReportWriter.write(text, to: target) }
            Console.note("wrote \(target)")
        }
    }
}

extension Preset: ExpressibleByArgument {}
