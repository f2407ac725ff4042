import Foundation
import PackagePlugin

/// Runs viperlint before each build of a target that uses the plugin: its findings appear as
/// build diagnostics (`path:line:column: error: message [rule]`, the form SwiftPM and Xcode
/// show as issues) and an error finding fails the build. The whole project is indexed (the
/// nearest `.viperlint.json` above the target, else the git root); only the target's files are
/// reported. The cache lives in the plugin's work folder, the one place a sandboxed plugin
/// may write, and so does the key that authenticates it (beside the cache, not in it).
@main
struct ViperLintBuildTool: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url).filter { ["swift", "h", "m"].contains($0.pathExtension) }
        guard let folder = Self.commonFolder(of: files) else { return [] }
        return [Self.lint(paths: [folder], tool: try context.tool(named: "viperlint").url,
                          work: context.pluginWorkDirectoryURL, name: target.name)]
    }

    /// The folder holding all of a target's files (its source folder): one argument however
    /// many files the target has.
    static func commonFolder(of files: [URL]) -> String? {
        guard var common = files.first?.deletingLastPathComponent().standardizedFileURL.pathComponents else { return nil }
        for file in files.dropFirst() {
            let components = file.deletingLastPathComponent().standardizedFileURL.pathComponents
            common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
        }
        return NSString.path(withComponents: common)
    }

    /// A prebuild command: it runs on every build (viperlint's cache makes an unchanged project
    /// cost a fraction of a second), and prebuild commands may run a prebuilt tool only.
    static func lint(paths: [String], tool: URL, work: URL, name: String) -> Command {
        .prebuildCommand(
            displayName: "viperlint \(name)",
            executable: tool,
            // One clang-style line per finding (never grouped), so Xcode places each in the editor.
            arguments: ["lint", "--quiet", "--absolute-paths", "--no-progress", "--group-threshold", "0",
                        "--cache-path", work.appendingPathComponent("cache").path, "--"] + paths,
            environment: ["VIPERLINT_CACHE_KEY_FILE": work.appendingPathComponent("cache-key").path],
            outputFilesDirectory: work.appendingPathComponent("output"))
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension ViperLintBuildTool: XcodeBuildToolPlugin {
    /// Xcode targets name their files; the project folder is indexed around them.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.filter { file in
            file.type == .source && ["swift", "h", "m"].contains(file.url.pathExtension)
        }.map(\.url.path)
        guard !files.isEmpty else { return [] }
        return [Self.lint(paths: files, tool: try context.tool(named: "viperlint").url,
                          work: context.pluginWorkDirectoryURL, name: target.displayName)]
    }
}
#endif
