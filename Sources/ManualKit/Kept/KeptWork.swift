import Foundation
import ManualIndex

/// Work a question derives from the library, kept in it for the next process (issue 51): a `manual query`
/// process starts with nothing remembered, and what it works out from the whole library (which follow-ups are
/// answerable, the library's topics, what markers call each manual, the words of the manuals' names) grew
/// with the library: at 1,008 manuals the library's topics and the words of its names were half of a
/// question's instructions.
///
/// A value is valid for the library's state (its identity and changes: every document added, removed or moved
/// makes another) and the program that derived it (`ProgramIdentity`), so reading it back gives what working it
/// out again would. Read inside the caller's read transaction; values worked out are written after it ends
/// (`save`), best-effort, without waiting for a writer that holds the library. One per question, on the
/// thread of its `ManualLibrary`.
final class KeptWork {
    let store: Store
    /// The library state the values are valid for.
    let state: String
    /// Values worked out by this process since the last `save`, by kind and key.
    private var found: [String: [String: String]] = [:]

    /// Reads the library's state: call it inside the read transaction the values are derived in.
    init(store: Store) throws {
        self.store = store
        state = "\(try store.libraryID()):\(try store.libraryChanges())"
    }

    private func fullKey(_ key: String) -> String { ProgramIdentity.text + "\u{1}" + key }

    /// The value kept for `key` of `kind`, nil when none is (or it cannot be read).
    func value(kind: String, key: String) -> String? {
        let full = fullKey(key)
        if let value = found[kind]?[full] { return value }
        return (try? store.keptValue(kind: kind, state: state, key: full)) ?? nil
    }

    /// Notes a value worked out by this process, to be kept by `save`.
    func note(kind: String, key: String, value: String) {
        found[kind, default: [:]][fullKey(key)] = value
    }

    /// The value of `kind` kept as JSON, or worked out by `compute` and noted.
    func decoded<T: Codable>(kind: String, _ compute: () throws -> T) rethrows -> T {
        if let text = value(kind: kind, key: ""), let value = try? JSONDecoder().decode(T.self, from: Data(text.utf8)) {
            return value
        }
        let value = try compute()
        note(kind: kind, key: "", value: StableJSON.string(value))
        return value
    }

    /// Writes the values noted since the last save; a library that cannot be written now (read-only, busy,
    /// full) keeps none, and the next process works them out again.
    func save() {
        for kind in found.keys.sorted() {
            try? store.keep(found[kind]!, kind: kind, state: state, waitMilliseconds: 0)
        }
        found = [:]
    }
}
