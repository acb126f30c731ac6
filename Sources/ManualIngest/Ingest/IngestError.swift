/// Why a file could not be ingested. Each case names the file it is about.
public enum IngestError: Error, Equatable, Sendable {
    case fileNotFound(path: String)
    case isDirectory(path: String)
    case permissionDenied(path: String)
    case emptyFile(path: String)
    case notPDF(path: String)
    case damaged(path: String, reason: String)
    case passwordRequired(path: String)
    case wrongPassword(path: String)
    case noExtractableText(path: String, pages: Int)
    /// Ctrl-C or SIGTERM while the document was being read: nothing was written for it.
    case interrupted(path: String)
    /// No page has text, and some could not be read at all (`SkippedPage.description` of each).
    case pagesSkipped(path: String, pages: Int, skipped: [String])
    case unreadable(path: String, reason: String)
    /// The temporary folder could not hold the document while it was processed (full, read-only).
    case noScratchSpace(path: String, reason: String)
    /// A page needed OCR and Tesseract has no traineddata for `language` (one code, e.g. "deu").
    case ocrLanguageUnavailable(path: String, language: String)

    /// The file the error is about.
    public var path: String {
        switch self {
        case .fileNotFound(let p), .isDirectory(let p), .permissionDenied(let p), .emptyFile(let p),
             .notPDF(let p), .damaged(let p, _), .passwordRequired(let p), .wrongPassword(let p),
             .noExtractableText(let p, _), .unreadable(let p, _), .noScratchSpace(let p, _), .pagesSkipped(let p, _, _), .interrupted(let p),
             .ocrLanguageUnavailable(let p, _):
            return p
        }
    }
}
