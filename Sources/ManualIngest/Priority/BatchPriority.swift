import CProcess
import Foundation

/// Batch work (`ingest`, `reindex`, their extraction workers, the server's uploads) runs at a lower CPU
/// and I/O priority than questions, as `updatedb` does: nice `nice` and the best-effort I/O class at its
/// lowest level (`ioLevel`). On two cores an ingest's workers would otherwise take both from a question
/// asked meanwhile (issue 51: the server's p50 doubled while another process ingested a manual).
///
/// A priority is only ever lowered (a process started under `nice -n 19` keeps 19), and an unprivileged
/// process cannot raise it again, so it is set on whole processes (`lowerProcess`) or on a thread that
/// does nothing else (`lowerCurrentThread`: the server's writer). Linux keeps both priorities per thread:
/// threads and worker processes started afterwards inherit them from the thread that starts them.
public enum BatchPriority {
    public static let nice: Int32 = 10
    public static let ioLevel: Int32 = 7

    /// Lowers every thread of this process, and so everything they start.
    public static func lowerProcess() {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        for task in tasks.compactMap(Int32.init) { _ = manual_lower_priority(task, nice, ioLevel) }
    }

    /// Lowers the calling thread, and so what it starts.
    public static func lowerCurrentThread() {
        _ = manual_lower_priority(0, nice, ioLevel)
    }

    /// The calling thread's nice value: extraction workers are reused only by threads of the same one.
    static var currentThreadNice: Int32 { manual_thread_nice(0) }
}
