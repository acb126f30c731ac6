/// The history and OCR results in PostgreSQL: what every node records lands in the one library.
extension PostgresStore {
    /// One statement, in its own transaction: ids come from a sequence, so the nodes recording questions
    /// never wait for one another (a table lock for `max(id) + 1` made every answer of a busy server queue),
    /// nor for writers of documents; `waitMilliseconds` has nothing to wait for.
    public func record(_ query: QueryRecord, waitMilliseconds: Int) throws(StoreError) -> Int64 {
        try connection.query("""
            INSERT INTO queries (id, asked_at, question, document_id, confidence, score, cited_pages, relevances, answer_json)
            VALUES (nextval('queries_id_seq'), $1, $2, $3, $4, $5, $6, $7, $8) RETURNING id
            """, [.text(query.askedAt), .text(query.question), query.documentID.map { .integer($0) } ?? .null,
                  .text(query.confidence), .real(query.score), .text(query.citedPages), .text(query.relevances),
                  .text(query.answerJSON)]).integer
    }

    public func queries(documentID: Int64?, limit: Int) throws(StoreError) -> [QueryRecord] {
        let rows = try connection.query("""
            SELECT id, asked_at, question, document_id, confidence, score, cited_pages, relevances, answer_json, rating
            FROM queries
            WHERE $1::bigint IS NULL OR document_id = $1::bigint
               OR EXISTS (SELECT 1 FROM jsonb_array_elements(cited_pages::jsonb) e WHERE (e->>'documentID')::bigint = $1::bigint)
            ORDER BY id DESC LIMIT $2
            """, [documentID.map { .integer($0) } ?? .null, .integer(Int64(limit))])
        return rows.map { row in
            QueryRecord(id: rows.int(row, 0), askedAt: rows.text(row, 1) ?? "", question: rows.text(row, 2) ?? "",
                        documentID: rows.isNull(row, 3) ? nil : rows.int(row, 3), confidence: rows.text(row, 4) ?? "",
                        score: rows.double(row, 5), citedPages: rows.text(row, 6) ?? "[]", relevances: rows.text(row, 7) ?? "[]",
                        answerJSON: rows.text(row, 8) ?? "{}", rating: rows.text(row, 9))
        }
    }

    public func rate(queryID: Int64, rating: String) throws(StoreError) {
        let changed = try connection.query("UPDATE queries SET rating = $1 WHERE id = $2", [.text(rating), .integer(queryID)]).changed
        if changed == 0 { throw .queryNotFound(queryID) }
    }

    public func ocrResults(sha256: String, key: String) throws(StoreError) -> [Int: Page] {
        let rows = try connection.query("SELECT result FROM ocr_cache WHERE sha256 = $1 AND settings = $2 ORDER BY page",
                                        [.text(sha256), .text(key)])
        var pages: [Int: Page] = [:]
        for row in 0..<rows.count {
            var reader = ScratchRecord.Reader(bytes: rows.bytes(row, 0)[...])
            let page = reader.extractedPage()
            pages[page.number] = page
        }
        return pages
    }

    public func hasOCRResults() throws(StoreError) -> Bool {
        try connection.query("SELECT EXISTS (SELECT 1 FROM ocr_cache)").text(0, 0) == "t"
    }

    public func ocrSummary(documentID: Int64) throws(StoreError) -> OCRSummary {
        let rows = try connection.query("""
            SELECT count(*), avg(ocr_confidence) FROM pages WHERE document_id = $1 AND text_source = 'ocr'
            """, [.integer(documentID)])
        return OCRSummary(pages: Int(rows.int(0, 0)), meanConfidence: rows.isNull(0, 1) ? nil : rows.double(0, 1))
    }

    /// In a snapshot, each document's OCR'd pages are read once (a question asks about its citations' pages
    /// several times).
    public func ocrPages(among pages: Set<PageKey>) throws(StoreError) -> Set<PageKey> {
        guard !pages.isEmpty else { return [] }
        if let snapshot {
            let unknown = Set(pages.map(\.documentID)).subtracting(snapshot.ocrPages.keys).sorted()
            if !unknown.isEmpty {
                let rows = try connection.query("""
                    SELECT document_id, number FROM pages WHERE document_id = ANY($1::bigint[]) AND text_source = 'ocr'
                    """, [.text(PostgresArray.integers(unknown))])
                for id in unknown { snapshot.ocrPages[id] = [] }
                for row in 0..<rows.count { snapshot.ocrPages[rows.int(row, 0), default: []].insert(Int(rows.int(row, 1))) }
            }
            return pages.filter { snapshot.ocrPages[$0.documentID]?.contains($0.page) == true }
        }
        let keys = Array(pages)
        let rows = try connection.query("""
            SELECT p.document_id, p.number FROM pages p
            JOIN unnest($1::bigint[], $2::integer[]) AS k(document_id, number) ON p.document_id = k.document_id AND p.number = k.number
            WHERE p.text_source = 'ocr'
            """, [.text(PostgresArray.integers(keys.map(\.documentID))), .text(PostgresArray.integers(keys.map { Int64($0.page) }))])
        return Set(rows.map { PageKey(documentID: rows.int($0, 0), page: Int(rows.int($0, 1))) })
    }

    public func keepOCRResults(_ entries: [OCRCacheEntry], sha256: String, key: String) throws(StoreError) {
        for entry in entries {
            try connection.query("""
                INSERT INTO ocr_cache (sha256, page, settings, confidence, result) VALUES ($1, $2, $3, $4, $5)
                ON CONFLICT (sha256, page, settings) DO UPDATE SET confidence = excluded.confidence, result = excluded.result
                """, [.text(sha256), .integer(Int64(entry.page)), .text(key), entry.confidence.map { .real($0) } ?? .null,
                      .blob(entry.result)])
        }
    }

    public func pendingOCRResultCount() throws(StoreError) -> Int {
        Int(try connection.query("SELECT count(*) FROM ocr_cache WHERE sha256 NOT IN (SELECT sha256 FROM documents)").integer)
    }

    public func deletePendingOCRResults() throws(StoreError) {
        try connection.query("DELETE FROM ocr_cache WHERE sha256 NOT IN (SELECT sha256 FROM documents)")
    }
}
