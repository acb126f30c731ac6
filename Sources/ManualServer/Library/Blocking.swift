import Dispatch

/// SQLite and poppler calls block their thread. Run them on Dispatch's threads, never on the threads
/// that drive the network (SwiftNIO's event loops) or Swift's cooperative pool, so one slow request
/// never stalls the others.
enum Blocking {
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try body() })
            }
        }
    }
}
