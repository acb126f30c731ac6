import Foundation
import ManualIndex
import ManualIngest

/// One document as `manual show --json` and `GET /api/documents/{id}` describe it: its record, chunk
/// count, pages (with printed labels and how much text each had), skipped pages and its outline.
public struct DocumentDetails: Encodable, Sendable {
    public var document: DocumentRecord
    public var chunks: Int
    public var pagesWithoutText: [Int]
    /// Pages whose extraction was given up, with why.
    public var skippedPages: [SkippedPage]
    /// Pages whose text came from OCR, and the mean of their mean word confidences (0-100).
    public var ocrPages: Int
    public var ocrMeanConfidence: Double?
    public var pages: [PageSummary]
    /// Whether the PDF on disk still holds the ingested bytes: "unchanged", "changed" or "missing".
    public var source: String?
    public var outline: [OutlineLine]?

    /// Reads it from `store`; `outline` and `source` only when asked, since `manual show --json` has
    /// neither and checking the source may hash the file.
    public init(store: Store, id: Int64, withOutline: Bool = false, withSource: Bool = false) throws {
        guard let document = try store.document(id: id) else { throw StoreError.documentNotFound("#\(id)") }
        let pages = try store.pages(documentID: id)
        self.document = document
        chunks = try store.chunks(documentID: id).count
        self.pages = pages.map { PageSummary(page: $0.number, label: $0.label, characters: $0.text.count,
                                             cleanCharacters: $0.cleanText.count, source: $0.source.rawValue,
                                             ocrConfidence: $0.ocrConfidence.map { ($0 * 10).rounded() / 10 }) }
        let ocr = try store.ocrSummary(documentID: id)
        ocrPages = ocr.pages
        ocrMeanConfidence = ocr.meanConfidence.map { ($0 * 10).rounded() / 10 }
        pagesWithoutText = pages.filter { $0.text.allSatisfy(\.isWhitespace) }.map(\.number)
        skippedPages = try store.skippedPages(documentID: id).map(\.page)
        if withOutline { outline = try OutlineLine.outline(store: store, documentID: id) }
        if withSource { source = Reindexer.sourceState(of: document).rawValue }
    }
}

/// One physical page: its printed label and how many characters it had before and after cleanup.
public struct PageSummary: Encodable, Sendable {
    public var page: Int
    public var label: String?
    public var characters: Int
    public var cleanCharacters: Int
    /// "text" (the PDF's text layer) or "ocr".
    public var source: String
    /// Tesseract's mean word confidence for an OCR'd page, 0-100.
    public var ocrConfidence: Double?
}

/// One heading of a document's outline, at the physical page it starts on (and that page's printed label).
public struct OutlineLine: Encodable, Sendable {
    public var title: String
    public var level: Int
    public var page: Int
    public var label: String?

    public static func outline(store: Store, documentID: Int64) throws -> [OutlineLine] {
        let labels = Dictionary(try store.pages(documentID: documentID).map { ($0.number, $0.label) }) { first, _ in first }
        return try store.headings(documentID: documentID).map {
            OutlineLine(title: $0.title, level: $0.level, page: $0.page, label: labels[$0.page] ?? nil)
        }
    }
}
