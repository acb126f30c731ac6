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

    /// The value kept for `key` of `kind` as `read` reads its text, or worked out by `compute` and noted as
    /// `write` writes it. A kept text `read` refuses (nil) is worked out again.
    func kept<T>(kind: String, key: String = "", read: (String) -> T?, write: (T) -> String,
                 _ compute: () throws -> T) rethrows -> T {
        if let text = value(kind: kind, key: key), let value = read(text) { return value }
        let value = try compute()
        note(kind: kind, key: key, value: write(value))
        return value
    }

    /// The strings kept as a JSON array for `kind` (`kept`). Read by `FittedJSON`, not `JSONDecoder`: the
    /// decoder's first use in a process (the runtime looking up its generic types) cost more than the rest
    /// of reading a kept value, and marker names at 1,008 manuals are 24 KB of JSON.
    func strings(kind: String, _ compute: () throws -> [String]) rethrows -> [String] {
        try kept(kind: kind, read: { FittedJSON.parse($0)?.strings }, write: { StableJSON.string($0) }, compute)
    }

    /// The strings by key kept as a JSON object for `kind` (see `strings`).
    func stringsByKey(kind: String, _ compute: () throws -> [String: String]) rethrows -> [String: String] {
        try kept(kind: kind, read: { FittedJSON.parse($0)?.stringsByKey }, write: { StableJSON.string($0) }, compute)
    }

    /// The integer kept for `key` of `kind`, as its decimal text (what JSON writes for one).
    func integer(kind: String, key: String = "", _ compute: () throws -> Int) rethrows -> Int {
        try kept(kind: kind, key: key, read: { Int($0) }, write: { String($0) }, compute)
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
