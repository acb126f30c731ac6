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
    /// The PDF's permissions say its text may not be copied (it is indexed anyway: see docs/reliability.md).
    public var copyRestricted = false
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
        ThreadBudget.shared.enter()
        defer { ThreadBudget.shared.leave() }
        let pdf = try PDFDocument(bytes: source.bytes, path: displayPath, password: options.password)
        let read = PageReader.read(pdf, reopening: source.bytes, displayPath: displayPath,
                                   password: options.password, progress: progress)
        let pages = read.map(\.page)
        let title = options.title ?? pdf.metadata.title ?? (source.fileName as NSString).deletingPathExtension
        var processed = try process(pages: pages, lines: read.map(\.lines), outline: pdf.outline(), source: source, metadata: pdf.metadata,
                                    title: title, displayPath: displayPath)
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
        return try process(pages: input, outline: headings, source: source, metadata: metadata, title: document.title,
                           displayPath: document.sourcePath)
    }

    /// `lines`: each page's lines as `PageLineReader` reads them, when already read.
    private func process(pages: [Page], lines: [[LayoutLine]]? = nil, outline: [OutlineEntry], source: SourceFile, metadata: PDFMetadata,
                         title: String, displayPath: String) throws(IngestError) -> ProcessedDocument {
        let textless = pages.filter { $0.text.allSatisfy { $0.isWhitespace || $0.isNewline } }.map(\.number)
        if textless.count == pages.count {
            throw .noExtractableText(path: displayPath, pages: pages.count)
        }

        let pipeline = TextPipeline(settings: settings.chunking)
        let text = pipeline.process(pages: pages, lines: lines ?? pages.map(PageLineReader().read), outline: outline)
        guard !text.chunks.isEmpty else { throw .noExtractableText(path: displayPath, pages: pages.count) }

        // Contents and index pages name every topic and answer none; their text stays in the page table.
        var chunks = text.chunks.filter { !($0.headingPath.first.map(NavigationHeading.isNavigation) ?? false) }
        for index in chunks.indices { chunks[index].ordinal = index }
        // The passages are analysed and counted once, for the vectors and for the library's term statistics.
        let passages = chunks.map(DocumentProcessor.passage)
        var stems = StemCache()
        let termLists = SharedWork.map(count: passages.count, minimumForHelper: 32, helper: {
            var helperStems = StemCache()
            return { TextAnalyzer.analyze(passages[$0], stems: &helperStems).map(\.text) }
        }) { TextAnalyzer.analyze(passages[$0], stems: &stems).map(\.text) }
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
                                 removedLines: text.removedLines, pagesWithoutText: textless)
    }

    /// The text a chunk is indexed and embedded by: its heading path carries the topic words.
    static func passage(_ chunk: Chunk) -> String {
        chunk.headingPath.isEmpty ? chunk.text : chunk.headingPath.joined(separator: " ") + "\n" + chunk.text
    }
}

/// Reads all pages of a document, on two threads when a core is free: poppler's text extraction is
/// most of an ingest's time, and pages are independent of each other.
///
/// Poppler documents are not thread-safe, so the helper thread opens its own `PDFDocument` on the
/// same bytes. Each page is extracted whole by one thread, so the result does not depend on which
/// thread read which page.
enum PageReader {
    /// Documents shorter than this are read on one thread: opening a second copy would cost more.
    static let minimumPagesForHelper = 8

    /// The pages of `pdf` in order, each with its lines as `PageLineReader` reads them (the first
    /// step of cleanup, page by page, done here while two threads are at work); `progress` is
    /// called on the calling thread.
    static func read(_ pdf: PDFDocument, reopening bytes: Data, displayPath: String, password: String?,
                     progress: ((_ done: Int, _ total: Int) -> Void)?) -> [(page: Page, lines: [LayoutLine])] {
        let total = pdf.pageCount
        return SharedWork.map(count: total, minimumForHelper: minimumPagesForHelper, helper: {
            guard let copy = try? PDFDocument(bytes: bytes, path: displayPath, password: password) else { return nil }
            return { readPage(copy, $0 + 1) }
        }, progress: progress.map { report in { done in report(done, total) } }) { readPage(pdf, $0 + 1) }
    }

    private static func readPage(_ pdf: PDFDocument, _ number: Int) -> (page: Page, lines: [LayoutLine]) {
        let page = pdf.page(number)
        return (page, PageLineReader().read(page))
    }
}

/// Independent pieces of work done on the calling thread and, while a core is idle, on one helper
/// thread as well. Results come back in index order and each is computed whole by one thread, so
/// they never depend on the thread timing.
enum SharedWork {
    /// `work(i)` for every `i` in `0..<count`, in order. The helper thread, when there is one, first
    /// calls `helper` to set up its own `work` (its own document, its own caches); when that returns
    /// nil it takes no items. `progress` is called on the calling thread with the number done.
    static func map<T: Sendable>(count: Int, minimumForHelper: Int = 2,
                                 helper: @escaping @Sendable () -> ((Int) -> T)?,
                                 progress: ((Int) -> Void)? = nil,
                                 _ work: (Int) -> T) -> [T] {
        let shelf = Shelf<T>(count: count)
        if count >= minimumForHelper, ThreadBudget.shared.reserve() {
            shelf.helperStarted()
            Thread.detachNewThread {
                runHelper(on: shelf, setUp: helper)
                // Only now, with the helper's document and caches released, may the caller go on
                // (and the process exit); the core is free again before that.
                ThreadBudget.shared.release()
                shelf.helperFinished()
            }
        }
        var reported = 0
        while let index = shelf.nextIndex() {
            reported = shelf.store(work(index), at: index)
            progress?(reported)
        }
        let results = shelf.finishedResults()
        // The helper may finish the last items after this thread's last report.
        if reported < count { progress?(count) }
        return results
    }

    /// The helper thread's share of the items; what `helper` set up is released on return.
    private static func runHelper<T: Sendable>(on shelf: Shelf<T>, setUp helper: @Sendable () -> ((Int) -> T)?) {
        guard let helperWork = helper() else { return }
        while let index = shelf.nextIndex() { shelf.store(helperWork(index), at: index) }
    }

    /// The items of one `map`, handed out and collected under a lock.
    private final class Shelf<T: Sendable>: @unchecked Sendable {
        private let condition = NSCondition()
        private var results: [T?]
        private var next = 0
        private var done = 0
        private var helperRunning = false

        init(count: Int) {
            results = Array(repeating: nil, count: count)
        }

        /// The next item to work on, or nil when all have been handed out.
        func nextIndex() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            guard next < results.count else { return nil }
            next += 1
            return next - 1
        }

        /// Stores a result; returns how many items are done.
        @discardableResult
        func store(_ result: T, at index: Int) -> Int {
            condition.lock()
            defer { condition.unlock() }
            results[index] = result
            done += 1
            return done
        }

        func helperStarted() {
            condition.lock()
            helperRunning = true
            condition.unlock()
        }

        func helperFinished() {
            condition.lock()
            helperRunning = false
            condition.broadcast()
            condition.unlock()
        }

        /// All results, once the helper has finished. Every item handed out was stored by the
        /// thread that took it, so none is missing.
        func finishedResults() -> [T] {
            condition.lock()
            defer { condition.unlock() }
            while helperRunning { condition.wait() }
            return results.map { $0! }
        }
    }
}

/// How many threads of this process are processing documents, so a helper thread is only started
/// while a core is idle (a batch ingest already runs one worker per core).
final class ThreadBudget: @unchecked Sendable {
    static let shared = ThreadBudget()
    private let lock = NSLock()
    private var busy = 0
    private let cores = ProcessInfo.processInfo.activeProcessorCount

    /// Counts a document being processed on the calling thread, until `leave`.
    func enter() {
        lock.lock()
        busy += 1
        lock.unlock()
    }

    func leave() {
        release()
    }

    /// Takes a core for a helper thread if one is idle.
    func reserve() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard busy < cores else { return false }
        busy += 1
        return true
    }

    func release() {
        lock.lock()
        busy -= 1
        lock.unlock()
    }
}
