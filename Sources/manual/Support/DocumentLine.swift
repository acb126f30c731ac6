import ManualKit

/// One line of `ingest --json` / `reindex --json` output: what happened to one document.
struct DocumentLine: Encodable {
    var file: String
    var outcome: String
    var documentID: Int64?
    var title: String?
    var pages: Int?
    var chunks: Int?
    /// Running header/footer lines that cleanup removed.
    var removedLines: Int?
    var pagesWithoutText: [Int]?
    /// Pages whose extraction was given up ("page 7: extraction took longer than 10 s, skipped").
    var skippedPages: [String]?
    /// Pages Tesseract recognised for this document, and OCR'd pages whose result came from the library's cache.
    var ocrPages: Int?
    var ocrCachedPages: Int?
    var error: String?
    var exitCode: Int32?
    /// Position in a batch: documents done so far and in all.
    var done: Int?
    var total: Int?
}

/// The last line of a batch's `--json` output.
struct SummaryLine: Encodable {
    var summary: String
    var counts: [String: Int]
    var seconds: Double
    var interrupted: Bool
}

extension DocumentLine {
    /// The line for a document that was stored.
    init(file: String, report: IngestReport, done: Int? = nil, total: Int? = nil) {
        let d = report.document
        self.init(file: file, outcome: report.outcome.rawValue, documentID: d.id, title: d.title, pages: d.pageCount,
                  chunks: report.chunkCount, removedLines: report.removedLines, pagesWithoutText: report.pagesWithoutText,
                  skippedPages: report.skippedPages.map(\.description),
                  ocrPages: report.ocrRecognised + report.ocrFromCache == 0 ? nil : report.ocrRecognised,
                  ocrCachedPages: report.ocrRecognised + report.ocrFromCache == 0 ? nil : report.ocrFromCache,
                  done: done, total: total)
    }

    /// ", 3 pages OCR'd" (", 3 pages OCR'd, 2 of them from the cache") for the human line; empty without OCR.
    static func ocrNote(_ report: IngestReport) -> String {
        let pages = report.ocrRecognised + report.ocrFromCache
        guard pages > 0 else { return "" }
        return ", \(pages) page\(pages == 1 ? "" : "s") OCR'd"
            + (report.ocrFromCache > 0 ? " (\(report.ocrFromCache) from the cache)" : "")
    }
}
