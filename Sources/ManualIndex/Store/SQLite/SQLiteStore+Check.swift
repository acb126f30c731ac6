import CSQLite

/// The SQL behind `manual check` and `check --repair` (`LibraryChecker` decides what it means).
extension SQLiteStore {
    /// SQLite's own `integrity_check`: empty when the file is sound.
    public func integrityProblems() throws(StoreError) -> [String] {
        try statement("PRAGMA integrity_check(20)").rows([]) { $0.text(0) ?? "" }.filter { $0 != "ok" }
    }

    /// FTS5's check of the full-text index against the chunks it indexes; nil when they agree.
    /// The check is issued as an INSERT, so a library that cannot be written cannot be checked this way.
    public func fullTextIndexProblem() throws(StoreError) -> String? {
        do {
            try statement("INSERT INTO chunks_fts(chunks_fts, rank) VALUES ('integrity-check', 1)").run()
            return nil
        } catch .sqlite(_, let code, let message) where code & 0xff == SQLITE_CORRUPT {
            return message
        } catch .notADatabase {
            // SQLITE_CORRUPT_VTAB, which the error mapping reports as a damaged file: here it is the index.
            return "fts5: the index is corrupt"
        }
    }

    /// Rebuilds the full-text index from the chunks table, in one transaction.
    public func rebuildFullTextIndex() throws(StoreError) {
        try write { try statement("INSERT INTO chunks_fts(chunks_fts) VALUES ('rebuild')").run() }
    }

    /// Documents with a chunk stored before schemas 11, 12 or 15, without its sentences' table rows, its
    /// navigation marks or its passage terms: answered the same, each question cutting, judging and
    /// analysing them again.
    public func documentsWithoutStoredReadings() throws(StoreError) -> [Int64] {
        try statement("""
            SELECT DISTINCT c.document_id FROM chunks c LEFT JOIN chunk_vectors v ON v.chunk_id = c.id
            WHERE c.navigation_lines IS NULL OR v.sentence_pieces IS NULL OR c.passage_terms IS NULL ORDER BY c.document_id
            """).rows([]) { $0.int(0) }
    }

    /// Chunks whose int8 vector is missing or not `dimension` bytes long.
    public func chunksWithoutVector(dimension: Int) throws(StoreError) -> [Int64] {
        try statement("""
            SELECT c.id FROM chunks c LEFT JOIN chunk_vectors v ON v.chunk_id = c.id
            WHERE v.chunk_id IS NULL OR length(v.quantized) != ? ORDER BY c.id
            """).rows([.integer(Int64(dimension))]) { $0.int(0) }
    }

    /// The rows of a document's derived tables whose document is gone (foreign keys were off, or the
    /// file was edited by hand), by table.
    public func orphanRows() throws(StoreError) -> [String: Int] {
        var found: [String: Int] = [:]
        for table in ["chunks", "pages", "headings", "document_terms", "chunk_vectors", "skipped_pages"] {
            let count = try statement("SELECT count(*) FROM \(table) WHERE document_id NOT IN (SELECT id FROM documents)").integer()
            if count > 0 { found[table] = Int(count) }
        }
        let vectors = try statement("SELECT count(*) FROM chunk_vectors WHERE chunk_id NOT IN (SELECT id FROM chunks)").integer()
        if vectors > 0 { found["chunk_vectors", default: 0] += Int(vectors) }
        return found
    }

    /// Deletes the rows `orphanRows` counts, in one transaction (the chunks' index rows go with them).
    public func deleteOrphanRows() throws(StoreError) {
        try write {
            try statement("DELETE FROM chunk_vectors WHERE chunk_id NOT IN (SELECT id FROM chunks) OR document_id NOT IN (SELECT id FROM documents)").run()
            for table in ["chunks", "pages", "headings", "document_terms", "skipped_pages"] {
                try statement("DELETE FROM \(table) WHERE document_id NOT IN (SELECT id FROM documents)").run()
            }
            try bumpVectorGeneration()
        }
    }

    /// Gives each of `chunkIDs` its vector and its sentences' table rows anew, made by `embed` from the
    /// chunk, in one transaction.
    public func replaceVectors(chunkIDs: [Int64], embed: (Chunk) -> (vector: [Float], pieces: SentencePieces)) throws(StoreError) {
        try write {
            let insert = try statement("""
                INSERT OR REPLACE INTO chunk_vectors (chunk_id, document_id, scale, quantized, sentence_pieces)
                VALUES (?, ?, ?, ?, ?)
                """)
            for stored in try chunks(ids: chunkIDs) {
                let made = embed(stored.chunk)
                let q = QuantizedVector(made.vector)
                try insert.run([.integer(stored.id), .integer(stored.documentID), .real(Double(q.scale)), .blob(q.bytes),
                                .blob(made.pieces.encoded)])
            }
            try bumpVectorGeneration()
        }
    }

    /// The ids of a document's chunks.
    public func chunkIDs(documentID: Int64) throws(StoreError) -> [Int64] {
        try statement("SELECT id FROM chunks WHERE document_id = ? ORDER BY id").rows([.integer(documentID)]) { $0.int(0) }
    }

    /// History rows that name a document no longer in the library.
    public func historyRowsWithoutDocument() throws(StoreError) -> [Int64] {
        try statement("""
            SELECT id FROM queries WHERE document_id IS NOT NULL AND document_id NOT IN (SELECT id FROM documents) ORDER BY id
            """).rows([]) { $0.int(0) }
    }

    /// Lets those rows say "all documents", as a question asked without `--doc` does.
    public func detachHistoryFromMissingDocuments() throws(StoreError) {
        try write {
            try statement("UPDATE queries SET document_id = NULL WHERE document_id NOT IN (SELECT id FROM documents)").run()
        }
    }

    /// Writes a copy of the library, from one read snapshot, to `path` (which must not exist).
    public func vacuum(into path: String) throws(StoreError) {
        do {
            try statement("VACUUM INTO ?").run([.text(path)])
        } catch .sqlite(_, let code, let message) where code & 0xff == SQLITE_CANTOPEN || code & 0xff == SQLITE_READONLY {
            throw .cannotCreate(path: path, reason: message)
        } catch .sqlite(_, let code, _) where code & 0xff == SQLITE_FULL {
            throw .diskFull(path: path)
        }
    }

    /// Moves everything in the write-ahead log into the file and empties the log.
    public func checkpoint() throws(StoreError) {
        try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    private func bumpVectorGeneration() throws(StoreError) {
        try statement("UPDATE library_state SET value = value + 1 WHERE key = 'vector_generation'").run()
    }
}
