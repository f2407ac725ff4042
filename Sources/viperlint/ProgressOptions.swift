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

/// `--progress` / `--no-progress`: a one-line indicator on standard error (files parsed of
/// the total, then the phase) for runs that take more than a second. By default it shows
/// only when standard error is a terminal, `CI` is not set and `TERM` is not `dumb`, so CI
/// logs and redirected output never get it.
struct ProgressOptions: ParsableArguments {
    @Flag(inversion: .prefixedNo, help: "Show a progress line on standard error (default: only on a terminal, never in CI).")
    var progress: Bool?

    /// The progress line to hand to a run, or nil when it is off. `VIPERLINT_PROGRESS_AFTER`
    /// (seconds, default 1) is how long a run goes before the line appears.
    func line(environment: [String: String] = ProcessInfo.processInfo.environment) -> ProgressLine? {
        let onTerminal = isatty(STDERR_FILENO) != 0
        let wanted = progress ?? (onTerminal && environment["CI"] == nil && environment["TERM"] != "dumb")
        let after = environment["VIPERLINT_PROGRESS_AFTER"].flatMap(Double.init).map { max(0, min($0, 3600)) } ?? 1
        return wanted ? ProgressLine(onTerminal: onTerminal, after: after) : nil
    }
}

/// Draws the progress of a run on standard error: redrawn in place on a terminal (at most
/// ten times a second), one line a second otherwise; nothing before `after` seconds.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private let onTerminal: Bool
    private let start = DispatchTime.now().uptimeNanoseconds
    private var lastDrawn: UInt64 = 0
    private var lastPhase: LintProgress.Phase?
    private var shown = false
    private let delay: UInt64

    init(onTerminal: Bool, after seconds: Double) {
        self.onTerminal = onTerminal
        delay = UInt64(seconds * 1e9)
    }

    var progress: LintProgress {
        LintProgress { [self] phase, done, total in draw(phase, done, total) }
    }

    private func draw(_ phase: LintProgress.Phase, _ done: Int, _ total: Int) {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.lock()
        defer { lock.unlock() }
        let interval: UInt64 = onTerminal ? 100_000_000 : 1_000_000_000
        guard now - start >= delay, phase != lastPhase || now - lastDrawn >= interval else { return }
        (lastDrawn, lastPhase, shown) = (now, phase, true)
        let text = "viperlint: \(phase.rawValue)" + (total > 0 ? " \(done)/\(total) files" : "")
        Console.emit(onTerminal ? "\r\u{1B}[2K" + text : text + "\n", to: STDERR_FILENO)
    }

    /// Clears the line before the report is printed.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if shown && onTerminal { Console.emit("\r\u{1B}[2K", to: STDERR_FILENO) }
        shown = false
        lastPhase = nil
    }
}
