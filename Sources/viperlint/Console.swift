import ArgumentParser
import Foundation
import ViperLintCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard error output and the documented exit codes.
enum Console {
    /// Violations were found.
    static let violations = ExitCode(1)
    /// viperlint could not do what was asked.
    static let failure = ExitCode(2)

    /// Keeps `value` allocated until the process exits: freeing a large project's index
    /// object by object took a twentieth of a warm run, and the system reclaims it at once.
    static func keepUntilExit(_ value: some Any) {
        _ = Unmanaged.passRetained(KeptValue(value))
    }

    private final class KeptValue {
        let value: Any
        init(_ value: Any) { self.value = value }
    }

    /// Messages quote paths, config values and baseline entries: all printed escaped.
    static func error(_ message: String) {
        emit("error: \(TerminalText.printable(message))\n", to: STDERR_FILENO)
    }

    /// A message of several lines (a configuration's problems): each escaped on its own, the
    /// breaks between them kept.
    static func error(lines: [String]) {
        emit("error: " + lines.map { TerminalText.printable($0) }.joined(separator: "\n  ") + "\n", to: STDERR_FILENO)
    }

    /// Information for the person running the command, on standard error so reports on
    /// standard output stay clean.
    static func note(_ message: String) {
        emit("\(TerminalText.printable(message))\n", to: STDERR_FILENO)
    }

    static func warning(_ message: String) {
        emit("warning: \(TerminalText.printable(message))\n", to: STDERR_FILENO)
    }

    /// The files a run left out: one line counting them by reason (`hint` says how to see
    /// them), or with `listed` (or a single file) a line each.
    static func skipped(_ skipped: [SkippedPath], listed: Bool, hint: String) {
        if listed || skipped.count == 1 {
            for skip in skipped { warning("skipped \(TerminalText.printable(skip.path)): \(skip.reason)") }
        } else if !skipped.isEmpty {
            warning(SkippedPath.summary(of: skipped) + " (\(hint))")
        }
    }

    /// Writes to standard output.
    static func output(_ text: String) {
        emit(text, to: STDOUT_FILENO)
    }

    /// A reader that goes away (`viperlint lint | head -1`) must not kill the run by SIGPIPE:
    /// the exit code is the verdict a CI gate reads, so output stops quietly and the code
    /// stays 0, 1 or 2. Called once, first thing.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Descriptors whose reader has gone; nothing more is written to them.
    nonisolated(unsafe) private static var closed: Set<Int32> = []

    /// Plain `write(2)` in a loop: Foundation's `FileHandle.write` traps on a closed pipe.
    static func emit(_ text: String, to descriptor: Int32) {
        guard !closed.contains(descriptor) else { return }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in write(descriptor, buffer.baseAddress, buffer.count) }
            if written < 0 {
                if errno == EINTR { continue }
                closed.insert(descriptor)
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Runs `body`; an error the user can fix is printed and becomes exit code 2.
    static func failingWithExitCode2<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as MultilineError {
            self.error(lines: error.messageLines)
            throw failure
        } catch let error as LocalizedError {
            self.error(error.errorDescription ?? "\(error)")
            throw failure
        }
    }
}
