import Foundation

/// The keyword channel: FTS5's BM25, computed exactly from the postings.
///
/// FTS5's `bm25(chunks_fts, 1.0, 2.0)` (sqlite3 fts5_aux.c, `fts5Bm25Function`) sums over the phrases of
/// the query, in their order, idf × f × (k1 + 1) / (f + k1 × (1 − b + b × D / avgdl)), with k1 = 1.2,
/// b = 0.75, f the phrase's instances in the chunk (text ×1.0, heading ×2.0), D the chunk's tokens,
/// avgdl the library's tokens over its chunks, and idf = ln((N − n + 0.5) / (n + 0.5)) (1e-6 when not
/// positive) over the n chunks holding the phrase. The SQL below does the same double operations in the
/// same order (`sum(… ORDER BY ord)`), so the scores are FTS5's bit for bit, and a library answers through
/// PostgreSQL as through SQLite. Phrases of several tokens (rare: a word the tokenizer cuts) are counted
/// in Swift from the chunks' tokens and passed in as their own rows.
extension PostgresStore {
    public func keywordHits(match expression: String, filter: SearchFilter, limit: Int) throws(StoreError) -> [ChannelHit] {
        let phrases = try PostgresStore.quotedPhrases(expression).map { phrase throws(StoreError) in try tokenizer().tokens(of: phrase) }
        var single: [String] = []
        var multiOrd: [Int64] = [], multiChunk: [Int64] = [], multiF: [Double] = [], multiLength: [Int64] = []
        for (index, tokens) in phrases.enumerated() {
            single.append(tokens.count == 1 ? tokens[0] : "")
            guard tokens.count > 1 else { continue }
            for hit in try phraseInstances(tokens, filter: SearchFilter()) {
                multiOrd.append(Int64(index + 1)); multiChunk.append(hit.chunkID)
                multiF.append(Double(hit.inText) + 2.0 * Double(hit.inHeading)); multiLength.append(Int64(hit.length))
            }
        }
        let rowsInIndex = try memo("fts_rows") { () throws(StoreError) in
            try connection.query("SELECT value FROM library_state WHERE key = 'fts_rows'").integer
        }
        let tokens = try memo("fts_tokens") { () throws(StoreError) in
            try connection.query("SELECT value FROM library_state WHERE key = 'fts_tokens'").integer
        }
        guard rowsInIndex > 0 else { return [] }
        let averageLength = Double(tokens) / Double(rowsInIndex)
        let filtered = filter != SearchFilter()
        let rows = try connection.query("""
            WITH q AS MATERIALIZED (
                SELECT t.ord::integer AS ord, t.term FROM unnest($1::text[]) WITH ORDINALITY AS t(term, ord) WHERE t.term <> ''
            ), hits AS MATERIALIZED (
                SELECT q.ord, p.chunk_id, p.tf_text::float8 + 2.0::float8 * p.tf_head::float8 AS f, p.len
                FROM q JOIN postings p ON p.term = q.term
                UNION ALL
                SELECT m.ord::integer, m.chunk_id, m.f, m.len
                FROM unnest($2::bigint[], $3::bigint[], $4::float8[], $5::integer[]) AS m(ord, chunk_id, f, len)
            ), idf AS MATERIALIZED (
                SELECT ord, CASE WHEN x <= 0 THEN 1e-6::float8 ELSE x END AS idf FROM (
                    SELECT ord, ln((($6::bigint - count(*))::float8 + 0.5::float8) / (count(*)::float8 + 0.5::float8)) AS x
                    FROM hits GROUP BY ord) counted
            )
            SELECT r.chunk_id, r.score, c.heading_path, c.text, c.passage_terms FROM (
            SELECT h.chunk_id, sum(i.idf * ((h.f * (1.2::float8 + 1.0::float8))
                / (h.f + 1.2::float8 * (1.0::float8 - 0.75::float8 + 0.75::float8 * h.len::float8 / $7::float8))) ORDER BY h.ord) AS score
            FROM hits h JOIN idf i ON i.ord = h.ord
            \(filtered ? "JOIN chunks c ON c.id = h.chunk_id WHERE \(PostgresStore.filterClause(from: 9))" : "")
            GROUP BY h.chunk_id ORDER BY score DESC, h.chunk_id LIMIT $8
            ) r JOIN chunks c ON c.id = r.chunk_id ORDER BY r.score DESC, r.chunk_id
            """, [.text(PostgresArray.texts(single)), .text(PostgresArray.integers(multiOrd)),
                  .text(PostgresArray.integers(multiChunk)), .text("{" + multiF.map(PostgresConnection.text).joined(separator: ",") + "}"),
                  .text(PostgresArray.integers(multiLength)), .integer(rowsInIndex), .real(averageLength), .integer(Int64(limit))]
                + (filtered ? PostgresStore.filterValues(filter) : []))
        // The hits' passages come along: a question reads them next, one by one.
        for row in 0..<rows.count {
            snapshot?.passages[rows.int(row, 0)] = StoredPassage(row: row, of: rows, from: 2)
        }
        return rows.map { ChannelHit(chunkID: rows.int($0, 0), score: rows.double($0, 1)) }
    }

    /// The quoted strings of an FTS5 expression as `KeywordQuery` writes it (`"a" OR "b"`), in order.
    static func quotedPhrases(_ expression: String) -> [String] {
        expression.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The chunks (within `filter`) holding the tokens of `phrase` one after another in their text or
    /// heading, with how often in each, and their length in tokens, by id.
    func phraseInstances(_ phrase: [String], filter: SearchFilter)
        throws(StoreError) -> [(chunkID: Int64, inText: Int, inHeading: Int, length: Int)] {
        guard !phrase.isEmpty else { return [] }
        let distinct = Array(Set(phrase))
        let rows = try connection.query("""
            SELECT c.id, c.text, c.heading, c.token_count FROM chunks c
            WHERE c.id IN (SELECT chunk_id FROM postings WHERE term = ANY($1::text[]) GROUP BY chunk_id HAVING count(*) = $2)
              AND \(PostgresStore.filterClause(from: 3))
            ORDER BY c.id
            """, [.text(PostgresArray.texts(distinct)), .integer(Int64(distinct.count))] + PostgresStore.filterValues(filter))
        let tokens = try tokenizer()
        var found: [(chunkID: Int64, inText: Int, inHeading: Int, length: Int)] = []
        for row in 0..<rows.count {
            let made = try tokens.tokens(text: rows.text(row, 1) ?? "", heading: rows.text(row, 2) ?? "")
            let inText = PhraseCount.occurrences(of: phrase, in: made.text)
            let inHeading = PhraseCount.occurrences(of: phrase, in: made.heading)
            if inText + inHeading > 0 { found.append((rows.int(row, 0), inText, inHeading, Int(rows.int(row, 3)))) }
        }
        return found
    }

    public func chunkCount(matching filter: SearchFilter) throws(StoreError) -> Int {
        Int(try connection.query("SELECT count(*) FROM chunks c WHERE \(PostgresStore.filterClause(from: 1))",
                                 PostgresStore.filterValues(filter)).integer)
    }

    public func chunkCounts(spelling words: [String]) throws(StoreError) -> [String: Int] {
        var out: [String: Int] = [:]
        for word in Set(words) where !word.isEmpty && word.allSatisfy(\.isLetter) {
            let tokens = try tokenizer().tokens(of: word)
            if tokens.count == 1 {
                out[word] = Int(try connection.query("SELECT count(*) FROM postings WHERE term = $1", [.text(tokens[0])]).integer)
            } else {
                out[word] = try phraseInstances(tokens, filter: SearchFilter()).count
            }
        }
        return out
    }

    public func chunks(of documentID: Int64, containing literal: String,
                       filter: SearchFilter) throws(StoreError) -> [(id: Int64, text: String)] {
        var scoped = filter
        scoped.documentID = documentID
        let rows = try connection.query("""
            SELECT c.id, c.text FROM chunks c WHERE strpos(c.text, $1) > 0 AND \(PostgresStore.filterClause(from: 2)) ORDER BY c.id
            """, [.text(literal)] + PostgresStore.filterValues(scoped))
        return rows.map { (id: rows.int($0, 0), text: rows.text($0, 1) ?? "") }
    }

    public func pageLabels(documentID: Int64, pages: ClosedRange<Int>) throws(StoreError) -> [Int: String] {
        if let snapshot {
            if snapshot.labels[documentID] == nil, let some = snapshot.someLabels[documentID], pages.allSatisfy(some.pages.contains) {
                return some.labels.filter { pages.contains($0.key) }
            }
            // In a snapshot, all of the document's labels at once: a question asks for them page by page.
            if snapshot.labels[documentID] == nil {
                let rows = try connection.query("SELECT number, label FROM pages WHERE document_id = $1 AND label IS NOT NULL",
                                                [.integer(documentID)])
                var all: [Int: String] = [:]
                for row in 0..<rows.count { all[Int(rows.int(row, 0))] = rows.text(row, 1) ?? "" }
                snapshot.labels[documentID] = all
            }
            return snapshot.labels[documentID]!.filter { pages.contains($0.key) }
        }
        let rows = try connection.query("""
            SELECT number, label FROM pages WHERE document_id = $1 AND number BETWEEN $2 AND $3 AND label IS NOT NULL
            """, [.integer(documentID), .integer(Int64(pages.lowerBound)), .integer(Int64(pages.upperBound))])
        var labels: [Int: String] = [:]
        for row in 0..<rows.count { labels[Int(rows.int(row, 0))] = rows.text(row, 1) ?? "" }
        return labels
    }

    public func chunkCountsByDocument(of term: String) throws(StoreError) -> [Int64: Int] {
        let rows = try connection.query("SELECT document_id, chunk_count FROM document_terms WHERE term = $1", [.text(term)])
        var counts: [Int64: Int] = [:]
        for row in 0..<rows.count { counts[rows.int(row, 0)] = Int(rows.int(row, 1)) }
        return counts
    }

    public func chunkCounts(ofDocuments ids: Set<Int64>) throws(StoreError) -> [Int64: Int] {
        guard !ids.isEmpty else { return [:] }
        let rows = try connection.query("""
            SELECT t.id, (SELECT count(*) FROM chunks c WHERE c.document_id = t.id) FROM unnest($1::bigint[]) AS t(id)
            """, [.text(PostgresArray.integers(ids.sorted()))])
        var out: [Int64: Int] = [:]
        for row in 0..<rows.count { out[rows.int(row, 0)] = Int(rows.int(row, 1)) }
        return out
    }

    /// In a snapshot, the chunks' passages come along: a question reads them next, one by one.
    public func documentIDs(ofChunks ids: [Int64]) throws(StoreError) -> [Int64: Int64] {
        guard !ids.isEmpty else { return [:] }
        let withPassages = snapshot != nil
        let rows = try connection.query("""
            SELECT id, document_id\(withPassages ? ", heading_path, text, passage_terms" : "") FROM chunks WHERE id = ANY($1::bigint[])
            """, [.text(PostgresArray.integers(ids))])
        var out: [Int64: Int64] = [:]
        for row in 0..<rows.count {
            out[rows.int(row, 0)] = rows.int(row, 1)
            if withPassages {
                snapshot?.passages[rows.int(row, 0)] = StoredPassage(row: row, of: rows, from: 2)
            }
        }
        return out
    }

    /// SQLite names each group by the title of its last row (a bare column in an aggregate): the same here.
    public func topics(limit: Int) throws(StoreError) -> [String] {
        let rows = try connection.query("""
            SELECT (array_agg(title ORDER BY document_id, ordinal))[count(*)] FROM headings WHERE level = 1
            GROUP BY lower(title COLLATE "C") ORDER BY count(*) DESC, min(document_id), min(ordinal) LIMIT $1
            """, [.integer(Int64(limit))])
        return rows.map { rows.text($0, 0) ?? "" }
    }
}
