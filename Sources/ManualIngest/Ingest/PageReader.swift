import Foundation
import ManualIndex

/// Reads all pages of a document, on two threads when a core is free: poppler's text extraction is
/// most of an ingest's time, and pages are independent of each other.
///
/// Poppler documents are not thread-safe, so the helper thread opens its own `PDFDocument` on the
/// same file. Each page is extracted whole by one thread, so the result does not depend on which
/// thread read which page.
enum PageReader {
    /// Documents shorter than this are read on one thread: opening a second copy would cost more.
    static let minimumPagesForHelper = 8

    /// The pages of `pdf` at `indices` (0-based) in order, each with its lines as `PageLineReader`
    /// reads them (the first step of cleanup, page by page, done here while two threads are at
    /// work); `progress` is called on the calling thread with pages done in the whole document.
    static func read(_ pdf: PDFDocument, pages indices: Range<Int>, reopening source: SourceFile, displayPath: String,
                     password: String?, progress: ((_ done: Int, _ total: Int) -> Void)?) -> [(page: Page, lines: [LayoutLine])] {
        let total = pdf.pageCount, first = indices.lowerBound
        return SharedWork.map(count: indices.count, minimumForHelper: minimumPagesForHelper, helper: {
            guard let copy = try? PDFDocument(source: source, path: displayPath, password: password) else { return nil }
            return { readPage(copy, first + $0 + 1) }
        }, progress: progress.map { report in { done in report(first + done, total) } }) { readPage(pdf, first + $0 + 1) }
    }

    private static func readPage(_ pdf: PDFDocument, _ number: Int) -> (page: Page, lines: [LayoutLine]) {
        var page = pdf.page(number)
        let lines = PageLineReader().read(page)
        // Read into `lines`, the raw layout is not needed again: keeping both doubled an ingest's memory per page.
        page.lines = []
        return (page, lines)
    }
}
