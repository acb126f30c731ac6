import Foundation
import ManualKit

/// The one connection that adds and removes documents. Uploads and deletes run one after another on
/// its own thread; each document is written in one transaction, so readers see it whole or not at
/// all. (A question's history line is written by the reader that answered it: SQLite serialises
/// those short writes itself.)
///
/// The thread is the server's batch work: unless `lowerPriority` is false it runs at `BatchPriority`
/// (nice 10, lowest best-effort I/O), and so do the extraction workers an upload starts, while the
/// readers that answer questions keep the server's own. A thread of its own, because a priority, once
/// lowered, cannot be raised again by an unprivileged process: Dispatch's shared threads would carry it
/// into other requests.
final class Writer: Sendable {
    private let jobs: SerialThread
    private let library: UncheckedLibrary

    init(path: String, pipeline: PipelineSettings, lowerPriority: Bool = true) throws {
        library = UncheckedLibrary(try ManualLibrary(path: path, pipeline: pipeline, creating: false))
        jobs = SerialThread(name: "manual.serve.writer", lowerPriority: lowerPriority)
    }

    /// Runs `body` on the writer's thread, after every write asked for before it.
    func write<T: Sendable>(_ body: @escaping @Sendable (ManualLibrary) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            jobs.run { [library] in
                continuation.resume(with: Result { try body(library.library) })
            }
        }
    }
}

/// The writer's connection, used only on the writer's thread.
// @unchecked Sendable: `Writer` touches it only from its one thread, one write after another.
struct UncheckedLibrary: @unchecked Sendable {
    let library: ManualLibrary
    init(_ library: ManualLibrary) { self.library = library }
}

/// A thread that runs the closures given to it one after another, in order, for the life of the process.
// @unchecked Sendable: `queue` is read and written only while `condition` is locked.
final class SerialThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [@Sendable () -> Void] = []

    init(name: String, lowerPriority: Bool) {
        let thread = Thread { [self] in
            if lowerPriority { BatchPriority.lowerCurrentThread() }
            while true {
                condition.lock()
                while queue.isEmpty { condition.wait() }
                let job = queue.removeFirst()
                condition.unlock()
                job()
            }
        }
        thread.name = name
        thread.start()
    }

    func run(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        queue.append(job)
        condition.signal()
        condition.unlock()
    }
}
