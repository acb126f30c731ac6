import ManualIndex
/// Gathers a document's windows of processed text into its `ProcessedParts` and the statistics
/// that need the whole document: the term counts its vectors are weighed by, its heading tree.
struct DocumentAssembler {
    let parts: ProcessedParts
    let keywordExtractor: KeywordExtractor
    let embedder: StaticEmbedder
    /// The document's path as the user gave it, for errors.
    let displayPath: String
    private(set) var termChunkCounts: [String: Int] = [:]
    private(set) var headings: [OutlineEntry] = []
    private(set) var removedLines = 0
    /// Physical numbers of pages that carry no text at all.
    private(set) var pagesWithoutText: [Int] = []
    /// Chunks the text pipeline made, navigation pages' included.
    private var chunksMade = 0

    init(keywordExtractor: KeywordExtractor, embedder: StaticEmbedder, displayPath: String) {
        parts = ProcessedParts()
        self.keywordExtractor = keywordExtractor
        self.embedder = embedder
        self.displayPath = displayPath
    }

    /// Stores one window's pages and chunks; contents and index pages are left out of the chunks,
    /// since they name every topic and answer none (their text stays in the page table).
    mutating func add(pages: [Page], text: TextPipelineResult) throws(IngestError) {
        do {
            try store(pages: pages, text: text)
        } catch {
            throw .noScratchSpace(path: displayPath, reason: error.reason)
        }
        headings += text.headings
        removedLines += text.removedLines
        // The window's layout, sentences and chunks are gone: hand that memory back, or the allocator
        // keeps it between live blocks and resident memory still grows with the document.
        _ = glibcMallocTrim(0)
    }

    private mutating func store(pages: [Page], text: TextPipelineResult) throws(ScratchError) {
        for (index, page) in pages.enumerated() {
            if page.text.allSatisfy({ $0.isWhitespace || $0.isNewline }) { pagesWithoutText.append(page.number) }
            try parts.append(PageRecord(number: page.number, label: page.label, text: page.text,
                                        cleanText: index < text.cleanedPages.count ? text.cleanedPages[index] : "",
                                        source: page.source, ocrConfidence: page.ocrConfidence))
        }
        chunksMade += text.chunks.count
        let chunks = text.chunks.filter { !($0.headingPath.first.map(NavigationHeading.isNavigation) ?? false) }
        let firstOrdinal = parts.chunkCount
        // Each chunk is judged, analysed, embedded and encoded whole on one thread, two when a core is idle.
        var stems = StemCache()
        let extractor = keywordExtractor, embedder = self.embedder
        let prepared = SharedWork.map(count: chunks.count, minimumForHelper: 32, helper: { [chunks] in
            var helperStems = StemCache()
            return { DocumentAssembler.prepare(chunks[$0], ordinal: firstOrdinal + $0, keywords: extractor, embedder: embedder,
                                               stems: &helperStems) }
        }) { DocumentAssembler.prepare(chunks[$0], ordinal: firstOrdinal + $0, keywords: extractor, embedder: embedder, stems: &stems) }
        for chunk in prepared {
            for term in chunk.terms { termChunkCounts[term, default: 0] += 1 }
            try parts.append(chunk.record)
        }
    }

    /// A chunk ready to store: its scratch record and its distinct passage terms (for the term counts).
    private static func prepare(_ chunk: Chunk, ordinal: Int, keywords: KeywordExtractor, embedder: StaticEmbedder,
                                stems: inout StemCache) -> (record: ScratchRecord, terms: Set<String>) {
        var chunk = chunk
        chunk.ordinal = ordinal
        // Contents and index lines are recognised here and stored as such; the answer never quotes them.
        chunk.navigationMarks = NavigationMarks(judging: chunk.sentences)
        // The passage is analysed once, for the term statistics and the keywords, and embedded.
        let analysis = DocumentProcessor.analyse(chunk, keywords: keywords, embedder: embedder, stems: &stems)
        // Stored, so that a question reads the terms instead of analysing the passage again.
        chunk.passageTerms = PassageTerms(analysis.terms)
        return (ProcessedParts.record(chunk, vector: analysis.vector, pieces: analysis.pieces, candidates: analysis.keywordCandidates),
                Set(analysis.terms))
    }

    /// The finished document, once every window is stored.
    func finish(source: SourceFile, metadata: PDFMetadata, title: String) throws(IngestError) -> ProcessedDocument {
        guard pagesWithoutText.count < parts.pageCount, chunksMade > 0 else {
            throw .noExtractableText(path: displayPath, pages: parts.pageCount)
        }
        return ProcessedDocument(source: source, metadata: metadata, title: title, parts: parts, headings: headings,
                                 termChunkCounts: termChunkCounts, removedLines: removedLines,
                                 pagesWithoutText: pagesWithoutText)
    }
}

/// glibc's `malloc_trim`, which its Swift module does not export.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
