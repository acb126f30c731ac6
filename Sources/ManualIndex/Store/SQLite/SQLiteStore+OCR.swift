/// One page's OCR result as the cache keeps it: the whole `Page` (text, lines with boxes and sizes,
/// confidence) encoded with `ScratchRecord`, so a cached page goes through the text stages exactly as
/// a freshly recognised one does.
public struct OCRCacheEntry: Sendable, Equatable {
    public var page: Int
    public var confidence: Double?
    public var result: [UInt8]

    package init(_ page: Page) {
        var record = ScratchRecord()
        record.put(page)
        self.page = page.number
        confidence = page.ocrConfidence
        result = record.bytes
    }
}

/// How a document's pages were read: `manual show`.
public struct OCRSummary: Sendable, Equatable {
    /// Pages whose text came from OCR.
    public var pages: Int
    /// The mean of those pages' mean word confidences (0-100), nil when none had words.
    public var meanConfidence: Double?
}

extension SQLiteStore {
    /// The cached OCR results of the document with these bytes under `key` (`OCRSettings.cacheKey`), by page.
    public func ocrResults(sha256: String, key: String) throws(StoreError) -> [Int: Page] {
        let rows = try statement("SELECT result FROM ocr_cache WHERE sha256 = ? AND settings = ? ORDER BY page")
            .rows([.text(sha256), .text(key)]) { $0.blob(0) }
        var pages: [Int: Page] = [:]
        for bytes in rows {
            var reader = ScratchRecord.Reader(bytes: bytes[...])
            let page = reader.extractedPage()
            pages[page.number] = page
        }
        return pages
    }

    /// Whether any OCR result is cached at all: a batch skips the look-up per document when none is.
    public func hasOCRResults() throws(StoreError) -> Bool {
        try statement("SELECT EXISTS (SELECT 1 FROM ocr_cache)").integer([]) != 0
    }

    /// How many of a document's pages were OCR'd, and their mean confidence.
    public func ocrSummary(documentID: Int64) throws(StoreError) -> OCRSummary {
        let row = try statement("""
            SELECT count(*), avg(ocr_confidence) FROM pages WHERE document_id = ? AND text_source = 'ocr'
            """).rows([.integer(documentID)]) { (Int($0.int(0)), $0.isNull(1) ? nil : $0.double(1)) }.first
        return OCRSummary(pages: row?.0 ?? 0, meanConfidence: row?.1)
    }

    /// Which of `pages` were OCR'd: citations mark them. One look-up per page asked about: scanning a
    /// document's pages for the flag read every page's text (the flag sits after it in the row) and was
    /// a fifteenth of a question's time on a 700-page manual.
    public func ocrPages(among pages: Set<PageKey>) throws(StoreError) -> Set<PageKey> {
        let select = try statement("SELECT text_source = 'ocr' FROM pages WHERE document_id = ? AND number = ?")
        var found: Set<PageKey> = []
        for key in pages where try select.rows([.integer(key.documentID), .integer(Int64(key.page))], { $0.int(0) != 0 }).first == true {
            found.insert(key)
        }
        return found
    }

    public func keepOCRResults(_ entries: [OCRCacheEntry], sha256: String, key: String) throws(StoreError) {
        try write { try insertOCRCache(entries, sha256: sha256, key: key) }
    }

    func insertOCRCache(_ entries: [OCRCacheEntry], sha256: String, key: String) throws(StoreError) {
        guard !entries.isEmpty else { return }
        let insert = try statement("""
            INSERT OR REPLACE INTO ocr_cache (sha256, page, settings, confidence, result) VALUES (?, ?, ?, ?, ?)
            """)
        for entry in entries {
            try insert.run([.text(sha256), .integer(Int64(entry.page)), .text(key),
                            entry.confidence.map { .real($0) } ?? .null, .blob(entry.result)])
        }
    }

    /// Pages whose OCR results no stored document has the bytes of: an ingest interrupted after they were
    /// recognised (`OCRResultKeeper`), waiting for it to be run again.
    public func pendingOCRResultCount() throws(StoreError) -> Int {
        Int(try statement("SELECT count(*) FROM ocr_cache WHERE sha256 NOT IN (SELECT sha256 FROM documents)").integer())
    }

    /// Deletes what `pendingOCRResultCount` counts (`check --repair`).
    public func deletePendingOCRResults() throws(StoreError) {
        try write { try dropUnusedOCRResults() }
    }

    /// OCR results whose bytes no stored document has any more (it was removed or replaced by new bytes).
    func dropUnusedOCRResults() throws(StoreError) {
        try statement("DELETE FROM ocr_cache WHERE sha256 NOT IN (SELECT sha256 FROM documents)").run([])
    }
}

/// A page of a stored document.
public struct PageKey: Hashable, Sendable {
    public var documentID: Int64
    public var page: Int

    package init(documentID: Int64, page: Int) {
        self.documentID = documentID
        self.page = page
    }
}
