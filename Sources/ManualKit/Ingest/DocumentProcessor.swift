import Foundation

/// Caller's choices for one ingest.
public struct IngestOptions: Sendable {
    /// Overrides the PDF's own title.
    public var title: String?
    public var product: Product
    public var password: String?

    public init(title: String? = nil, product: Product = Product(), password: String? = nil) {
        self.title = title
        self.product = product
        self.password = password
    }
}

/// A document parsed, cleaned, chunked and embedded, ready to be written.
public struct ProcessedDocument: Sendable {
    public var source: SourceFile
    public var metadata: PDFMetadata
    public var title: String
    public var pages: [PageRecord]
    /// Chunks with vectors; keywords are added at commit time, against the library's statistics.
    public var chunks: [Chunk]
    public var headings: [OutlineEntry]
    public var termChunkCounts: [String: Int]
    public var removedLines: Int
    /// Physical numbers of pages that carry no text at all.
    public var pagesWithoutText: [Int]
}

/// Runs the per-document stages: PDF parse -> cleanup -> chunks -> vectors. Touches no database.
public struct DocumentProcessor: Sendable {
    public var settings: PipelineSettings

    public init(settings: PipelineSettings = PipelineSettings()) {
        self.settings = settings
    }

    /// Processes `source`; `displayPath` is the path as the user typed it, used in errors.
    public func process(_ source: SourceFile, displayPath: String, options: IngestOptions,
                        progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws(IngestError) -> ProcessedDocument {
        let pdf = try PDFDocument(bytes: source.bytes, path: displayPath, password: options.password)
        var pages: [Page] = []
        pages.reserveCapacity(pdf.pageCount)
        for number in stride(from: 1, through: pdf.pageCount, by: 1) {
            pages.append(pdf.page(number))
            progress?(number, pdf.pageCount)
        }
        let textless = pages.filter { $0.text.allSatisfy { $0.isWhitespace || $0.isNewline } }.map(\.number)
        if textless.count == pages.count {
            throw .noExtractableText(path: displayPath, pages: pages.count)
        }

        let text = TextPipeline(settings: settings.chunking).process(pages: pages, outline: pdf.outline())
        guard !text.chunks.isEmpty else { throw .noExtractableText(path: displayPath, pages: pages.count) }

        var chunks = text.chunks
        let passages = chunks.map(DocumentProcessor.passage)
        for (index, vector) in settings.embedder.embedPassages(passages).enumerated() {
            chunks[index].vector = vector
        }
        var termCounts: [String: Int] = [:]
        for passage in passages {
            for term in Set(TextAnalyzer.terms(passage)) { termCounts[term, default: 0] += 1 }
        }
        let records = pages.enumerated().map { index, page in
            PageRecord(number: page.number, label: page.label, text: page.text,
                       cleanText: index < text.cleanedPages.count ? text.cleanedPages[index] : "")
        }
        let title = options.title ?? pdf.metadata.title ?? (source.fileName as NSString).deletingPathExtension
        return ProcessedDocument(source: source, metadata: pdf.metadata, title: title, pages: records,
                                 chunks: chunks, headings: text.headings, termChunkCounts: termCounts,
                                 removedLines: text.removedLines, pagesWithoutText: textless)
    }

    /// The text a chunk is indexed and embedded by: its heading path carries the topic words.
    static func passage(_ chunk: Chunk) -> String {
        chunk.headingPath.isEmpty ? chunk.text : chunk.headingPath.joined(separator: " ") + "\n" + chunk.text
    }
}
