import Foundation

/// A value shared between threads, read and written only under an `NSLock`.
///
/// Used instead of the standard library's `Mutex`, whose futex ThreadSanitizer cannot follow: every
/// access under a `Mutex` from two threads showed as a data race in the sanitizer run
/// (`scripts/lib/thread-sanitizer.sh`), which fails CI, and whether it showed depended on timing.
/// `NSLock` is a pthread mutex, which the sanitizer understands.
// @unchecked Sendable: `value` is read and written only inside `withLock`, while `lock` is held.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held; the value must not escape `body`.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
