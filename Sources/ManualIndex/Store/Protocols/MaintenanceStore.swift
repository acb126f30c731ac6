/// What `manual status`, `check`, `check --repair` and `backup` read and mend (`LibraryChecker` decides
/// what the findings mean).
public protocol MaintenanceStore: AnyObject {
    /// Documents, pages, chunks and size of the library.
    func counts() throws(StoreError) -> LibraryCounts

    /// How many documents were made by a pipeline other than `fingerprint` (see `reindex --stale`).
    func staleDocumentCount(fingerprint: String) throws(StoreError) -> Int

    /// The database's own check of its storage: empty when it is sound.
    func integrityProblems() throws(StoreError) -> [String]

    /// The full-text index checked against the chunks it indexes; nil when they agree.
    func fullTextIndexProblem() throws(StoreError) -> String?

    /// Rebuilds the full-text index from the chunks, in one transaction.
    func rebuildFullTextIndex() throws(StoreError)

    /// Documents with a chunk stored without its sentences' table rows, its navigation marks or its passage
    /// terms (written by an older schema): answered the same, each question cutting, judging and analysing
    /// them again.
    func documentsWithoutStoredReadings() throws(StoreError) -> [Int64]

    /// Chunks whose int8 vector is missing or not `dimension` bytes long.
    func chunksWithoutVector(dimension: Int) throws(StoreError) -> [Int64]

    /// Gives each of `chunkIDs` its vector and its sentences' table rows anew, made by `embed` from the
    /// chunk, in one transaction.
    func replaceVectors(chunkIDs: [Int64], embed: (Chunk) -> (vector: [Float], pieces: SentencePieces)) throws(StoreError)

    /// The rows of a document's derived tables whose document is gone, by table.
    func orphanRows() throws(StoreError) -> [String: Int]

    /// Deletes the rows `orphanRows` counts, in one transaction.
    func deleteOrphanRows() throws(StoreError)

    /// History rows that name a document no longer in the library.
    func historyRowsWithoutDocument() throws(StoreError) -> [Int64]

    /// Lets those rows say "all documents", as a question asked without `--doc` does.
    func detachHistoryFromMissingDocuments() throws(StoreError)

    /// Pages whose OCR results no stored document has the bytes of: an ingest interrupted after they were
    /// recognised (`OCRResultKeeper`), waiting for it to be run again.
    func pendingOCRResultCount() throws(StoreError) -> Int

    /// Deletes what `pendingOCRResultCount` counts (`check --repair`).
    func deletePendingOCRResults() throws(StoreError)

    /// Writes a copy of the library as an SQLite library file, from one read snapshot, to `path` (which
    /// must not exist).
    func vacuum(into path: String) throws(StoreError)
}
