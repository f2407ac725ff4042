import Foundation

/// The Swift compiler, to check that a test's sources are real Swift and that a fix's edit
/// compiles (or, for an edit the tool must refuse, does not).
enum Swiftc {
    /// `swiftc` beside the running toolchain's `swift`, or on PATH; nil where there is none.
    static let path: URL? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return directories.map { URL(fileURLWithPath: $0).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Whether the sources, each one file of one module, type-check together.
    static func typechecks(_ sources: [String], with swiftc: URL) throws -> Bool {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var arguments = ["-typecheck"]
        for (index, source) in sources.enumerated() {
            let file = folder.appendingPathComponent("File\(index).swift")
            try source.write(to: file, atomically: true, encoding: .utf8)
            arguments.append(file.path)
        }
        let output = try CLI.run(arguments, in: folder, executable: swiftc)
        return output.status == 0
    }
}
