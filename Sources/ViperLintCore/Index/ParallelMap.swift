import Foundation

/// Maps over an array on worker threads with large stacks, keeping the input order.
///
/// Threads are created with an explicit stack size because parsing and walking deeply
/// nested code recurses; the default secondary-thread stack (512 KiB on macOS) is too small.
enum ParallelMap {
    static let stackSize = 64 << 20

    static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], threads: Int, _ transform: @escaping @Sendable (Input) -> Output
    ) -> [Output] {
        if inputs.isEmpty { return [] }
        let results = ResultSlots<Output>(count: inputs.count)
        let workerCount = max(1, min(threads, inputs.count))
        let group = DispatchGroup()
        for _ in 0..<workerCount {
            group.enter()
            let thread = Thread {
                while let index = results.claimNext() {
                    results.store(transform(inputs[index]), at: index)
                }
                group.leave()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        group.wait()
        return results.values()
    }
}

/// Output slots shared by the workers; each index is claimed by exactly one worker.
private final class ResultSlots<Output>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var slots: [Output?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func claimNext() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < slots.count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ value: Output, at index: Int) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func values() -> [Output] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
