/// Work a process derived from the library, kept in it for the next process: text values by kind and key,
/// valid for one state of the library (issue 51: every `manual query` re-checked the same follow-ups).
///
/// The store knows nothing of what the values mean: a caller names a `kind`, a `state` (what the values
/// were derived from, such as the library's identity and changes) and its own keys. Values of a kind kept
/// under another state are never returned, and keeping values under a new state drops the old ones, so the
/// kept work stays as small as one state's, and a kind holds at most `KeptValues.capacityPerKind` values: one
/// that would hold more is emptied first (a server asked ever new questions keeps checking their follow-ups).
/// Keeping is best-effort: it is only a cache.
public protocol KeptValueStore: AnyObject {
    /// The value kept for `key` of `kind` under `state`, nil when none is.
    func keptValue(kind: String, state: String, key: String) throws(StoreError) -> String?

    /// Keeps `values` (by key) of `kind` under `state`, dropping that kind's values of other states; waits at
    /// most `waitMilliseconds` for a writer holding the library, then throws `StoreError.busy`.
    func keep(_ values: [String: String], kind: String, state: String, waitMilliseconds: Int) throws(StoreError)
}

extension KeptValueStore {
    /// A store that keeps nothing is correct, only slower: every value is derived again. Stores that can
    /// keep values implement both requirements.
    public func keptValue(kind: String, state: String, key: String) throws(StoreError) -> String? { nil }

    public func keep(_ values: [String: String], kind: String, state: String, waitMilliseconds: Int) throws(StoreError) {}
}

/// Bounds of what a library keeps (`KeptValueStore`).
public enum KeptValues {
    /// Values of one kind at most: 20,000 follow-up checks are a few megabytes, the checks of thousands of questions.
    public static let capacityPerKind = 20_000
}
