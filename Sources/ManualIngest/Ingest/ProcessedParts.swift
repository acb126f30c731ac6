import ManualIndex
/// A processed document's pages and chunks, kept in scratch files from the moment each window of
/// pages is processed until the writer commits them: a document is never whole in memory.
// @unchecked Sendable: owned by one thread at a time: filled by the storing thread of the worker that
// processes the document (`WindowStorer`, which hands it back through its lock), then handed to the
// writer through WorkQueue's lock; nobody touches it after the hand-over. (The writer lends its chunks to
// a read-ahead thread, `RowSource.readingAhead`, and waits for that thread to end.)
public final class ProcessedParts: @unchecked Sendable {
    private let pageFile: ScratchFile
    /// Each chunk (without keywords), its vector, its sentences' pieces and its keyword candidates.
    private let chunkFile: ScratchFile

    init() {
        pageFile = ScratchFile()
        chunkFile = ScratchFile()
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

    /// A chunk's record: the chunk with its vector and its sentences' pieces (both depend on its own text
    /// only, so they are made with the chunk) and its keyword candidates. Made on any thread; `append(_:)`
    /// stores it.
    static func record(_ chunk: Chunk, vector: [Float], pieces: SentencePieces, candidates: KeywordCandidates) -> ScratchRecord {
        var record = ScratchRecord()
        record.put(chunk)
        record.put(vector)
        record.put(bytes: pieces.encoded)
        record.put(candidates)
        return record
    }

    /// Stores a chunk's record (`record(_:vector:pieces:candidates:)`), after the chunks stored before it.
    func append(_ chunkRecord: ScratchRecord) throws(ScratchError) {
        try chunkFile.append(chunkRecord)
    }

    /// Passes each page to `body`, in physical order.
    public func forEachPage(_ body: (PageRecord) throws -> Void) throws {
        var cursor = try pageFile.records()
        while var record = try cursor.next() {
            try body(record.page())
        }
    }

    /// Passes each chunk, with its vector and pieces, to `body`, in reading order, with a reader of its keyword
    /// candidates (the rest of its record, read only when `body` calls it, at most once): ingest weighs the
    /// keywords before its write transaction (`forEachKeywordCandidates`) and does not read them again here.
    public func forEachChunk(_ body: (Chunk, () -> KeywordCandidates) throws -> Void) throws {
        var chunks = try chunkFile.records()
        while var record = try chunks.next() {
            var chunk = record.chunk()
            chunk.vector = record.floats()
            chunk.sentencePieces = record.byteArray().withUnsafeBytes(SentencePieces.init(encoded:))
            try body(chunk, { record.keywordCandidates() })
        }
    }

    /// Passes each chunk's keyword candidates to `body`, in reading order, skipping the rest of its record.
    public func forEachKeywordCandidates(_ body: (KeywordCandidates) throws -> Void) throws {
        var chunks = try chunkFile.records()
        while var record = try chunks.next() {
            record.skipChunkVectorAndPieces()
            try body(record.keywordCandidates())
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
