import Foundation

/// One look-up cache for the queries of a process, lent to one caller at a time: the re-ranker of a
/// question and of each of its follow-up checks and the answer stage's sentence meaning cut the same
/// library words into pieces (`wordPieces`), and the analyses of the passages they read stem the same
/// words (`stems`). Each began with an empty cache.
///
/// A caller takes a cache for a while and puts it back; threads answering at once (a server) each take
/// one of those kept, or a new one when none is left, so no thread waits for another, and up to
/// `LentCache.mostKept` of them stay warm. A cache only spares look-ups: a word's pieces or term are the same
/// wherever they come from.
// @unchecked Sendable: `kept` is read and written only while `lock` is held, and a cache taken out is
// owned by the taker alone (it leaves `kept`) until it is put back.
package final class LentCache<Value>: @unchecked Sendable {
    /// Caches kept between loans: one per thread of a busy server on this kind of machine. More were
    /// only memory: each grows to some thousands of words.
    package static var mostKept: Int { 4 }

    private let lock = NSLock()
    private var kept: [Value] = []
    private let make: @Sendable () -> Value

    package init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// A kept cache, or a new one while every kept one is lent.
    package func take() -> Value {
        lock.withLock { kept.popLast() } ?? make()
    }

    /// Keeps `cache` (the one taken, grown) for the next caller.
    package func putBack(_ cache: Value) {
        lock.withLock {
            if kept.count < LentCache.mostKept { kept.append(cache) }
        }
    }
}

/// The caches lent out by a process's queries.
package enum LentCaches {
    package static let wordPieces = LentCache { WordPieceCache() }
    package static let stems = LentCache { StemCache() }
}
