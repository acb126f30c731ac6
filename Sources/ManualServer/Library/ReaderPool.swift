import Foundation
import ManualKit

/// A few read connections to the library, each used by one request at a time. SQLite in WAL mode lets
/// them all read while a writer commits; each question runs in one read transaction, so no request ever
/// sees half of a document.
// @unchecked Sendable: `idle` is read and written only while `lock` is held (an `NSLock`, which
// ThreadSanitizer follows; it does not see the futex inside a `Mutex`), and a connection taken out is
// used by the borrowing thread alone until it is put back.
final class ReaderPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [ManualLibrary]
    private let available: DispatchSemaphore

    init(path: String, pipeline: PipelineSettings, count: Int) throws {
        let count = max(1, count)
        var libraries: [ManualLibrary] = []
        for _ in 0..<count { libraries.append(try ManualLibrary(path: path, pipeline: pipeline, creating: false)) }
        idle = libraries
        available = DispatchSemaphore(value: count)
    }

    /// Runs `body` with a connection of its own, off the network threads.
    func read<T: Sendable>(_ body: @escaping @Sendable (ManualLibrary) throws -> T) async throws -> T {
        try await Blocking.run { [self] in
            available.wait()
            let lent = lock.withLock { idle.removeLast() }
            defer {
                lock.withLock { idle.append(lent) }
                available.signal()
            }
            return try body(lent)
        }
    }
}
