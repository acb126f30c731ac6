import CSQLite
import Foundation

/// How long a connection waits for another connection's lock, and since when it has been waiting.
///
/// SQLite's own busy timeout (`sqlite3_busy_timeout`) sleeps 1, 2, 5, … then 100 ms between tries, so a
/// writer that has waited a while notices the other process's commit up to 100 ms late. Two shards of a
/// batch job take the write turn one after the other all the time (one commit a document each), and
/// those late wake-ups were time neither process worked. `pollingBusyHandler` tries again every
/// millisecond instead (a fifth of that for the first few tries), up to the same timeout.
// Not Sendable: it belongs to its connection, whose thread alone calls the handler (SQLite calls it
// from inside the statement that met the lock).
final class BusyWait {
    /// How long one wait may last before the statement fails as busy.
    var timeoutNanoseconds: UInt64
    /// When the current wait began (the handler's first call for it).
    var start: UInt64 = 0

    init(timeoutNanoseconds: UInt64) {
        self.timeoutNanoseconds = timeoutNanoseconds
    }
}

/// The busy handler of every connection: `context` is its `BusyWait`; `count` is how often it was called
/// for the current wait. Returns nonzero to have SQLite try again, zero to give up (SQLITE_BUSY).
let pollingBusyHandler: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = { context, count in
    guard let context else { return 0 }
    let wait = Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue()
    let now = DispatchTime.now().uptimeNanoseconds
    if count == 0 { wait.start = now }
    guard now - wait.start < wait.timeoutNanoseconds else { return 0 }
    usleep(count < 10 ? 200 : 1_000)
    return 1
}
