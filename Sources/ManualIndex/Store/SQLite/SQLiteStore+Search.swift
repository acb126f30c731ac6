import Foundation

/// A chunk found by one retrieval channel, with that channel's raw score.
public struct ChannelHit: Sendable, Equatable {
    public var chunkID: Int64
    public var score: Double

    package init(chunkID: Int64, score: Double) {
        self.chunkID = chunkID
        self.score = score
    }
}

extension SQLiteStore {
    /// Shared WHERE clause for the filters; parameters ?2 (document), ?3 (page), ?4 (section text).
    static let filterClause = """
        (?2 IS NULL OR c.document_id = ?2)
        AND (?3 IS NULL OR (c.first_page <= ?3 AND c.last_page >= ?3))
        AND (?4 IS NULL OR instr(lower(c.heading), lower(?4)) > 0)
        """

    static func filterValues(_ filter: SearchFilter) -> [SQLiteValue] {
        [filter.documentID.map { .integer($0) } ?? .null,
         filter.page.map { .integer(Int64($0)) } ?? .null,
         filter.section.map { .text($0) } ?? .null]
    }

    /// How many chunks pass `filter`: none means every question asked with it would find nothing.
    public func chunkCount(matching filter: SearchFilter) throws(StoreError) -> Int {
        try statement("SELECT count(*) FROM chunks c WHERE \(SQLiteStore.filterClause)")
            .rows([.null] + SQLiteStore.filterValues(filter)) { Int($0.int(0)) }.first ?? 0
    }

    /// Chunks matching an FTS5 expression, best BM25 first; scores are positive (larger is better).
    ///
    /// The heading column weighs twice the body: a section titled "Tire Pressure" is about tire pressure.
    public func keywordHits(match expression: String, filter: SearchFilter, limit: Int) throws(StoreError) -> [ChannelHit] {
        let read: (SQLiteStatement) -> ChannelHit = { ChannelHit(chunkID: $0.int(0), score: $0.double(1)) }
        guard filter != SearchFilter() else {
            // Unfiltered, the index alone ranks: joining chunks would read every matching chunk's row,
            // thousands of them for a common word in a large library.
            return try statement("""
                SELECT rowid, -bm25(chunks_fts, 1.0, 2.0) AS score FROM chunks_fts
                WHERE chunks_fts MATCH ?1 ORDER BY score DESC, rowid LIMIT ?2
                """).rows([.text(expression), .integer(Int64(limit))], read)
        }
        return try statement("""
            SELECT c.id, -bm25(chunks_fts, 1.0, 2.0) AS score
            FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid
            WHERE chunks_fts MATCH ?1 AND \(SQLiteStore.filterClause)
            ORDER BY score DESC, c.id LIMIT ?5
            """).rows([.text(expression)] + SQLiteStore.filterValues(filter) + [.integer(Int64(limit))], read)
    }

    /// How many chunks hold each of `words` in its own spelling (the full-text index's stems keep "colour" and
    /// "color" apart, where the stored terms fold them: `SpellingVariants`). Words are letters only.
    public func chunkCounts(spelling words: [String]) throws(StoreError) -> [String: Int] {
        let count = try statement("SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?1")
        defer { count.reset() }
        var out: [String: Int] = [:]
        for word in Set(words) where !word.isEmpty && word.allSatisfy(\.isLetter) {
            count.bind([.text("\"\(word)\"")])
            out[word] = try count.step() ? Int(count.int(0)) : 0
            count.reset()
        }
        return out
    }

    /// The chunks of `documentID` (within `filter`'s page and section) whose text holds `literal` as written,
    /// case and punctuation included, with their text: where a manual names "-e", which the FTS tokenizer
    /// reads as the letter "e" of every "e.g.".
    public func chunks(of documentID: Int64, containing literal: String,
                       filter: SearchFilter) throws(StoreError) -> [(id: Int64, text: String)] {
        var scoped = filter
        scoped.documentID = documentID
        return try statement("""
            SELECT c.id, c.text FROM chunks c
            WHERE instr(c.text, ?1) > 0 AND \(SQLiteStore.filterClause) ORDER BY c.id
            """).rows([.text(literal)] + SQLiteStore.filterValues(scoped)) { (id: $0.int(0), text: $0.text(1) ?? "") }
    }

    /// Printed labels of a document's pages, keyed by physical number.
    public func pageLabels(documentID: Int64, pages: ClosedRange<Int>) throws(StoreError) -> [Int: String] {
        var labels: [Int: String] = [:]
        let rows = try statement("""
            SELECT number, label FROM pages WHERE document_id = ? AND number BETWEEN ? AND ? AND label IS NOT NULL
            """).rows([.integer(documentID), .integer(Int64(pages.lowerBound)), .integer(Int64(pages.upperBound))]) {
                (Int($0.int(0)), $0.text(1) ?? "")
            }
        for (number, label) in rows { labels[number] = label }
        return labels
    }

    /// Each document's names: its title, file name, and product make and model.
    public func documentNames() throws(StoreError) -> [(id: Int64, names: String)] {
        try statement("SELECT id, title, file_name, coalesce(make, ''), coalesce(model, '') FROM documents ORDER BY id")
            .rows([]) { row in
                (row.int(0), [row.text(1), row.text(2), row.text(3), row.text(4)].compactMap { $0 }.joined(separator: " "))
            }
    }

    /// How many chunks of each document contain `term` (a stemmed term).
    public func chunkCountsByDocument(of term: String) throws(StoreError) -> [Int64: Int] {
        var counts: [Int64: Int] = [:]
        for (document, count) in try statement("SELECT document_id, chunk_count FROM document_terms WHERE term = ?")
            .rows([.text(term)], { ($0.int(0), Int($0.int(1))) }) {
            counts[document] = count
        }
        return counts
    }

    /// How many chunks each of these documents has.
    public func chunkCounts(ofDocuments ids: Set<Int64>) throws(StoreError) -> [Int64: Int] {
        let lookup = try statement("SELECT count(*) FROM chunks WHERE document_id = ?")
        var out: [Int64: Int] = [:]
        for id in ids.sorted() { out[id] = Int(try lookup.rows([.integer(id)], { $0.int(0) }).first ?? 0) }
        return out
    }

    /// The document each of these chunks belongs to, in one statement over a JSON array of the ids (a
    /// question's candidates are a few hundred).
    public func documentIDs(ofChunks ids: [Int64]) throws(StoreError) -> [Int64: Int64] {
        guard !ids.isEmpty else { return [:] }
        var out: [Int64: Int64] = [:]
        for (chunk, document) in try statement("SELECT c.id, c.document_id FROM json_each(?) t JOIN chunks c ON c.id = t.value")
            .rows([.text(StoredJSON.integers(ids))], { ($0.int(0), $0.int(1)) }) {
            out[chunk] = document
        }
        return out
    }

    /// Top-level headings across the library, most common first: what the library covers.
    public func topics(limit: Int) throws(StoreError) -> [String] {
        try statement("""
            SELECT title FROM headings WHERE level = 1 GROUP BY lower(title)
            ORDER BY count(*) DESC, min(document_id), min(ordinal) LIMIT ?
            """).rows([.integer(Int64(limit))]) { $0.text(0) ?? "" }
    }
}
