import Foundation

/// One look-up cache for the queries of a process, lent to one caller at a time: the re-ranker of a
/// question and of each of its follow-up checks and the answer stage's sentence meaning cut the same
/// library words into pieces (`wordPieces`), and the analyses of the passages they read stem the same
/// words (`stems`). Each began with an empty cache.
///
/// A caller takes the cache for a while and puts it back; a thread that finds it taken (a server
/// answering two questions at once) works with a new one, so no thread waits for another. A cache only
/// spares look-ups: a word's pieces or term are the same wherever they come from.
// @unchecked Sendable: `kept` is read and written only while `lock` is held, and a cache taken out is
// owned by the taker alone (the stored one is cleared) until it is put back.
final class LentCache<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: Value?
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// The process's cache, or a new one while another caller has it.
    func take() -> Value {
        lock.withLock {
            defer { kept = nil }
            return kept ?? make()
        }
    }

    /// Keeps `cache` (the one taken, grown) for the next caller.
    func putBack(_ cache: Value) {
        lock.withLock { kept = cache }
    }
}

/// The caches lent out by a process's queries.
enum LentCaches {
    static let wordPieces = LentCache { WordPieceCache() }
    /// Words' terms; a new one still finds the terms other threads worked out in `TermsMemo.words`.
    static let stems = LentCache { StemCache(shared: TermsMemo.words) }
}
