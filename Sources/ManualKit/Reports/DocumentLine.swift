import ManualIngest
/// What happened to one document, as `ingest --json` and `reindex --json` print it per line and the
/// server's upload answers.
public struct DocumentLine: Encodable, Sendable {
    public var file: String
    public var outcome: String
    public var documentID: Int64?
    public var title: String?
    public var pages: Int?
    public var chunks: Int?
    /// Running header/footer lines that cleanup removed.
    public var removedLines: Int?
    public var pagesWithoutText: [Int]?
    /// Pages whose extraction was given up ("page 7: extraction took longer than 10 s, skipped").
    public var skippedPages: [String]?
    /// Pages Tesseract recognised for this document, and OCR'd pages whose result came from the library's cache.
    public var ocrPages: Int?
    public var ocrCachedPages: Int?
    public var error: String?
    public var exitCode: Int32?
    /// Position in a batch: documents done so far and in all.
    public var done: Int?
    public var total: Int?

    public init(file: String, outcome: String, documentID: Int64? = nil, title: String? = nil, pages: Int? = nil,
                chunks: Int? = nil, removedLines: Int? = nil, pagesWithoutText: [Int]? = nil, skippedPages: [String]? = nil,
                error: String? = nil, exitCode: Int32? = nil, done: Int? = nil, total: Int? = nil) {
        self.file = file
        self.outcome = outcome
        self.documentID = documentID
        self.title = title
        self.pages = pages
        self.chunks = chunks
        self.removedLines = removedLines
        self.pagesWithoutText = pagesWithoutText
        self.skippedPages = skippedPages
        self.error = error
        self.exitCode = exitCode
        self.done = done
        self.total = total
    }

    /// A document that was added, replaced or found unchanged.
    public init(file: String, report: IngestReport, done: Int? = nil, total: Int? = nil) {
        let d = report.document
        let ocr = report.ocrRecognised + report.ocrFromCache
        self.init(file: file, outcome: report.outcome.rawValue, documentID: d.id, title: d.title, pages: d.pageCount,
                  chunks: report.chunkCount, removedLines: report.removedLines, pagesWithoutText: report.pagesWithoutText,
                  skippedPages: report.skippedPages.map(\.description), done: done, total: total)
        ocrPages = ocr == 0 ? nil : report.ocrRecognised
        ocrCachedPages = ocr == 0 ? nil : report.ocrFromCache
    }

    /// ", 3 pages OCR'd" (", 3 pages OCR'd (2 from the cache)") for the human line; empty without OCR.
    public static func ocrNote(_ report: IngestReport) -> String {
        let pages = report.ocrRecognised + report.ocrFromCache
        guard pages > 0 else { return "" }
        return ", \(pages) page\(pages == 1 ? "" : "s") OCR'd"
            + (report.ocrFromCache > 0 ? " (\(report.ocrFromCache) from the cache)" : "")
    }
}

/// The last line of a batch's `--json` output.
public struct SummaryLine: Encodable, Sendable {
    public var summary: String
    public var counts: [String: Int]
    public var seconds: Double
    public var interrupted: Bool

    public init(summary: String, counts: [String: Int], seconds: Double, interrupted: Bool) {
        self.summary = summary
        self.counts = counts
        self.seconds = seconds
        self.interrupted = interrupted
    }
}
