import ManualIndex
/// Where and under what budgets poppler reads a document.
///
/// In-process is for programs that use ManualKit directly on PDFs they trust (and for its tests). The
/// `manual` CLI always extracts in worker processes: a PDF that makes poppler loop, allocate without
/// bound or crash then costs one page, never the batch (`WorkerPageSource`).
public struct ExtractionSettings: Sendable {
    public enum Mode: Sendable, Equatable {
        case inProcess
        /// `executable` run as `executable _extract` (the `manual` binary itself).
        case workers(executable: String)
    }

    public var mode: Mode
    /// Longest a worker may take to extract one page before it is killed and the page skipped.
    public var pageTimeout: Double
    /// The worker's address-space limit (`RLIMIT_AS`), in bytes.
    public var workerMemoryBytes: Int
    /// Which pages workers OCR, and how (part of the pipeline fingerprint). In-process reading never OCRs.
    public var ocr: OCRSettings

    /// Asked while waiting for a worker: true stops the document (Ctrl-C, SIGTERM), killing the worker.
    public var shouldStop: @Sendable () -> Bool

    public init(mode: Mode = .inProcess, pageTimeout: Double = 10, workerMemoryBytes: Int = 2 << 30,
                ocr: OCRSettings = OCRSettings(), shouldStop: @escaping @Sendable () -> Bool = { false }) {
        self.mode = mode
        self.ocr = ocr
        self.pageTimeout = pageTimeout
        self.workerMemoryBytes = workerMemoryBytes
        self.shouldStop = shouldStop
    }

    /// "10 s", "0.5 s": a budget as people read it.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }

    /// Names the budgets: a page skipped under other budgets is tried again.
    public var budgetKey: String {
        "timeout=\(pageTimeout);memory=\(workerMemoryBytes / (1 << 20))M"
    }
}

/// What OCR did while one document was read.
public struct OCRReport: Sendable, Equatable {
    /// Pages Tesseract recognised during this read.
    public var recognised = 0
    /// OCR'd pages whose result came from the library's cache instead (`reindex` of the same bytes).
    public var fromCache = 0
    /// Every OCR'd page's result (fresh or cached), kept in the cache with the document.
    public var results: [OCRCacheEntry] = []

    public init() {}

    /// All OCR'd pages.
    public var pages: Int { recognised + fromCache }
}
