import Foundation
import ManualIndex

/// What happened to one file.
public enum IngestOutcome: String, Sendable, Codable {
    case added
    case unchanged
    case replaced
}

/// The result of ingesting one file.
public struct IngestReport: Sendable {
    public var outcome: IngestOutcome
    public var document: DocumentRecord
    public var chunkCount: Int
    /// Running header/footer lines removed by cleanup.
    public var removedLines: Int
    /// Physical numbers of pages with no text layer (stored, but nothing to search on them).
    public var pagesWithoutText: [Int]
    /// What was wrong with the file (copy-restricted, damaged); it was indexed anyway.
    public var condition = SourceCondition()
    /// Pages whose extraction was given up; stored without text.
    public var skippedPages: [SkippedPage] = []
    /// Pages Tesseract recognised for this ingest, and OCR'd pages whose result came from the cache.
    public var ocrRecognised = 0
    public var ocrFromCache = 0
}

/// Ingests files into a store: read, process, then commit each document in one transaction.
public final class Ingestor {
    public let store: Store
    public let processor: DocumentProcessor

    public init(store: Store, settings: PipelineSettings = PipelineSettings()) {
        self.store = store
        self.processor = DocumentProcessor(settings: settings)
    }

    /// Caps the cores this process reads documents on (`--jobs N`): with 1, a document gets no second
    /// extraction thread (nor a second OCR thread). `BatchIngestor` sets it for batches.
    public static func limitCores(to cores: Int) {
        ThreadBudget.shared.limit(to: cores)
    }

    /// Ingests one file. Same bytes as a stored document: unchanged. Same path, new bytes: replaced.
    public func ingest(_ path: String, options: IngestOptions = IngestOptions(),
                       progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> IngestReport {
        let source = try SourceFile.read(path)
        if let existing = try store.document(sha256: source.sha256) {
            return IngestReport(outcome: .unchanged, document: existing,
                                chunkCount: try store.chunks(documentID: existing.id).count,
                                removedLines: 0, pagesWithoutText: [])
        }
        var options = options
        options.knownOCR = try Ingestor.cachedOCR(for: source, store: store, settings: processor.settings)
        options.keepOCRResult = OCRResultKeeper.keeper(libraryPath: store.path, sha256: source.sha256, settings: processor.settings)
        let processed = try processor.process(source, displayPath: path, options: options, progress: progress)
        return try commit(processed, options: options)
    }

    /// Writes a processed document, replacing what was stored from the same path.
    public func commit(_ processed: ProcessedDocument, options: IngestOptions) throws -> IngestReport {
        let parts = processed.parts
        let termCounts = processed.termChunkCounts
        let libraryFrequencies = try store.chunkFrequencies(of: Array(termCounts.keys))
        let libraryChunks = try store.chunkCount() + parts.chunkCount
        let extractor = processor.keywordExtractor
        // Every chunk's keywords are weighed before the write transaction (they need only the frequencies
        // read above): work done while holding the library's write turn keeps another process, another
        // shard of the same batch job, waiting for it. A few words a chunk; the chunks stay on disk.
        let weighed = try Ingestor.weighKeywords(of: parts) { candidates in
            extractor.keywords(from: [candidates], documentFrequency: { (libraryFrequencies[$0] ?? 0) + (termCounts[$0] ?? 0) },
                               chunkCount: libraryChunks).first ?? []
        }
        // Read back on a second thread while a core is idle, as SQLite inserts them.
        let chunks = RowSource<Chunk> { body throws(StoreError) in
            var index = 0
            try Ingestor.reading {
                try parts.forEachChunk { chunk, _ in
                    var chunk = chunk
                    chunk.keywords = weighed[index]
                    index += 1
                    try body(chunk)
                }
            }
        }.readingAhead()
        let pages = RowSource<PageRecord> { body throws(StoreError) in
            try Ingestor.reading { try parts.forEachPage { try body($0) } }
        }

        let meta = processed.metadata
        let record = DocumentRecord(
            sourcePath: processed.source.path, fileName: processed.source.fileName,
            sha256: processed.source.sha256, byteSize: processed.source.byteSize,
            sourceModified: processed.source.modified, title: processed.title, author: meta.author,
            subject: meta.subject, creationDate: meta.creationDate, pageCount: meta.pageCount,
            pdfID: meta.pdfID, product: options.product, ingestedAt: Ingestor.now(),
            pipelineVersion: processor.settings.fingerprint, condition: processed.condition)
        var content = DocumentContent(document: record, pages: pages, chunks: chunks,
                                      headings: processed.headings, termChunkCounts: termCounts,
                                      fingerprint: processor.settings.fingerprint)
        content.skippedPages = processed.skippedPages
        content.extractionBudget = processor.settings.extraction.budgetKey
        content.ocrCache = processed.ocr.results
        content.ocrCacheKey = processor.settings.extraction.ocr.cacheKey
        // Whether the document is new, replaces the one from the same path, or is bytes another process
        // stored meanwhile is decided inside the write transaction, so concurrent ingests cannot collide.
        let (id, outcome) = try store.save(resolving: content)
        if outcome == .unchanged, let existing = try store.document(id: id) {
            return IngestReport(outcome: .unchanged, document: existing,
                                chunkCount: try store.chunks(documentID: id).count,
                                removedLines: 0, pagesWithoutText: [])
        }
        var saved = record
        saved.id = id
        return IngestReport(outcome: outcome == .added ? .added : .replaced, document: saved,
                            chunkCount: parts.chunkCount, removedLines: processed.removedLines,
                            pagesWithoutText: processed.pagesWithoutText, condition: processed.condition,
                            skippedPages: processed.skippedPages, ocrRecognised: processed.ocr.recognised,
                            ocrFromCache: processed.ocr.fromCache)
    }

    /// Each chunk's keywords, in reading order: `weigh` of its candidates, a batch at a time on two threads
    /// while a core is idle (a chunk's keywords depend on its own candidates only).
    private static func weighKeywords(of parts: ProcessedParts,
                                      weigh: @escaping @Sendable (KeywordCandidates) -> [String]) throws(StoreError) -> [[String]] {
        var keywords: [[String]] = []
        keywords.reserveCapacity(parts.chunkCount)
        var batch: [KeywordCandidates] = []
        func weighBatch() {
            let candidates = batch
            keywords += SharedWork.map(count: candidates.count, minimumForHelper: 64, helper: { { weigh(candidates[$0]) } }) {
                weigh(candidates[$0])
            }
            batch.removeAll(keepingCapacity: true)
        }
        try Ingestor.reading {
            try parts.forEachKeywordCandidates { candidates in
                batch.append(candidates)
                if batch.count == 512 { weighBatch() }
            }
        }
        weighBatch()
        return keywords
    }

    /// The library's OCR results for `source`'s bytes under the current OCR settings (none when OCR is off).
    static func cachedOCR(for source: SourceFile, store: Store, settings: PipelineSettings) throws(StoreError) -> [Int: Page] {
        guard settings.extraction.ocr.mode != .never, case .workers = settings.extraction.mode else { return [:] }
        return try store.ocrResults(sha256: source.sha256, key: settings.extraction.ocr.cacheKey)
    }

    /// Runs `read`, a pass over scratch files whose body writes to the store: the store's errors
    /// pass through, and a scratch file that cannot be read back is the store's error too, since
    /// the transaction it interrupts is rolled back.
    private static func reading(_ read: () throws -> Void) throws(StoreError) {
        do {
            try read()
        } catch let error as StoreError {
            throw error
        } catch let error as ScratchError {
            throw .scratchUnreadable(reason: error.reason)
        } catch {
            throw .scratchUnreadable(reason: "\(error)")
        }
    }

    /// Now, ISO 8601 in UTC with milliseconds ("2026-11-25T06:24:59.086Z"; `UTCTimestamp`).
    public static func now() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return UTCTimestamp.format(seconds: Int(time.tv_sec), millis: Int(time.tv_nsec / 1_000_000))
    }
}
