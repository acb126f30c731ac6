import Foundation
import ManualIndex

extension RowSource where Row: Sendable {
    /// The same rows in the same order, produced on a helper thread while a core is idle, at most `lead`
    /// rows ahead of `forEach`'s body: a commit reads the next chunks from their scratch file and weighs
    /// their keywords while SQLite inserts the last ones. Without an idle core, the rows are produced on
    /// the calling thread as before. The helper has ended before `forEach` returns or throws, so what the
    /// rows are read from is used by one thread at a time.
    package func readingAhead(lead: Int = 64) -> RowSource<Row> {
        RowSource { body throws(StoreError) in
            guard ThreadBudget.shared.reserve() else { return try self.forEach(body) }
            let queue = ReadAheadQueue<Row>(lead: lead)
            Thread { [self] in
                do throws(StoreError) {
                    try self.forEach { row throws(StoreError) in
                        // The reader stopped (its body threw): unwind; the error goes nowhere.
                        guard queue.put(row) else { throw .scratchUnreadable(reason: "no longer read") }
                    }
                    queue.finish(nil)
                } catch {
                    queue.finish(error)
                }
                ThreadBudget.shared.release()
                queue.producerEnded()
            }.start()
            defer { queue.stopAndWait() }
            while let row = try queue.take() { try body(row) }
        }
    }
}

/// The rows a read-ahead thread has produced and the reader has not yet taken.
// @unchecked Sendable: every var is read and written only while `condition` is locked.
private final class ReadAheadQueue<Row: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let lead: Int
    private var rows: [Row] = []
    private var next = 0
    private var finished = false
    private var error: StoreError?
    private var stopped = false
    private var producing = true

    init(lead: Int) {
        self.lead = max(1, lead)
    }

    /// Adds a row, waiting while `lead` rows are waiting; false once the reader has stopped.
    func put(_ row: Row) -> Bool {
        condition.withLock {
            while !stopped && rows.count - next >= lead { condition.wait() }
            guard !stopped else { return false }
            if next == rows.count {
                rows.removeAll(keepingCapacity: true)
                next = 0
            }
            rows.append(row)
            condition.broadcast()
            return true
        }
    }

    /// No more rows: all were produced (nil), or producing them failed.
    func finish(_ error: StoreError?) {
        condition.withLock {
            finished = true
            self.error = error
            condition.broadcast()
        }
    }

    func producerEnded() {
        condition.withLock {
            producing = false
            condition.broadcast()
        }
    }

    /// The next row in order; nil after the last; the producer's error if it failed.
    func take() throws(StoreError) -> Row? {
        condition.lock()
        defer { condition.unlock() }
        while next == rows.count && !finished { condition.wait() }
        if next < rows.count {
            let row = rows[next]
            next += 1
            condition.broadcast()
            return row
        }
        if let error { throw error }
        return nil
    }

    /// Tells the producer to stop and waits until its thread is done with the source.
    func stopAndWait() {
        condition.withLock {
            stopped = true
            condition.broadcast()
            while producing { condition.wait() }
        }
    }
}
