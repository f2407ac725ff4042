import Foundation
import PackagePlugin

/// `swift package lint-architecture [viperlint lint options and paths]`: runs viperlint on the
/// package (or on the paths given) and fails the command when viperlint does.
@main
struct LintArchitecture: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "viperlint")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["lint"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("viperlint found architecture violations or could not run (exit \(process.terminationStatus))")
            exit(process.terminationStatus)
        }
    }
}
