import Foundation

/// What `status`, `check`, `check --repair` and `backup` read and mend in a PostgreSQL library.
extension PostgresStore {
    public func counts() throws(StoreError) -> LibraryCounts {
        let rows = try connection.query("""
            SELECT (SELECT count(*) FROM documents), (SELECT count(*) FROM pages), (SELECT count(*) FROM chunks),
                   (SELECT count(*) FROM pages WHERE btrim(text, E' \\t\\n\\f\\r') = ''), pg_database_size(current_database())
            """)
        return LibraryCounts(documents: Int(rows.int(0, 0)), pages: Int(rows.int(0, 1)), chunks: Int(rows.int(0, 2)),
                             pagesWithoutText: Int(rows.int(0, 3)), bytes: rows.int(0, 4))
    }

    public func staleDocumentCount(fingerprint: String) throws(StoreError) -> Int {
        Int(try connection.query("SELECT count(*) FROM documents WHERE pipeline_version != $1", [.text(fingerprint)]).integer)
    }

    /// The server keeps its own storage sound (checksums, WAL); what is checked here is the library's
    /// bookkeeping: the schema's rows that every reader needs.
    public func integrityProblems() throws(StoreError) -> [String] {
        let missing = try connection.query("""
            SELECT k FROM unnest(ARRAY['vector_generation', 'library_id', 'fts_rows', 'fts_tokens', 'schema_version']) AS k
            WHERE k NOT IN (SELECT key FROM library_state) ORDER BY k
            """)
        return missing.map { "library_state has no '\(missing.text($0, 0) ?? "")' row" }
    }

    /// The postings checked against the chunks: every chunk's length against its postings, and the totals.
    public func fullTextIndexProblem() throws(StoreError) -> String? {
        let rows = try connection.query("""
            SELECT (SELECT count(*) FROM chunks c WHERE c.token_count <>
                        coalesce((SELECT sum(p.tf_text + p.tf_head) FROM postings p WHERE p.chunk_id = c.id), 0)),
                   (SELECT count(*) FROM chunks) - (SELECT value FROM library_state WHERE key = 'fts_rows'),
                   (SELECT coalesce(sum(token_count), 0) FROM chunks) - (SELECT value FROM library_state WHERE key = 'fts_tokens')
            """)
        let chunks = rows.int(0, 0), rowDrift = rows.int(0, 1), tokenDrift = rows.int(0, 2)
        if chunks == 0 && rowDrift == 0 && tokenDrift == 0 { return nil }
        return "postings: \(chunks) chunk(s) disagree with their postings; totals off by \(rowDrift) chunk(s), \(tokenDrift) token(s)"
    }

    /// Makes every chunk's postings and length anew from its text, and the totals from them.
    public func rebuildFullTextIndex() throws(StoreError) {
        try write {
            try connection.query("DELETE FROM postings")
            var after = Int64.min
            while true {
                let rows = try connection.query("SELECT id, text, heading FROM chunks WHERE id > $1 ORDER BY id LIMIT 500",
                                                [.integer(after)])
                guard rows.count > 0 else { break }
                let lengths = try insertPostings(rows.map { (rows.int($0, 0), rows.text($0, 1) ?? "", rows.text($0, 2) ?? "") })
                let ids = lengths.keys.sorted()
                try connection.query("""
                    UPDATE chunks c SET token_count = t.len FROM unnest($1::bigint[], $2::integer[]) AS t(id, len) WHERE c.id = t.id
                    """, [.text(PostgresArray.integers(ids)), .text(PostgresArray.integers(ids.map { Int64(lengths[$0] ?? 0) }))])
                after = rows.int(rows.count - 1, 0)
            }
            try connection.query("""
                UPDATE library_state SET value = CASE key WHEN 'fts_rows' THEN (SELECT count(*) FROM chunks)
                    ELSE (SELECT coalesce(sum(token_count), 0) FROM chunks) END WHERE key IN ('fts_rows', 'fts_tokens')
                """)
        }
    }

    public func documentsWithoutStoredReadings() throws(StoreError) -> [Int64] {
        let rows = try connection.query("""
            SELECT DISTINCT c.document_id FROM chunks c LEFT JOIN chunk_vectors v ON v.chunk_id = c.id
            WHERE c.navigation_lines IS NULL OR v.sentence_pieces IS NULL OR c.passage_terms IS NULL ORDER BY c.document_id
            """)
        return rows.map { rows.int($0, 0) }
    }

    public func chunksWithoutVector(dimension: Int) throws(StoreError) -> [Int64] {
        let rows = try connection.query("""
            SELECT c.id FROM chunks c LEFT JOIN chunk_vectors v ON v.chunk_id = c.id
            WHERE v.chunk_id IS NULL OR length(v.quantized) != $1 ORDER BY c.id
            """, [.integer(Int64(dimension))])
        return rows.map { rows.int($0, 0) }
    }

    public func replaceVectors(chunkIDs: [Int64], embed: (Chunk) -> (vector: [Float], pieces: SentencePieces)) throws(StoreError) {
        try write {
            try nextGeneration(document: nil, op: "")
            for stored in try chunks(ids: chunkIDs) {
                let made = embed(stored.chunk)
                let q = QuantizedVector(made.vector)
                try connection.query("""
                    INSERT INTO chunk_vectors (chunk_id, document_id, scale, quantized, sentence_pieces) VALUES ($1, $2, $3, $4, $5)
                    ON CONFLICT (chunk_id) DO UPDATE SET scale = excluded.scale, quantized = excluded.quantized,
                        sentence_pieces = excluded.sentence_pieces
                    """, [.integer(stored.id), .integer(stored.documentID), .real(Double(q.scale)), .blob(q.bytes),
                          .blob(made.pieces.encoded)])
                try connection.query("INSERT INTO library_changes (generation, document_id, op) SELECT value, $1, 'vectors' FROM library_state WHERE key = 'vector_generation'",
                                     [.integer(stored.documentID)])
            }
        }
    }

    /// The schema's foreign keys cascade, so only rows written around them could be orphans.
    public func orphanRows() throws(StoreError) -> [String: Int] {
        var found: [String: Int] = [:]
        for table in ["chunks", "pages", "headings", "document_terms", "chunk_vectors", "skipped_pages"] {
            let count = try connection.query("SELECT count(*) FROM \(table) WHERE document_id NOT IN (SELECT id FROM documents)").integer
            if count > 0 { found[table] = Int(count) }
        }
        return found
    }

    public func deleteOrphanRows() throws(StoreError) {
        try write {
            try nextGeneration(document: nil, op: "")
            for table in ["chunk_vectors", "chunks", "pages", "headings", "document_terms", "skipped_pages"] {
                try connection.query("DELETE FROM \(table) WHERE document_id NOT IN (SELECT id FROM documents)")
            }
        }
    }

    public func historyRowsWithoutDocument() throws(StoreError) -> [Int64] {
        let rows = try connection.query("""
            SELECT id FROM queries WHERE document_id IS NOT NULL AND document_id NOT IN (SELECT id FROM documents) ORDER BY id
            """)
        return rows.map { rows.int($0, 0) }
    }

    public func detachHistoryFromMissingDocuments() throws(StoreError) {
        try connection.query("UPDATE queries SET document_id = NULL WHERE document_id NOT IN (SELECT id FROM documents)")
    }

    /// Writes the library as an SQLite library file at `path`, from one snapshot (`LibraryCopier`).
    public func vacuum(into path: String) throws(StoreError) {
        let copy = try SQLiteStore(path: path)
        do {
            try LibraryCopier.copy(from: self, to: copy)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .postgres(path: self.path, state: "", message: "\(error)")
        }
    }
}
