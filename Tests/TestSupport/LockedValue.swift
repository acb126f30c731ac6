import Foundation

/// A value shared by a test's threads, behind an `NSLock`. Tests that run under ThreadSanitizer use it
/// rather than `Synchronization.Mutex`: TSan follows pthread locks, not the futex inside a `Mutex`, and
/// reports a `Mutex`-guarded value as raced (docs/concurrency.md).
// @unchecked Sendable: `value` is read and written only while `lock` is held.
public final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
