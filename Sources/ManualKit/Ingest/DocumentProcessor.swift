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
    /// Each chunk's keyword candidates, weighed against the library when the document is committed.
    public var keywordCandidates: [KeywordCandidates]
    public var removedLines: Int
    /// Physical numbers of pages that carry no text at all.
    public var pagesWithoutText: [Int]
    /// The PDF's permissions say its text may not be copied (it is indexed anyway: see docs/reliability.md).
    public var copyRestricted = false
}

/// Runs the per-document stages: PDF parse -> cleanup -> chunks -> vectors. Touches no database.
public struct DocumentProcessor: Sendable {
    public var settings: PipelineSettings
    /// Finds each chunk's keyword candidates here, on the worker; `Ingestor.commit` weighs them.
    public let keywordExtractor = KeywordExtractor()

    public init(settings: PipelineSettings = PipelineSettings()) {
        self.settings = settings
    }

    /// Processes `source`; `displayPath` is the path as the user typed it, used in errors.
    public func process(_ source: SourceFile, displayPath: String, options: IngestOptions,
                        progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws(IngestError) -> ProcessedDocument {
        ThreadBudget.shared.enter()
        defer { ThreadBudget.shared.leave() }
        let pdf = try PDFDocument(bytes: source.bytes, path: displayPath, password: options.password)
        let outline = pdf.outline()
        // The layout of every page is the largest thing an ingest holds: it is read, used by the text
        // pipeline and released inside this closure, before the chunks are embedded.
        let (pages, text) = { () -> ([Page], TextPipelineResult) in
            var read = PageReader.read(pdf, reopening: source.bytes, displayPath: displayPath,
                                       password: options.password, progress: progress)
            let pages = read.map(\.page)
            let lines = read.map(\.lines)
            read = []  // so the pipeline holds the only reference to the lines and reworks them in place
            return (pages, TextPipeline(settings: settings.chunking).process(pages: pages, lines: consume lines,
                                                                            outline: outline))
        }()
        let title = options.title ?? DocumentTitle.choose(metadataTitle: pdf.metadata.title, fileName: source.fileName)
        // The PDF's bytes are not needed past this point; a batch may queue several documents for the writer.
        var parsed = source
        parsed.bytes = Data()
        var processed = try finish(pages: pages, text: text, source: parsed, metadata: pdf.metadata, title: title,
                                   displayPath: displayPath)
        processed.copyRestricted = !pdf.allowsTextCopy
        return processed
    }

    /// Re-processes a stored document from its stored page text, for when its PDF is gone.
    ///
    /// Stored text has no layout, so headings come from the stored heading tree and text rules.
    public func process(stored document: DocumentRecord, pages: [PageRecord], headings: [OutlineEntry]) throws(IngestError) -> ProcessedDocument {
        ThreadBudget.shared.enter()
        defer { ThreadBudget.shared.leave() }
        let source = SourceFile(path: document.sourcePath, fileName: document.fileName, bytes: Data(),
                                sha256: document.sha256, modified: document.sourceModified, byteSize: document.byteSize)
        let metadata = PDFMetadata(title: document.title, author: document.author, subject: document.subject,
                                   creationDate: document.creationDate, pdfID: document.pdfID, pageCount: document.pageCount)
        let input = pages.map { Page(number: $0.number, label: $0.label, text: $0.text) }
        return try finish(pages: input, text: TextPipeline(settings: settings.chunking).process(pages: input, outline: headings),
                          source: source, metadata: metadata, title: document.title, displayPath: document.sourcePath)
    }

    /// Turns the text pipeline's chunks into a document ready to commit: navigation pages dropped,
    /// chunks embedded, keyword candidates found.
    private func finish(pages: [Page], text: TextPipelineResult, source: SourceFile, metadata: PDFMetadata,
                        title: String, displayPath: String) throws(IngestError) -> ProcessedDocument {
        let textless = pages.filter { $0.text.allSatisfy { $0.isWhitespace || $0.isNewline } }.map(\.number)
        if textless.count == pages.count {
            throw .noExtractableText(path: displayPath, pages: pages.count)
        }
        guard !text.chunks.isEmpty else { throw .noExtractableText(path: displayPath, pages: pages.count) }

        // Contents and index pages name every topic and answer none; their text stays in the page table.
        var chunks = text.chunks.filter { !($0.headingPath.first.map(NavigationHeading.isNavigation) ?? false) }
        for index in chunks.indices { chunks[index].ordinal = index }
        // The passages are analysed once, for the vectors, the library's term statistics and the keywords.
        var stems = StemCache()
        let extractor = keywordExtractor
        let analysed = SharedWork.map(count: chunks.count, minimumForHelper: 32, helper: { [chunks] in
            var helperStems = StemCache()
            return { DocumentProcessor.analyse(chunks[$0], keywords: extractor, stems: &helperStems) }
        }) { DocumentProcessor.analyse(chunks[$0], keywords: extractor, stems: &stems) }
        let termLists = analysed.map(\.terms)
        let termCounts = HashedEmbedder.passageCounts(termLists)
        let embedder = settings.embedder
        let vectors = SharedWork.map(count: termLists.count, minimumForHelper: 32, helper: {
            { embedder.embedPassage(termLists[$0], passageCount: termLists.count, documentFrequency: termCounts) }
        }) { embedder.embedPassage(termLists[$0], passageCount: termLists.count, documentFrequency: termCounts) }
        for (index, vector) in vectors.enumerated() {
            chunks[index].vector = vector
        }
        let records = pages.enumerated().map { index, page in
            PageRecord(number: page.number, label: page.label, text: page.text,
                       cleanText: index < text.cleanedPages.count ? text.cleanedPages[index] : "")
        }
        return ProcessedDocument(source: source, metadata: metadata, title: title, pages: records,
                                 chunks: chunks, headings: text.headings, termChunkCounts: termCounts,
                                 keywordCandidates: analysed.map(\.keywordCandidates),
                                 removedLines: text.removedLines, pagesWithoutText: textless)
    }

    /// The text a chunk is indexed and embedded by: its heading path carries the topic words.
    static func passage(_ chunk: Chunk) -> String {
        passage(headingPath: chunk.headingPath, text: chunk.text)
    }

    /// A chunk's passage terms and keyword candidates from one analysis of its text.
    ///
    /// The passage is the heading path, a line break, then the text: no term spans the break, so the
    /// text's terms are the passage's after those of the heading path.
    static func analyse(_ chunk: Chunk, keywords: KeywordExtractor,
                                stems: inout StemCache) -> (terms: [String], keywordCandidates: KeywordCandidates) {
        let tokens = TextAnalyzer.analyze(passage(chunk), stems: &stems)
        let headingTerms = chunk.headingPath.isEmpty ? 0
            : TextAnalyzer.analyze(chunk.headingPath.joined(separator: " "), stems: &stems).count
        return (tokens.map(\.text),
                keywords.candidates(text: tokens.dropFirst(headingTerms), headingPath: chunk.headingPath, stems: &stems))
    }

    /// `passage(_:)` from a chunk's heading path and text as stored.
    static func passage(headingPath: [String], text: String) -> String {
        headingPath.isEmpty ? text : headingPath.joined(separator: " ") + "\n" + text
    }
}
