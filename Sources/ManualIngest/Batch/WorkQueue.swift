import Foundation

/// Hands out item indexes to workers and passes their results back in item order, holding at most
/// `capacity` finished results so fast workers cannot pile up documents in memory ahead of the writer.
///
/// In-order commits make document ids and output the same whatever the thread timing.
// @unchecked Sendable: every var is read and written only while `condition` is locked.
final class WorkQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private var next = 0
    private var finishedWorkers = 0
    private var expected = 0
    private var ready: [Int: Result<BatchIngestor.WorkOutcome, Error>] = [:]

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The next item for a worker, or nil when every item has been handed out.
    func nextIndex(limit: Int) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard next < limit else { return nil }
        next += 1
        return next - 1
    }

    /// Passes a finished item to the writer, waiting while the writer is behind.
    func deliver(_ index: Int, _ result: Result<BatchIngestor.WorkOutcome, Error>) {
        condition.lock()
        // The item the writer waits for is always accepted, or a full buffer would deadlock.
        while ready.count >= capacity && index != expected { condition.wait() }
        ready[index] = result
        condition.broadcast()
        condition.unlock()
    }

    func workerFinished() {
        condition.lock()
        finishedWorkers += 1
        condition.broadcast()
        condition.unlock()
    }

    /// The next item in order, or nil once all `workers` have finished and it never came
    /// (the batch was stopped before that item started).
    func take(workers: Int) -> (Int, Result<BatchIngestor.WorkOutcome, Error>)? {
        condition.lock()
        defer { condition.unlock() }
        while ready[expected] == nil && finishedWorkers < workers { condition.wait() }
        guard let result = ready.removeValue(forKey: expected) else { return nil }
        expected += 1
        condition.broadcast()
        return (expected - 1, result)
    }
}
