import Foundation

/// How many threads of this process are processing documents, so a helper thread is only started
/// while a core is idle (a batch ingest already runs one worker per core).
final class ThreadBudget: @unchecked Sendable {
    static let shared = ThreadBudget()
    private let lock = NSLock()
    private var busy = 0
    private let cores = ProcessInfo.processInfo.activeProcessorCount

    /// Counts a document being processed on the calling thread, until `leave`.
    func enter() {
        lock.lock()
        busy += 1
        lock.unlock()
    }

    func leave() {
        release()
    }

    /// Takes a core for a helper thread if one is idle.
    func reserve() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard busy < cores else { return false }
        busy += 1
        return true
    }

    func release() {
        lock.lock()
        busy -= 1
        lock.unlock()
    }
}
