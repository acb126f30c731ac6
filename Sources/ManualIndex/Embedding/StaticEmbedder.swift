import Foundation

/// The semantic channel's embedder: a text's vector is the L2-normalised mean of the embedding table's
/// rows for its WordPiece pieces (`[UNK]` left out), as the table's distillation defines it.
///
/// No statistics of the library enter a vector, so a chunk's vector depends on its own text alone and a
/// question's on the question alone. An empty text, or one of unknown pieces only, is the zero vector,
/// which is similar to nothing.
public struct StaticEmbedder: Sendable {
    public let tokenizer: WordPieceTokenizer
    public var table: EmbeddingTable { tokenizer.table }
    /// Numbers in every vector.
    public var dimension: Int { table.dimensions }

    public init(tokenizer: WordPieceTokenizer = WordPieceTokenizer()) {
        self.tokenizer = tokenizer
    }

    /// Names the table (by its sha256) and the encoding: stored with every chunk, so vectors made with
    /// another table or encoding show as stale.
    public var fingerprint: String {
        "static-v1;table=\(table.sha256.prefix(16));rows=\(table.rows);dim=\(dimension);mean-l2"
    }

    /// The vector of `text`: `heading + "\n" + text` for a chunk, the question as typed for a query.
    public func embed(_ text: String) -> [Float] {
        var cache = WordPieceCache()
        return embed(text, cache: &cache)
    }

    /// The sum of the table's rows for `text`'s pieces (`[UNK]` left out), in single precision, not
    /// normalised: texts joined by white space add up (pieces never span a space), so a heading's sum or a
    /// run of sentences' is made from their parts. For comparisons made at query time, never stored.
    package func rowSum(_ text: String, cache: inout WordPieceCache) -> [Float] {
        rowSum(rows: rows(of: text, cache: &cache)[...])
    }

    /// `rowSum(_:cache:)` of a text whose rows were cut before (`SentencePieces`): the same rows, added in
    /// the same order, give the same sum.
    package func rowSum(rows: ArraySlice<UInt32>) -> [Float] {
        var sum = [Float](repeating: 0, count: dimension)
        for row in rows { table.accumulate(row: Int(row), into: &sum) }
        return sum
    }

    /// `embed(_:)` for one of many texts: `cache` keeps the pieces of the words seen, for the next.
    package func embed(_ text: String, cache: inout WordPieceCache) -> [Float] {
        embed(rows: rows(of: text, cache: &cache))
    }

    /// The rows of `text`'s pieces, in order, `[UNK]` left out.
    package func rows(of text: String, cache: inout WordPieceCache) -> [UInt32] {
        var rows: [UInt32] = []
        tokenizer.forEachPiece(of: text, cache: &cache) { row in
            if row != tokenizer.unknown { rows.append(UInt32(row)) }
        }
        return rows
    }

    /// The vector of a text whose rows (`rows(of:cache:)`) were cut already: the ingest makes a chunk's
    /// from its heading path's rows and its sentences' (`SentencePieces`), since pieces never span white
    /// space. The same rows in the same order give the same vector, bit for bit.
    package func embed(rows: [UInt32]) -> [Float] {
        var sum = [Double](repeating: 0, count: dimension)
        for row in rows { table.accumulate(row: Int(row), into: &sum) }
        guard !rows.isEmpty else { return [Float](repeating: 0, count: dimension) }
        let norm = sum.reduce(0) { $0 + $1 * $1 }.squareRoot()
        guard norm > 0, norm.isFinite else { return [Float](repeating: 0, count: dimension) }
        return sum.map { Float($0 / norm) }
    }
}
