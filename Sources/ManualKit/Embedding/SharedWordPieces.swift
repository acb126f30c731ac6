import Foundation

/// One `WordPieceCache` for the queries of a process: the re-ranker of a question and of each of its
/// follow-up checks, and the answer stage's sentence meaning, cut the same library words into pieces,
/// and each began with an empty cache (binary searches of the vocabulary for every piece length tried).
///
/// A caller takes the cache for a while and puts it back; a thread that finds it taken (a server
/// answering two questions at once) works with an empty one, so no thread waits for another. The cache
/// only spares look-ups: a word's pieces are the same wherever they come from.
// @unchecked Sendable: `kept` is read and written only while `lock` is held, and a cache taken out is
// owned by the taker alone (the stored one is cleared) until it is put back.
final class SharedWordPieces: @unchecked Sendable {
    static let process = SharedWordPieces()

    private let lock = NSLock()
    private var kept: WordPieceCache?

    /// The process's cache, or an empty one while another caller has it.
    func take() -> WordPieceCache {
        lock.withLock {
            defer { kept = nil }
            return kept ?? WordPieceCache()
        }
    }

    /// Keeps `cache` (the one taken, grown) for the next caller.
    func putBack(_ cache: WordPieceCache) {
        lock.withLock { kept = cache }
    }
}
