/// Writing and removing documents. Each is one transaction; what orders them is the library's write turn,
/// the `vector_generation` row, which a writer holds from its `nextGeneration` to its COMMIT, so writers
/// commit in the order of the generations they record in `library_changes` (what the nodes' vector files
/// catch up from).
///
/// Lock order, the same for every writer so that none waits in a circle: a document's own row first,
/// then the write turn, then the BM25 totals (`adjustTotals`).
extension PostgresStore {
    public func save(resolving content: DocumentContent) throws(StoreError) -> (id: Int64, outcome: SaveOutcome) {
        if let replaced = try replaceInPlace(content) { return replaced }
        return try write {
            // The write turn first (without a new generation: the bytes may be there already), so what is
            // stored is decided against every commit before ours.
            try connection.query("SELECT value FROM library_state WHERE key = 'vector_generation' FOR UPDATE")
            let previous = try documents(sourcePath: content.document.sourcePath).first
            if let existing = try document(sha256: content.document.sha256), existing.id != previous?.id {
                return (existing.id, .unchanged)
            }
            let id = try save(content, replacing: previous?.id)
            return (id, previous == nil ? .added : .replaced)
        }
    }

    /// A document read again from the path it was stored from (what `reindex` and a changed file do): it
    /// keeps its id, so nothing needs the write turn until the end. Its old rows are deleted and its new
    /// ones written holding only its own row; the turn is taken last, for the generations, the change log
    /// and the totals. Two parts of a sharded `reindex` then write their documents' postings (most of a
    /// write's time, on the server) at the same time instead of one after the other.
    ///
    /// Nil, with nothing written, when this is not such a replacement, or when it cannot be decided
    /// without the turn: no document from this path, the bytes stored under another id, the document
    /// replaced meanwhile, or the same bytes committed by another process while this one wrote (a
    /// unique key, or a deadlock the server broke). `save(resolving:)` then decides holding the turn.
    private func replaceInPlace(_ content: DocumentContent) throws(StoreError) -> (id: Int64, outcome: SaveOutcome)? {
        do {
            let replaced: (id: Int64, outcome: SaveOutcome)? = try write {
                let path = content.document.sourcePath
                guard let previous = try documents(sourcePath: path).first else { return nil }
                if let existing = try document(sha256: content.document.sha256), existing.id != previous.id { return nil }
                // Writers of this one document take turns here; a row replaced or moved meanwhile is not ours.
                let locked = try connection.query("SELECT source_path FROM documents WHERE id = $1 FOR UPDATE",
                                                  [.integer(previous.id)])
                guard locked.count == 1, locked.text(0, 0) == path else { return nil }
                return (try save(content, replacing: previous.id), .replaced)
            }
            return replaced
        } catch .postgres(_, let state, _) where state == "23505" || state == "40P01" {
            return nil
        }
    }

    @discardableResult
    public func save(_ content: DocumentContent, replacing: Int64?) throws(StoreError) -> Int64 {
        try write {
            // The totals are changed once, at the end, after the write turn (the lock order above).
            deferredTotals = (0, 0)
            defer { deferredTotals = nil }
            if let replacing {
                try deleteRows(of: replacing)
            }
            // A new document's id is the next free one: it needs the turn first (`save(resolving:)` holds it).
            let id = try replacing ?? (connection.query("SELECT coalesce(max(id), 0) + 1 FROM documents").integer)
            let rows = LibraryRows(documentID: id, fingerprint: content.fingerprint)
            try importRows([rows.document(content.document)], into: LibraryTables.documents)
            var pages: [[SQLiteValue]] = []
            try content.pages.forEach { page throws(StoreError) in
                pages.append(rows.page(page))
                if pages.count == 200 { try importRows(pages, into: LibraryTables.pages); pages.removeAll() }
            }
            try importRows(pages, into: LibraryTables.pages)
            var chunks: [[SQLiteValue]] = [], vectors: [[SQLiteValue]] = []
            try content.chunks.forEach { chunk throws(StoreError) in
                chunks.append(try rows.chunk(chunk))
                vectors.append(try rows.vector(chunk))
                if chunks.count == 100 {
                    try importRows(chunks, into: LibraryTables.chunks)
                    try importRows(vectors, into: LibraryTables.chunkVectors)
                    chunks.removeAll(); vectors.removeAll()
                }
            }
            try importRows(chunks, into: LibraryTables.chunks)
            try importRows(vectors, into: LibraryTables.chunkVectors)
            try importRows(content.headings.enumerated().map(rows.heading), into: LibraryTables.headings)
            try importRows(content.termChunkCounts.keys.sorted().map { rows.term($0, count: content.termChunkCounts[$0] ?? 0) },
                           into: LibraryTables.documentTerms)
            try importRows(content.skippedPages.map { rows.skipped($0, budget: content.extractionBudget) },
                           into: LibraryTables.skippedPages)
            try keepOCRResults(content.ocrCache, sha256: content.document.sha256, key: content.ocrCacheKey)
            // The write turn, held to the COMMIT: the generations of the removal and of the addition.
            if let replacing { try nextGeneration(document: replacing, op: "remove") }
            try nextGeneration(document: id, op: "add")
            try applyDeferredTotals()
            if replacing != nil { try deletePendingOCRResults() }
            return id
        }
    }

    public func remove(documentID: Int64) throws(StoreError) {
        try write {
            guard try connection.query("SELECT 1 FROM documents WHERE id = $1 FOR UPDATE", [.integer(documentID)]).count == 1
            else { throw StoreError.documentNotFound("#\(documentID)") }
            try nextGeneration(document: documentID, op: "remove")
            try deleteRows(of: documentID)
            try deletePendingOCRResults()
            // Questions asked of it stay in the history, as questions of the whole library.
            try connection.query("UPDATE queries SET document_id = NULL WHERE document_id = $1", [.integer(documentID)])
        }
    }

    /// Deletes a document with its rows (the schema cascades) and takes its chunks out of the totals BM25
    /// reads; false when there was none. The caller records the removal's generation.
    @discardableResult
    func deleteRows(of id: Int64) throws(StoreError) -> Bool {
        let sizes = try connection.query("SELECT count(*), coalesce(sum(token_count), 0) FROM chunks WHERE document_id = $1",
                                         [.integer(id)])
        try adjustTotals(rows: -sizes.int(0, 0), tokens: -sizes.int(0, 1))
        return try connection.query("DELETE FROM documents WHERE id = $1", [.integer(id)]).changed > 0
    }

    /// Changes the chunk and token totals FTS5's BM25 reads (`fts_rows`, `fts_tokens`); inside `save`, only
    /// adds them up, for `applyDeferredTotals`.
    func adjustTotals(rows: Int64, tokens: Int64) throws(StoreError) {
        if let deferred = deferredTotals {
            deferredTotals = (deferred.rows + rows, deferred.tokens + tokens)
            return
        }
        guard rows != 0 || tokens != 0 else { return }
        try connection.query("""
            UPDATE library_state SET value = value + CASE key WHEN 'fts_rows' THEN $1::bigint ELSE $2::bigint END
            WHERE key IN ('fts_rows', 'fts_tokens')
            """, [.integer(rows), .integer(tokens)])
    }

    /// Writes the totals `save` added up.
    private func applyDeferredTotals() throws(StoreError) {
        guard let deferred = deferredTotals else { return }
        deferredTotals = nil
        try adjustTotals(rows: deferred.rows, tokens: deferred.tokens)
    }
}
