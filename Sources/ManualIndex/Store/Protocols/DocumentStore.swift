/// Documents as ingest writes them and commands read them: their records, pages, outline, the pages
/// skipped while reading them, OCR results kept for the next read of the same bytes, and batch jobs.
public protocol DocumentStore: AnyObject {
    /// Every document, oldest first.
    func documents() throws(StoreError) -> [DocumentRecord]

    /// The document with this id, if any.
    func document(id: Int64) throws(StoreError) -> DocumentRecord?

    /// The document with these exact bytes, if any.
    func document(sha256: String) throws(StoreError) -> DocumentRecord?

    /// Documents last read from this absolute path.
    func documents(sourcePath: String) throws(StoreError) -> [DocumentRecord]

    /// The page count of the library's longest document; nil when it holds none.
    func longestPageCount() throws(StoreError) -> Int?

    /// The pages of a document in physical order.
    func pages(documentID: Int64) throws(StoreError) -> [PageRecord]

    /// The pages of a document whose physical numbers fall in `numbers`, in order.
    func pages(documentID: Int64, numbers: ClosedRange<Int>) throws(StoreError) -> [PageRecord]

    /// The physical numbers of a document's stored pages, in order.
    func pageNumbers(documentID: Int64) throws(StoreError) -> [Int]

    /// The heading tree stored for a document, in reading order.
    func headings(documentID: Int64) throws(StoreError) -> [OutlineEntry]

    /// The pages of a document whose extraction was given up, with why and under which budgets.
    func skippedPages(documentID: Int64) throws(StoreError) -> [(page: SkippedPage, budget: String)]

    /// Records where a known document now lives (same bytes found at a new path).
    func updateSource(documentID: Int64, path: String, fileName: String, modified: Double?) throws(StoreError)

    /// Writes a whole document in one transaction, replacing `replacing` (keeping its id) when given.
    @discardableResult
    func save(_ content: DocumentContent, replacing: Int64?) throws(StoreError) -> Int64

    /// Saves a processed document, deciding inside the write transaction what it is: the same bytes already
    /// stored under another document are `unchanged` (another process may have committed them since the
    /// caller looked), a document already read from the same path is replaced and keeps its id, anything
    /// else is added. Concurrent ingests of the same file therefore never fail on the unique sha256.
    func save(resolving content: DocumentContent) throws(StoreError) -> (id: Int64, outcome: SaveOutcome)

    /// Deletes a document and everything derived from it (pages, chunks, index rows, terms); its questions
    /// stay in the history as questions of the whole library.
    func remove(documentID: Int64) throws(StoreError)

    /// The cached OCR results of the document with these bytes under `key` (`OCRSettings.cacheKey`), by page.
    func ocrResults(sha256: String, key: String) throws(StoreError) -> [Int: Page]

    /// Whether any OCR result is cached at all: a batch skips the look-up per document when none is.
    func hasOCRResults() throws(StoreError) -> Bool

    /// Keeps OCR results of the bytes `sha256` under `key` before their document is saved, each in its own
    /// transaction, so an interrupted ingest does not recognise those pages again (`OCRResultKeeper`).
    func keepOCRResults(_ entries: [OCRCacheEntry], sha256: String, key: String) throws(StoreError)

    /// How many of a document's pages were OCR'd, and their mean confidence.
    func ocrSummary(documentID: Int64) throws(StoreError) -> OCRSummary

    /// Which of `pages` were OCR'd: citations mark them.
    func ocrPages(among pages: Set<PageKey>) throws(StoreError) -> Set<PageKey>

    /// When the unfinished job `name` started (ISO 8601, UTC), or nil when none is open. A job records
    /// when it started, so a rerun after an interruption can skip the documents it already re-processed.
    func jobStart(_ name: String) throws(StoreError) -> String?

    /// Opens job `name` as started at `time`, unless it is already open.
    func startJob(_ name: String, at time: String) throws(StoreError)

    /// Closes job `name`: the next run starts afresh.
    func finishJob(_ name: String) throws(StoreError)

    /// Claims batch job `name` (one `--shard` of one command) for as long as this store is open and its
    /// process lives: a process killed in any way gives it up. Throws `.jobRunning` when another store,
    /// in this process or any other, holds it.
    func claimJob(_ name: String) throws(StoreError)
}

extension DocumentStore {
    /// Writes a whole document as a new one, in one transaction.
    @discardableResult
    public func save(_ content: DocumentContent) throws(StoreError) -> Int64 {
        try save(content, replacing: nil)
    }
}

/// What `DocumentStore.save(resolving:)` did with a document.
public enum SaveOutcome: String, Sendable {
    case added
    case replaced
    case unchanged
}
