import Foundation
import ManualIndex

/// Caller's choices for one ingest.
public struct IngestOptions: Sendable {
    /// Overrides the PDF's own title.
    public var title: String?
    public var product: Product
    public var password: String?
    /// Pages skipped when the document was last read under the same extraction budgets, with their
    /// reasons: a worker does not try them again (a resumed batch does not hang at the same page).
    public var knownSkips: [Int: String] = [:]
    /// OCR results the library holds for the document's bytes under the current OCR settings, by page
    /// (`Store.ocrResults`): those pages are not recognised again.
    public var knownOCR: [Int: Page] = [:]
    /// Keeps each page's OCR result as soon as it is recognised (`OCRResultKeeper`), so an interrupted
    /// ingest of a long scan does not recognise those pages again when it is run again.
    public var keepOCRResult: (@Sendable (OCRCacheEntry) -> Void)?

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
    /// The pages and chunks (with vectors; keywords are added at commit time, against the library's
    /// statistics), kept in scratch files rather than in memory.
    public var parts: ProcessedParts
    public var headings: [OutlineEntry]
    public var termChunkCounts: [String: Int]
    public var removedLines: Int
    /// Physical numbers of pages that carry no text at all.
    public var pagesWithoutText: [Int]
    /// What was wrong with the file: copy-restricted, damaged (it is indexed anyway: see docs/reliability.md).
    public var condition = SourceCondition()
    /// Pages whose extraction was given up (over the time budget, or the worker died), stored without text.
    public var skippedPages: [SkippedPage] = []
    /// What OCR did: pages recognised, pages from the cache, and their results for the cache.
    public var ocr = OCRReport()
}

/// Runs the per-document stages: PDF parse -> cleanup -> chunks -> vectors. Touches no database.
///
/// A document is processed a window of pages at a time (`PipelineSettings.windowPages`), and what
/// each window produces goes to scratch files: memory depends on the window, not the document. While
/// a window is cleaned and chunked, the one before it is stored on another thread (`WindowStorer`).
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
        let pages: any PageSource = switch settings.extraction.mode {
        case .inProcess:
            try InProcessPageSource(source: source, displayPath: displayPath, password: options.password, progress: progress)
        case .workers(let executable):
            try WorkerPageSource(source: source, displayPath: displayPath, password: options.password,
                                 settings: settings.extraction, executable: executable, knownSkips: options.knownSkips,
                                 knownOCR: options.knownOCR, keepOCRResult: options.keepOCRResult, progress: progress)
        }
        let outline = pages.outline
        let pageCount = pages.metadata.pageCount
        let storer = WindowStorer(DocumentAssembler(keywordExtractor: keywordExtractor, embedder: settings.embedder,
                                                    displayPath: displayPath))
        defer { _ = try? storer.finish() }  // an error below leaves no storing thread behind
        var context = WindowContext(documentPages: 1...max(pageCount, 1))
        let pipeline = TextPipeline(settings: settings.chunking)
        for window in PageWindows(pageCount: pageCount, limit: settings.windowPages) {
            // A window's page layout is the largest thing an ingest holds: it is read, used by the text
            // pipeline and released before the next window is read.
            var read = try pages.read(window)
            storer.storeHeld()  // the window before, beside this one's cleanup and chunking
            let windowPages = read.map(\.page)
            let lines = read.map(\.lines)
            read = []  // so the pipeline holds the only reference to the lines and reworks them in place
            let text = pipeline.process(pages: windowPages, lines: consume lines, outline: outline, context: context)
            context = text.context
            try storer.hold(pages: windowPages, text: text)
        }
        let assembler = try storer.finish()
        // What was parsed must still be what was hashed, or the stored sha256 would name other bytes.
        try source.checkUnchanged(displayPath: displayPath)
        let title = options.title ?? DocumentTitle.choose(metadataTitle: pages.metadata.title, fileName: source.fileName)
        var processed: ProcessedDocument
        do {
            processed = try assembler.finish(source: source, metadata: pages.metadata, title: title)
        } catch .noExtractableText(let path, let count) where !pages.skipped.isEmpty {
            throw .pagesSkipped(path: path, pages: count, skipped: pages.skipped.map(\.description))
        }
        processed.condition = SourceCondition(copyRestricted: !pages.allowsTextCopy,
                                              crossReferenceRebuilt: !source.crossReferenceIntact)
        processed.skippedPages = pages.skipped
        processed.ocr = pages.ocr
        return processed
    }

    /// Re-processes a stored document from its stored page text, for when its PDF is gone.
    ///
    /// Stored text has no layout, so headings come from the stored heading tree and text rules. The
    /// pages are read a window at a time: `pages` gives those whose physical numbers fall in a range,
    /// and `pageNumbers` are all of them, in order. Throws what `pages` throws, else `IngestError`.
    public func process(stored document: DocumentRecord, pageNumbers: [Int], headings: [OutlineEntry],
                        pages: (ClosedRange<Int>) throws -> [PageRecord]) throws -> ProcessedDocument {
        ThreadBudget.shared.enter()
        defer { ThreadBudget.shared.leave() }
        let source = SourceFile(path: document.sourcePath, fileName: document.fileName, sha256: document.sha256,
                                modified: document.sourceModified, byteSize: document.byteSize)
        let metadata = PDFMetadata(title: document.title, author: document.author, subject: document.subject,
                                   creationDate: document.creationDate, pdfID: document.pdfID, pageCount: document.pageCount)
        let documentPages = (pageNumbers.first ?? 1)...max(pageNumbers.last ?? 1, pageNumbers.first ?? 1)
        var assembler = DocumentAssembler(keywordExtractor: keywordExtractor, embedder: settings.embedder,
                                          displayPath: document.sourcePath)
        var context = WindowContext(documentPages: documentPages)
        let pipeline = TextPipeline(settings: settings.chunking)
        for window in PageWindows(pageCount: pageNumbers.count, limit: settings.windowPages) where !window.isEmpty {
            let input = try pages(pageNumbers[window.lowerBound]...pageNumbers[window.upperBound - 1]).map { record in
                var page = Page(number: record.number, label: record.label, text: record.text)
                page.source = record.source
                page.ocrConfidence = record.ocrConfidence
                return page
            }
            let text = pipeline.process(pages: input, lines: input.map(PageLineReader().read), outline: headings,
                                        context: context)
            context = text.context
            try assembler.add(pages: input, text: text)
        }
        var processed = try assembler.finish(source: source, metadata: metadata, title: document.title)
        // The file is not read again: what was found when it was read still holds.
        processed.condition = document.condition
        return processed
    }

    /// A chunk's passage terms and keyword candidates from one analysis of its text, and its vector.
    ///
    /// The passage is the heading path, a line break, then the text: no term spans the break, so the
    /// text's terms are the passage's after those of the heading path. No WordPiece piece spans white space
    /// either, so the passage's pieces are the heading path's and then each sentence's, which are stored
    /// too (`SentencePieces`): the vector is made from them, not from the passage cut again.
    static func analyse(_ chunk: Chunk, keywords: KeywordExtractor, embedder: StaticEmbedder, stems: inout StemCache)
        -> (terms: [String], keywordCandidates: KeywordCandidates, vector: [Float], pieces: SentencePieces) {
        let text = ChunkPassage.text(chunk)
        let tokens = TextAnalyzer.analyze(text, stems: &stems)
        let headingTerms = chunk.headingPath.isEmpty ? 0
            : TextAnalyzer.analyze(chunk.headingPath.joined(separator: " "), stems: &stems).count
        let embedded = embedding(of: chunk, embedder: embedder, cache: &stems.wordPieces)
        return (tokens.map(\.text),
                keywords.candidates(text: tokens.dropFirst(headingTerms), headingPath: chunk.headingPath, stems: &stems),
                embedded.vector, embedded.pieces)
    }

    /// A chunk's vector and its sentences' table rows (`SentencePieces`), from one cut of its text: the
    /// passage's pieces are the heading path's, then each sentence's, so the vector is `embed(ChunkPassage.text(chunk))`
    /// bit for bit. `cache` keeps the words' pieces for the next chunk.
    package static func embedding(of chunk: Chunk, embedder: StaticEmbedder, cache: inout WordPieceCache)
        -> (vector: [Float], pieces: SentencePieces) {
        let pieces = SentencePieces(sentences: chunk.sentences, embedder: embedder, cache: &cache)
        let headingRows = chunk.headingPath.isEmpty ? [] : embedder.rows(of: chunk.headingPath.joined(separator: " "), cache: &cache)
        return (embedder.embed(rows: headingRows + pieces.rows), pieces)
    }

}

