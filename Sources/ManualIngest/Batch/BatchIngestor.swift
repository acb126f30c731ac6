import Foundation
import ManualIndex

/// What a batch worker is asked to (re)process.
public enum BatchItem: Sendable {
    /// A PDF on disk; `force` re-processes it even when its bytes are already stored.
    case file(path: String, force: Bool)
    /// A stored document whose PDF is gone: rebuilt from its stored page text.
    case stored(DocumentRecord)

    /// The path shown to the user for this item.
    public var displayPath: String {
        switch self {
        case .file(let path, _): return path
        case .stored(let document): return document.sourcePath
        }
    }
}

/// Progress of a batch after each document.
public struct BatchProgress: Sendable {
    public var done: Int
    public var total: Int
    public var pages: Int
    public var elapsed: Double
}

/// Runs parse, cleanup, chunking and embedding on several documents at once, one poppler document
/// per worker, while the calling thread commits each finished document in its own transaction.
/// With one job there are no workers: the calling thread processes and commits one document after another.
///
/// Committed documents stay committed: an interrupted batch resumes by running it again.
public final class BatchIngestor {
    public let ingestor: Ingestor
    public let jobs: Int
    /// Checked before each new document starts; in-flight documents still finish and commit.
    public var shouldStop: @Sendable () -> Bool = { false }

    public init(ingestor: Ingestor, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.ingestor = ingestor
        self.jobs = max(1, jobs)
        // `jobs` is the number of cores: with one job, a document gets no helper thread either.
        ThreadBudget.shared.limit(to: self.jobs)
    }

    /// Processes `items`, calling `report` on the calling thread for each one, in completion order.
    public func run(_ items: [BatchItem], options: (BatchItem) -> IngestOptions,
                    report: (BatchItem, Result<IngestReport, Error>, BatchProgress) -> Void) throws {
        let store = ingestor.store
        let known = Set(try store.documents().map(\.sha256))
        // Only a library with OCR results is asked for them, from each worker's own connection.
        let hasOCRResults = try store.hasOCRResults()
        let itemOptions = items.map(options)
        let processor = ingestor.processor
        let libraryPath = store.path
        let work: @Sendable (Int) -> Result<WorkOutcome, Error> = { index in
            BatchIngestor.process(items[index], options: itemOptions[index], known: known, processor: processor,
                                  libraryPath: libraryPath, hasOCRResults: hasOCRResults)
        }
        let started = Date()
        var done = 0, pages = 0
        func commitAndReport(_ index: Int, _ outcome: Result<WorkOutcome, Error>) {
            let result: Result<IngestReport, Error>
            switch outcome {
            case .failure(let error):
                result = .failure(error)
            case .success(.unchanged(let sha)):
                result = Result {
                    guard let document = try store.document(sha256: sha) else { throw StoreError.documentNotFound(sha) }
                    return IngestReport(outcome: .unchanged, document: document,
                                        chunkCount: try store.chunks(documentID: document.id).count,
                                        removedLines: 0, pagesWithoutText: [])
                }
            case .success(.processed(let processed)):
                result = Result { try ingestor.commit(processed, options: itemOptions[index]) }
                pages += processed.parts.pageCount
            }
            done += 1
            report(items[index], result, BatchProgress(done: done, total: items.count, pages: pages,
                                                       elapsed: Date().timeIntervalSince(started)))
        }

        // One job is one core: each document is committed before the next one starts, on this thread.
        if jobs == 1 {
            for index in items.indices {
                if shouldStop() { break }
                commitAndReport(index, work(index))
            }
            return
        }

        // In-order commits: finished documents wait for a slow one ahead of them, so room for several per
        // worker keeps the other workers busy while one large manual is parsed.
        let queue = WorkQueue(capacity: jobs * 4)
        let stop = shouldStop
        let group = DispatchGroup()
        for _ in 0..<min(jobs, items.count) {
            DispatchQueue.global().async(group: group) {
                while let index = queue.nextIndex(limit: items.count), !stop() {
                    queue.deliver(index, work(index))
                }
                queue.workerFinished()
            }
        }
        while let (index, outcome) = queue.take(workers: min(jobs, items.count)) {
            commitAndReport(index, outcome)
        }
        group.wait()
    }

    // @unchecked Sendable: a processed document goes from the worker that made it to the writer through
    // WorkQueue's lock, and the worker never touches it again.
    enum WorkOutcome: @unchecked Sendable {
        case unchanged(String)
        case processed(ProcessedDocument)
    }

    private static func process(_ item: BatchItem, options: IngestOptions, known: Set<String>,
                                processor: DocumentProcessor, libraryPath: String, hasOCRResults: Bool) -> Result<WorkOutcome, Error> {
        Result {
            switch item {
            case .file(let path, let force):
                let source = try SourceFile.read(path)
                if !force && known.contains(source.sha256) { return .unchanged(source.sha256) }
                var options = options
                options.keepOCRResult = OCRResultKeeper.keeper(libraryPath: libraryPath, sha256: source.sha256, settings: processor.settings)
                if hasOCRResults {
                    options.knownOCR = try Ingestor.cachedOCR(for: source, store: try Stores.open(libraryPath), settings: processor.settings)
                }
                return .processed(try processor.process(source, displayPath: path, options: options))
            case .stored(let document):
                // Each worker opens its own connection: a Store is not shared between threads.
                let store = try Stores.open(libraryPath)
                return .processed(try processor.process(stored: document, pageNumbers: try store.pageNumbers(documentID: document.id),
                                                        headings: try store.headings(documentID: document.id)) { range in
                    try store.pages(documentID: document.id, numbers: range)
                })
            }
        }
    }
}
