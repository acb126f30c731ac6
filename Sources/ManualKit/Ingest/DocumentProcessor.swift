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
        let title = options.title ?? pdf.metadata.title ?? (source.fileName as NSString).deletingPathExtension
        return try process(pages: pages, outline: pdf.outline(), source: source, metadata: pdf.metadata,
                           title: title, displayPath: displayPath)
    }

    /// Re-processes a stored document from its stored page text, for when its PDF is gone.
    ///
    /// Stored text has no layout, so headings come from the stored heading tree and text rules.
    public func process(stored document: DocumentRecord, pages: [PageRecord], headings: [OutlineEntry]) throws(IngestError) -> ProcessedDocument {
        let source = SourceFile(path: document.sourcePath, fileName: document.fileName, bytes: Data(),
                                sha256: document.sha256, modified: document.sourceModified, byteSize: document.byteSize)
        let metadata = PDFMetadata(title: document.title, author: document.author, subject: document.subject,
                                   creationDate: document.creationDate, pdfID: document.pdfID, pageCount: document.pageCount)
        let input = pages.map { Page(number: $0.number, label: $0.label, text: $0.text) }
        return try process(pages: input, outline: headings, source: source, metadata: metadata, title: document.title,
                           displayPath: document.sourcePath)
    }

    private func process(pages: [Page], outline: [OutlineEntry], source: SourceFile, metadata: PDFMetadata,
                         title: String, displayPath: String) throws(IngestError) -> ProcessedDocument {
        let textless = pages.filter { $0.text.allSatisfy { $0.isWhitespace || $0.isNewline } }.map(\.number)
        if textless.count == pages.count {
            throw .noExtractableText(path: displayPath, pages: pages.count)
        }

        let text = TextPipeline(settings: settings.chunking).process(pages: pages, outline: outline)
        guard !text.chunks.isEmpty else { throw .noExtractableText(path: displayPath, pages: pages.count) }

        // Contents and index pages name every topic and answer none; their text stays in the page table.
        var chunks = text.chunks.filter { !($0.headingPath.first.map(NavigationHeading.isNavigation) ?? false) }
        for index in chunks.indices { chunks[index].ordinal = index }
        let passages = chunks.map(DocumentProcessor.passage)
        for (index, vector) in settings.embedder.embedPassages(passages).enumerated() {
            chunks[index].vector = vector
        }
        var termCounts: [String: Int] = [:]
        for terms in TextAnalyzer.termLists(passages) {
            for term in Set(terms) { termCounts[term, default: 0] += 1 }
        }
        let records = pages.enumerated().map { index, page in
            PageRecord(number: page.number, label: page.label, text: page.text,
                       cleanText: index < text.cleanedPages.count ? text.cleanedPages[index] : "")
        }
        return ProcessedDocument(source: source, metadata: metadata, title: title, pages: records,
                                 chunks: chunks, headings: text.headings, termChunkCounts: termCounts,
                                 removedLines: text.removedLines, pagesWithoutText: textless)
    }

    /// The text a chunk is indexed and embedded by: its heading path carries the topic words.
    static func passage(_ chunk: Chunk) -> String {
        chunk.headingPath.isEmpty ? chunk.text : chunk.headingPath.joined(separator: " ") + "\n" + chunk.text
    }
}
