import Foundation

/// How many threads of this process are processing documents, so a helper thread is only started
/// while a core is idle (a batch ingest already runs one worker per core).
package final class ThreadBudget: Sendable {
    package static let shared = ThreadBudget()

    private struct State {
        var busy = 0
        var cores = ProcessInfo.processInfo.activeProcessorCount
    }
    private let state = Locked(State())

    /// Caps the threads this process processes documents on (`--jobs N` means N cores at most).
    package func limit(to cores: Int) {
        state.withLock { $0.cores = max(1, cores) }
    }

    /// Counts a document being processed on the calling thread, until `leave`.
    package func enter() {
        state.withLock { $0.busy += 1 }
    }

    package func leave() {
        release()
    }

    /// Takes a core for a helper thread if one is idle.
    package func reserve() -> Bool {
        state.withLock { state in
            guard state.busy < state.cores else { return false }
            state.busy += 1
            return true
        }
    }

    package func release() {
        state.withLock { $0.busy -= 1 }
    }
}
