import Foundation
import ManualIndex

/// Where a document's pages come from: poppler in this process, or worker processes.
protocol PageSource: AnyObject {
    var metadata: PDFMetadata { get }
    var outline: [OutlineEntry] { get }
    var allowsTextCopy: Bool { get }
    /// Pages given up so far.
    var skipped: [SkippedPage] { get }
    /// What OCR did, once every page was read.
    var ocr: OCRReport { get }
    /// The pages at `indices` (0-based), in order, each with its lines as `PageLineReader` reads them.
    func read(_ indices: Range<Int>) throws(IngestError) -> [(page: Page, lines: [LayoutLine])]
}

/// Poppler in this process, on two threads when a core is free (`PageReader`): for programs that use
/// ManualKit on PDFs they trust.
final class InProcessPageSource: PageSource {
    private let pdf: PDFDocument
    private let source: SourceFile
    private let displayPath: String
    private let password: String?
    private let progress: ((_ done: Int, _ total: Int) -> Void)?
    let outline: [OutlineEntry]
    let skipped: [SkippedPage] = []
    let ocr = OCRReport()

    init(source: SourceFile, displayPath: String, password: String?,
         progress: ((_ done: Int, _ total: Int) -> Void)?) throws(IngestError) {
        pdf = try PDFDocument(source: source, path: displayPath, password: password)
        outline = pdf.outline()
        self.source = source
        self.displayPath = displayPath
        self.password = password
        self.progress = progress
    }

    var metadata: PDFMetadata { pdf.metadata }
    var allowsTextCopy: Bool { pdf.allowsTextCopy }

    func read(_ indices: Range<Int>) throws(IngestError) -> [(page: Page, lines: [LayoutLine])] {
        PageReader.read(pdf, pages: indices, reopening: source, displayPath: displayPath, password: password, progress: progress)
    }
}
