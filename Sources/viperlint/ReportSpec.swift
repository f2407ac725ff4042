import ArgumentParser
import Foundation
import ViperLintCore

/// `--report FORMAT[:FILE]`: a format and where to write it (standard output without FILE).
struct ReportSpec: ExpressibleByArgument, Equatable {
    enum Format: String, CaseIterable {
        case text, json, sarif, checkstyle, junit, github, markdown, html
    }

    var format: Format
    var file: String?

    init?(argument: String) {
        let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let format = Format(rawValue: String(parts[0])) else { return nil }
        self.format = format
        if parts.count == 2 {
            guard !parts[1].isEmpty else { return nil }
            file = String(parts[1])
        }
    }

    static var allValueStrings: [String] { Format.allCases.map(\.rawValue) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// Writes a report file atomically: a reader never sees half a report, and a failed run
/// leaves no partial file behind.
enum ReportWriter {
    /// Fails early, before linting, when a report cannot be written where asked.
    static func checkWritable(_ path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ReportError("cannot write report \(path): folder \(folder) does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw ReportError("cannot write report \(path): folder \(folder) is not writable")
        }
    }

    static func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ReportError("cannot write report \(path): \(error.localizedDescription)")
        }
    }
}

struct ReportError: Error, LocalizedError {
    var errorDescription: String?
    init(_ message: String) { errorDescription = message }
}
