/// Turns extracted pages into chunks: cleanup, sentences, headings, chunking.
public struct TextPipeline: Sendable {
    public var settings: ChunkerSettings

    /// A pipeline with the given chunking knobs.
    public init(settings: ChunkerSettings = ChunkerSettings()) {
        self.settings = settings
    }

    /// Cleans pages, splits sentences, finds headings and cuts chunks.
    public func process(pages: [Page], outline: [OutlineEntry]) -> TextPipelineResult {
        process(pages: pages, lines: pages.map(PageLineReader().read), outline: outline)
    }

    /// `process(pages:outline:)` with each page's lines already read by `PageLineReader` (which
    /// the ingest does page by page, on the threads that extract the pages).
    ///
    /// A long document comes in windows of pages, each given the `context` the one before left
    /// (`TextPipelineResult.context`).
    package func process(pages: [Page], lines pageLines: consuming [[LayoutLine]], outline: [OutlineEntry],
                 context: WindowContext = WindowContext()) -> TextPipelineResult {
        var cleaned = PageCleanup().clean(pages: pages, lines: pageLines, outline: outline, knownWords: context.vocabulary)
        let cleanedPages = cleaned.pageTexts
        let headings = HeadingDetector().detect(lines: cleaned.lines, outline: outline, pageNumbers: Set(pages.map(\.number)),
                                                documentPages: context.documentPages)
        let blocks = BlockBuilder(settings: settings).build(lines: cleaned.lines, headings: headings.marks,
                                                            openHeadings: context.openHeadings)
        // The chunker works from the blocks: the lines, the largest thing here, can go first.
        cleaned.lines = []
        var labels: [Int: String] = [:]
        for page in pages where labels[page.number] == nil {
            if let label = page.label { labels[page.number] = label }
        }
        let chunks = Chunker(settings: settings).chunk(units: blocks.units, sections: blocks.sections, labels: labels)
        var result = TextPipelineResult(chunks: chunks, headings: headings.entries,
                                        removedLines: cleaned.removedLines, cleanedPages: cleanedPages)
        result.context = context
        result.context.openHeadings = blocks.openHeadings
        result.context.vocabulary = cleaned.vocabulary
        return result
    }
}

/// What the text pipeline produces for one document.
public struct TextPipelineResult: Sendable {
    public var chunks: [Chunk]
    /// The heading tree used for the chunks (from the outline when the PDF has one, else detected), physical pages.
    public var headings: [OutlineEntry]
    /// How many running header/footer/page-number lines cleanup removed.
    public var removedLines: Int
    /// Cleaned text per physical page (used by the `find` command and page-text storage), same count/order as input.
    public var cleanedPages: [String]
    /// What the next window of the same document starts from.
    public var context = WindowContext()

    /// A result from its parts.
    public init(chunks: [Chunk], headings: [OutlineEntry], removedLines: Int, cleanedPages: [String]) {
        self.chunks = chunks
        self.headings = headings
        self.removedLines = removedLines
        self.cleanedPages = cleanedPages
    }
}
