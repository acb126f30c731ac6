import Foundation

/// How many threads of this process are processing documents, so a helper thread is only started
/// while a core is idle (a batch ingest already runs one worker per core).
final class ThreadBudget: @unchecked Sendable {
    static let shared = ThreadBudget()
    private let lock = NSLock()
    private var busy = 0
    private var cores = ProcessInfo.processInfo.activeProcessorCount

    /// Caps the threads this process processes documents on (`--jobs N` means N cores at most).
    func limit(to cores: Int) {
        lock.lock()
        self.cores = max(1, cores)
        lock.unlock()
    }

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
