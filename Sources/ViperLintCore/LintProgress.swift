import Foundation

/// Where a run is, for a progress line: the phase and, while parsing, the files done out of
/// the total. The library only counts; the command line decides whether and how to show it.
/// Called from worker threads.
public final class LintProgress: @unchecked Sendable {
    public enum Phase: String, Sendable {
        case parsing = "parsing"
        case classifying = "classifying"
        case checking = "checking rules"
    }

    private let lock = NSLock()
    private var phase = Phase.parsing
    private var done = 0
    private var total = 0
    private let report: @Sendable (Phase, Int, Int) -> Void

    /// `report` gets the phase, the files done and the total (0 for phases without files).
    public init(report: @escaping @Sendable (Phase, Int, Int) -> Void) {
        self.report = report
    }

    func begin(_ phase: Phase, total: Int = 0) {
        lock.lock()
        (self.phase, done, self.total) = (phase, 0, total)
        lock.unlock()
        report(phase, 0, total)
    }

    /// One more file of the current phase is done.
    func advance() {
        lock.lock()
        done += 1
        let (phase, done, total) = (self.phase, self.done, self.total)
        lock.unlock()
        report(phase, done, total)
    }
}
