import Foundation

/// Set by Ctrl-C (SIGINT) or SIGTERM during a batch: no new document starts, those in flight finish.
enum Interrupt {
    // nonisolated(unsafe): a sig_atomic_t that the signal handler only sets and the batch only reads,
    // the one kind of variable C allows a handler to share.
    nonisolated(unsafe) private static var requested: sig_atomic_t = 0

    static var wasRequested: Bool { requested != 0 }

    /// A second Ctrl-C ends the process at once, as a user pressing it twice expects.
    static func install() {
        let handler: @convention(c) (Int32) -> Void = { signal in
            Interrupt.requested = 1
            Foundation.signal(signal, SIG_DFL)
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        // A parent may have started us with them blocked (a test runner's threads do): unblock them.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
