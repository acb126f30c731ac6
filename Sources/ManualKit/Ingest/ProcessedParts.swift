/// A processed document's pages and chunks, kept in scratch files from the moment each window of
/// pages is processed until the writer commits them: a document is never whole in memory.
public final class ProcessedParts: @unchecked Sendable {
    private let pageFile: ScratchFile
    /// Each chunk (without keywords or vector) and its keyword candidates.
    private let chunkFile: ScratchFile
    /// Each chunk's passage terms, until the document's term statistics are complete.
    private let termFile: ScratchFile
    /// Each chunk's vector, made from its terms once the statistics are.
    private let vectorFile: ScratchFile

    /// Chunks embedded per round, on two threads when a core is free.
    private static let embeddingBatch = 256

    init() {
        pageFile = ScratchFile()
        chunkFile = ScratchFile()
        termFile = ScratchFile()
        vectorFile = ScratchFile()
    }

    /// Pages stored, in physical order.
    public var pageCount: Int { pageFile.count }
    /// Chunks stored, in reading order.
    public var chunkCount: Int { chunkFile.count }

    func append(_ page: PageRecord) throws(ScratchError) {
        var record = ScratchRecord()
        record.put(page)
        try pageFile.append(record)
    }

    func append(_ chunk: Chunk, terms: [String], candidates: KeywordCandidates) throws(ScratchError) {
        var record = ScratchRecord()
        record.put(chunk)
        record.put(candidates)
        try chunkFile.append(record)
        var termRecord = ScratchRecord()
        termRecord.put(terms)
        try termFile.append(termRecord)
    }

    /// Embeds every chunk from its terms, now that `documentFrequency` counts the whole document's.
    func embed(with embedder: HashedEmbedder, documentFrequency: [String: Int]) throws(ScratchError) {
        let passageCount = termFile.count
        var cursor = try termFile.records()
        var batch: [[String]] = []
        func embedBatch() throws(ScratchError) {
            let lists = batch
            let vectors = SharedWork.map(count: lists.count, minimumForHelper: 32, helper: {
                { embedder.embedPassage(lists[$0], passageCount: passageCount, documentFrequency: documentFrequency) }
            }) { embedder.embedPassage(lists[$0], passageCount: passageCount, documentFrequency: documentFrequency) }
            for vector in vectors {
                var record = ScratchRecord()
                record.put(vector)
                try vectorFile.append(record)
            }
            batch.removeAll(keepingCapacity: true)
        }
        while var terms = try cursor.next() {
            batch.append(terms.strings())
            if batch.count == ProcessedParts.embeddingBatch { try embedBatch() }
        }
        if !batch.isEmpty { try embedBatch() }
    }

    /// Passes each page to `body`, in physical order.
    public func forEachPage(_ body: (PageRecord) throws -> Void) throws {
        var cursor = try pageFile.records()
        while var record = try cursor.next() {
            try body(record.page())
        }
    }

    /// Passes each chunk, with its vector, and its keyword candidates to `body`, in reading order.
    public func forEachChunk(_ body: (Chunk, KeywordCandidates) throws -> Void) throws {
        var chunks = try chunkFile.records()
        var vectors = try vectorFile.records()
        while var record = try chunks.next() {
            var chunk = record.chunk()
            let candidates = record.keywordCandidates()
            if var vector = try vectors.next() { chunk.vector = vector.floats() }
            try body(chunk, candidates)
        }
    }

    /// Every page at once, for callers that want them whole (a short document, a test).
    public func pages() throws -> [PageRecord] {
        var out: [PageRecord] = []
        try forEachPage { out.append($0) }
        return out
    }

    /// Every chunk at once, with vectors and without keywords.
    public func chunks() throws -> [Chunk] {
        var out: [Chunk] = []
        try forEachChunk { chunk, _ in out.append(chunk) }
        return out
    }
}
