/// The id a chunk is stored under: a function of its document's id and its ordinal in the document, so
/// that ids never depend on which process committed first (`--shard`), and a re-processed document's
/// chunks keep theirs. In a library made in one pass, the ids keep the order in which chunks were once
/// numbered one after another (document, then ordinal), so ties between equal scores go the same way.
/// Chunks stored before ids were made this way keep their old, smaller ids.
public enum ChunkID {
    /// Ordinals per document: 2^20, over a million chunks (a 700-page manual has about a thousand).
    public static let perDocument: Int64 = 1 << 20

    /// The id of the chunk at `ordinal` of document `documentID`, nil when the ordinal is out of range.
    public static func of(document documentID: Int64, ordinal: Int) -> Int64? {
        guard ordinal >= 0, Int64(ordinal) < perDocument else { return nil }
        return documentID * perDocument + Int64(ordinal)
    }
}
