import ArgumentParser
import Foundation
import ViperLintCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--report FORMAT[:FILE]`: a format of `ReporterRegistry` and where to write it (standard
/// output without FILE).
struct ReportSpec: ExpressibleByArgument {
    var reporter: any Reporter.Type
    var file: String?

    init?(argument: String) {
        let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let reporter = ReporterRegistry.named(String(parts[0])) else { return nil }
        self.reporter = reporter
        if parts.count == 2 {
            guard !parts[1].isEmpty else { return nil }
            // `-` is standard output, as for most command-line tools: never a file named "-".
            file = parts[1] == "-" ? nil : String(parts[1])
        }
    }

    static var allValueStrings: [String] { ReporterRegistry.names }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    /// The `--help` text: every format with what it is for.
    static var help: String {
        "Report FORMAT[:FILE]; repeatable. Without FILE (or with '-') the report goes to standard output. Formats: "
            + ReporterRegistry.all.map { "\($0.name), \($0.summary)" }.joined(separator: "; ") + "."
    }
}

/// Writes a report where asked. A regular file (or a new path) is written atomically: a
/// reader never sees half a report, a failed run leaves no partial file, and a symbolic link
/// to a file stays a link. A device, FIFO or socket (`/dev/null`, `>(cat)`, `/dev/stdout`) is
/// written directly: it is never replaced by a file.
enum ReportWriter {
    enum Target: Equatable {
        case standardOutput, standardError
        /// A device, FIFO or socket: opened and written.
        case stream(String)
        /// A regular file or a new path (symbolic links resolved): replaced atomically.
        case file(String)
    }

    /// Where a report path leads, or why it cannot be written.
    static func target(of path: String) throws -> Target {
        switch path {
        case "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1": return .standardOutput
        case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2": return .standardError
        default: break
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            guard errno == ENOENT else {
                throw ReportError("cannot write report \(path): \(String(cString: strerror(errno)))")
            }
            // A new file: its folder must be there and writable (checked before linting).
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ReportError("cannot write report \(path): folder \(folder) does not exist")
            }
            guard FileManager.default.isWritableFile(atPath: folder) else {
                throw ReportError("cannot write report \(path): folder \(folder) is not writable")
            }
            return .file(path)
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw ReportError("cannot write report \(path): it is a folder; give a file name")
        case S_IFREG:
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            let folder = URL(fileURLWithPath: resolved).deletingLastPathComponent().path
            guard FileManager.default.isWritableFile(atPath: folder) else {
                throw ReportError("cannot write report \(path): folder \(folder) is not writable")
            }
            return .file(resolved)
        default:
            return .stream(path)
        }
    }

    /// Fails early, before linting, when a report cannot be written where asked.
    static func checkWritable(_ path: String) throws {
        _ = try target(of: path)
    }

    static func write(_ text: String, to path: String) throws {
        let data = Data(text.utf8)
        do {
            switch try target(of: path) {
            case .standardOutput: FileHandle.standardOutput.write(data)
            case .standardError: FileHandle.standardError.write(data)
            case let .stream(device):
                guard let handle = FileHandle(forWritingAtPath: device) else {
                    throw ReportError("cannot write report \(path): it cannot be opened for writing")
                }
                defer { try? handle.close() }
                try handle.write(contentsOf: data)
            case let .file(file):
                try data.write(to: URL(fileURLWithPath: file), options: .atomic)
            }
        } catch let error as ReportError {
            throw error
        } catch {
            throw ReportError("cannot write report \(path): \(error.localizedDescription)")
        }
    }
}

struct ReportError: Error, LocalizedError {
    var errorDescription: String?
    init(_ message: String) { errorDescription = message }
}
