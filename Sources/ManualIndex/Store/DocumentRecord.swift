/// The product a manual belongs to; every part is optional.
public struct Product: Sendable, Equatable, Codable {
    public var make: String?
    public var model: String?
    public var year: Int?

    public init(make: String? = nil, model: String? = nil, year: Int? = nil) {
        self.make = make
        self.model = model
        self.year = year
    }

    public var isEmpty: Bool { make == nil && model == nil && year == nil }
}

/// A stored document: what was ingested, from where, and with which pipeline.
public struct DocumentRecord: Sendable, Equatable, Codable {
    public var id: Int64
    public var sourcePath: String
    public var fileName: String
    public var sha256: String
    public var byteSize: Int64
    /// Modification time of the source when it was read, seconds since 1970.
    public var sourceModified: Double?
    public var title: String
    public var author: String?
    public var subject: String?
    public var creationDate: String?
    public var pageCount: Int
    public var pdfID: String?
    public var product: Product
    /// ISO 8601, UTC.
    public var ingestedAt: String
    /// The pipeline fingerprint the chunks were made with.
    public var pipelineVersion: String
    /// What was wrong with the file when it was read (damaged, copy-restricted), if anything.
    public var condition: SourceCondition

    public init(id: Int64 = 0, sourcePath: String, fileName: String, sha256: String, byteSize: Int64,
                sourceModified: Double? = nil, title: String, author: String? = nil, subject: String? = nil,
                creationDate: String? = nil, pageCount: Int, pdfID: String? = nil,
                product: Product = Product(), ingestedAt: String, pipelineVersion: String,
                condition: SourceCondition = SourceCondition()) {
        self.id = id
        self.sourcePath = sourcePath
        self.fileName = fileName
        self.sha256 = sha256
        self.byteSize = byteSize
        self.sourceModified = sourceModified
        self.title = title
        self.author = author
        self.subject = subject
        self.creationDate = creationDate
        self.pageCount = pageCount
        self.pdfID = pdfID
        self.product = product
        self.ingestedAt = ingestedAt
        self.pipelineVersion = pipelineVersion
        self.condition = condition
    }
}

/// A stored page: its physical number, printed label and text.
public struct PageRecord: Sendable, Equatable, Codable {
    public var number: Int
    public var label: String?
    /// The text as poppler extracted it.
    public var text: String
    /// The text after header/footer removal and cleanup.
    public var cleanText: String
    /// Whether the text came from the PDF's text layer or from OCR.
    public var source: PageTextSource
    /// Tesseract's mean word confidence (0-100) for an OCR'd page with words.
    public var ocrConfidence: Double?

    public init(number: Int, label: String?, text: String, cleanText: String, source: PageTextSource = .text,
                ocrConfidence: Double? = nil) {
        self.number = number
        self.label = label
        self.text = text
        self.cleanText = cleanText
        self.source = source
        self.ocrConfidence = ocrConfidence
    }
}

/// Everything one ingest writes for a document, committed in a single transaction.
public struct DocumentContent: Sendable {
    public var document: DocumentRecord
    public var pages: RowSource<PageRecord>
    public var chunks: RowSource<Chunk>
    public var headings: [OutlineEntry]
    /// For each stemmed term, how many of this document's chunks contain it.
    public var termChunkCounts: [String: Int]
    /// Stored with each chunk so stale chunks can be found after a pipeline change.
    public var fingerprint: String
    /// Pages given up during extraction, and the budgets (`ExtractionSettings.budgetKey`) they were given up under.
    public var skippedPages: [SkippedPage] = []
    public var extractionBudget = ""
    /// OCR results to keep for the next read of the same bytes (`reindex`), under `OCRSettings.cacheKey`.
    public var ocrCache: [OCRCacheEntry] = []
    public var ocrCacheKey = ""

    public init(document: DocumentRecord, pages: [PageRecord], chunks: [Chunk], headings: [OutlineEntry],
                termChunkCounts: [String: Int], fingerprint: String) {
        self.init(document: document, pages: RowSource(pages), chunks: RowSource(chunks), headings: headings,
                  termChunkCounts: termChunkCounts, fingerprint: fingerprint)
    }

    /// Content whose pages and chunks are handed over one at a time, as they are read from elsewhere.
    public init(document: DocumentRecord, pages: RowSource<PageRecord>, chunks: RowSource<Chunk>,
                headings: [OutlineEntry], termChunkCounts: [String: Int], fingerprint: String) {
        self.document = document
        self.pages = pages
        self.chunks = chunks
        self.headings = headings
        self.termChunkCounts = termChunkCounts
        self.fingerprint = fingerprint
    }
}

/// Rows given to the store one at a time, so that a long document is never whole in memory.
public struct RowSource<Row>: Sendable {
    /// Calls its argument with each row in order, stopping at the first error.
    public let forEach: @Sendable (_ body: (Row) throws(StoreError) -> Void) throws(StoreError) -> Void

    /// The rows of an array.
    public init(_ rows: [Row]) where Row: Sendable {
        forEach = { body throws(StoreError) in
            for row in rows { try body(row) }
        }
    }

    /// Rows produced by `forEach`.
    public init(forEach: @escaping @Sendable (_ body: (Row) throws(StoreError) -> Void) throws(StoreError) -> Void) {
        self.forEach = forEach
    }
}
