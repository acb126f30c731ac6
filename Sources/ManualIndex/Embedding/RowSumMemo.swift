/// Texts' sums of table rows (`StaticEmbedder.rowSum`), remembered by text for the queries of a process.
///
/// The re-ranker sums every sentence of its candidates for their windows, and the answer stage sums the
/// same sentences again for their meaning (`SentenceMeaning`), in the question's own answer and in each
/// follow-up check: one memo gives both the same numbers once. A sum depends on the text alone (the
/// table is built in), so a remembered one is the one computing would give, bit for bit. Bounded to a
/// few megabytes (5,000 texts of 256 numbers).
package enum RowSumMemo {
    private static let sums = TextMemo<[Float]>(capacity: 5_000)

    /// `text`'s row sum; `cache` keeps the pieces of the words met when it has to be computed.
    package static func sum(_ text: String, embedder: StaticEmbedder, cache: inout WordPieceCache) -> [Float] {
        sums.value(for: text) { embedder.rowSum($0, cache: &cache) }
    }

    /// `text`'s row sum, made from its rows as cut at ingest (`SentencePieces`) when it has to be computed.
    package static func sum(_ text: String, rows: ArraySlice<UInt32>, embedder: StaticEmbedder) -> [Float] {
        sums.value(for: text) { _ in embedder.rowSum(rows: rows) }
    }
}
