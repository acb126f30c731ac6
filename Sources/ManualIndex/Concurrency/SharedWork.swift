import Foundation

/// Independent pieces of work done on the calling thread and, while a core is idle, on one helper
/// thread as well. Results come back in index order and each is computed whole by one thread, so
/// they never depend on the thread timing.
package enum SharedWork {
    /// `work(i)` for every `i` in `0..<count`, in order. The helper thread, when there is one, first
    /// calls `helper` to set up its own `work` (its own document, its own caches); when that returns
    /// nil it takes no items. `progress` is called on the calling thread with the number done.
    package static func map<T: Sendable>(count: Int, minimumForHelper: Int = 2,
                                 helper: @escaping @Sendable () -> ((Int) -> T)?,
                                 progress: ((Int) -> Void)? = nil,
                                 _ work: (Int) -> T) -> [T] {
        let shelf = Shelf<T>(count: count)
        if count >= minimumForHelper, ThreadBudget.shared.reserve() {
            shelf.helperStarted()
            Thread.detachNewThread {
                runHelper(on: shelf, setUp: helper)
                // Only now, with the helper's document and caches released, may the caller go on
                // (and the process exit); the core is free again before that.
                ThreadBudget.shared.release()
                shelf.helperFinished()
            }
        }
        var reported = 0
        while let index = shelf.nextIndex() {
            reported = shelf.store(work(index), at: index)
            progress?(reported)
        }
        let results = shelf.finishedResults()
        // The helper may finish the last items after this thread's last report.
        if reported < count { progress?(count) }
        return results
    }

    /// The helper thread's share of the items; what `helper` set up is released on return.
    private static func runHelper<T: Sendable>(on shelf: Shelf<T>, setUp helper: @Sendable () -> ((Int) -> T)?) {
        guard let helperWork = helper() else { return }
        while let index = shelf.nextIndex() { shelf.store(helperWork(index), at: index) }
    }

    /// The items of one `map`, handed out and collected under a lock.
    // @unchecked Sendable: every var is read and written only while `condition` is locked.
    private final class Shelf<T: Sendable>: @unchecked Sendable {
        private let condition = NSCondition()
        private var results: [T?]
        private var next = 0
        private var done = 0
        private var helperRunning = false

        init(count: Int) {
            results = Array(repeating: nil, count: count)
        }

        /// The next item to work on, or nil when all have been handed out.
        func nextIndex() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            guard next < results.count else { return nil }
            next += 1
            return next - 1
        }

        /// Stores a result; returns how many items are done.
        @discardableResult
        func store(_ result: T, at index: Int) -> Int {
            condition.lock()
            defer { condition.unlock() }
            results[index] = result
            done += 1
            return done
        }

        func helperStarted() {
            condition.lock()
            helperRunning = true
            condition.unlock()
        }

        func helperFinished() {
            condition.lock()
            helperRunning = false
            condition.broadcast()
            condition.unlock()
        }

        /// All results, once the helper has finished. Every item handed out was stored by the
        /// thread that took it, so none is missing.
        func finishedResults() -> [T] {
            condition.lock()
            defer { condition.unlock() }
            while helperRunning { condition.wait() }
            return results.map { $0! }
        }
    }
}
