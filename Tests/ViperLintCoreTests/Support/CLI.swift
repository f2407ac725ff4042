import Foundation
import Testing
@testable import ViperLintCore

/// Runs the built `viperlint` executable.
enum CLI {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let executable: URL = {
        #if os(macOS)
        let folder = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }!.bundleURL.deletingLastPathComponent()
        #else
        let folder = Bundle.main.bundleURL
        #endif
        return folder.appendingPathComponent("viperlint")
    }()

    /// The cache key of the tests (`CacheKey.testing` in process).
    static let testCacheKey = String(repeating: "5a", count: 32)

    /// Runs viperlint (or `executable`, a wrapper such as setpriv) and collects its output.
    static func run(_ arguments: [String], in directory: URL = Paths.packageRoot, executable: URL = executable,
                    environment extra: [String: String?] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        // Keep the tests' fact cache out of the user's cache folder.
        environment["XDG_CACHE_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("viperlint-test-cache").path
        // And the key that authenticates it out of the user's key file (tests of the key file
        // take this away and give a home of their own).
        environment["VIPERLINT_CACHE_KEY"] = testCacheKey
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self))
    }

    /// A new empty folder; the caller removes it.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("viperlint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ files: [String: String], into folder: URL) throws {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }
}

extension CacheKey {
    /// The tests' key: `CLI.run` gives the executable the same one.
    static let testing = CacheKey(hex: CLI.testCacheKey)!
}
