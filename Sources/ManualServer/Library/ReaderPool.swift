import Foundation
import ManualKit
import Synchronization

/// A few read connections to the library, each used by one request at a time. SQLite in WAL mode lets
/// them all read while a writer commits; each question runs in one read transaction, so no request ever
/// sees half of a document.
final class ReaderPool: Sendable {
    private let idle: Mutex<[ManualLibrary]>
    private let available: DispatchSemaphore

    init(path: String, pipeline: PipelineSettings, count: Int) throws {
        let count = max(1, count)
        var libraries: [ManualLibrary] = []
        for _ in 0..<count { libraries.append(try ManualLibrary(path: path, pipeline: pipeline)) }
        idle = Mutex(libraries)
        available = DispatchSemaphore(value: count)
    }

    /// Runs `body` with a connection of its own, off the network threads.
    func read<T: Sendable>(_ body: @escaping @Sendable (ManualLibrary) throws -> T) async throws -> T {
        try await Blocking.run { [self] in
            available.wait()
            let lent = idle.withLock { UncheckedLibrary($0.removeLast()) }
            defer {
                idle.withLock { $0.append(lent.library) }
                available.signal()
            }
            return try body(lent.library)
        }
    }
}

/// A connection passed between the pool and the one thread that borrowed it.
// @unchecked Sendable: a `ManualLibrary` in `ReaderPool.idle` is touched only under the mutex, and one
// taken out is used by the borrowing thread alone until it is put back.
struct UncheckedLibrary: @unchecked Sendable {
    let library: ManualLibrary
    init(_ library: ManualLibrary) { self.library = library }
}
