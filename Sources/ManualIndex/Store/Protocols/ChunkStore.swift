/// Chunks and their int8 vectors: what retrieval scores and answers quote.
public protocol ChunkStore: AnyObject {
    /// The chunks of a document in order, only those covering `page` when it is given.
    func chunks(documentID: Int64, page: Int?) throws(StoreError) -> [StoredChunk]

    /// The chunks of a document whose ordinals fall in `ordinals`, in order.
    func chunks(documentID: Int64, ordinals: ClosedRange<Int>) throws(StoreError) -> [StoredChunk]

    /// The chunks with these ids, in no particular order.
    func chunks(ids: [Int64]) throws(StoreError) -> [StoredChunk]

    /// The chunk at `ordinal` in a document, if there is one.
    func chunk(documentID: Int64, ordinal: Int) throws(StoreError) -> StoredChunk?

    /// The ids of a document's chunks, in order.
    func chunkIDs(documentID: Int64) throws(StoreError) -> [Int64]

    /// A chunk's heading path and text, without decoding its sentences: what a question is matched against;
    /// with its terms when they were stored at ingest by this analyzer.
    func passage(chunkID: Int64) throws(StoreError) -> StoredPassage?

    /// Total chunks in the library: the N of library-wide idf.
    func chunkCount() throws(StoreError) -> Int

    /// Bumped by every document insert or delete: tells derived files (the vector file) they are stale.
    func vectorGeneration() throws(StoreError) -> Int64

    /// Grows with every document added, removed or moved to another path, by any process: what a process
    /// remembers of answers is keyed by it (`Store.stateKey`).
    func libraryChanges() throws(StoreError) -> Int64

    /// The library's identity, which the vector file made from it carries. Not part of any answer.
    func libraryID() throws(StoreError) -> Int64

    /// Every chunk's int8 vector in chunk order, handed to `body` one at a time
    /// (chunk id, document id, scale, bytes; the bytes are valid only during the call).
    func forEachQuantizedVector(_ body: (Int64, Int64, Float, UnsafeRawBufferPointer) -> Void) throws(StoreError)

    /// Int8 vectors of the chunks passing a document, page or section filter.
    func quantizedVectors(filter: SearchFilter) throws(StoreError) -> [StoredQuantizedVector]

    /// What a vector file made at `generation` must change to be the library's now, read in one snapshot:
    /// the documents added, replaced, re-embedded or removed between the two generations (either way: a
    /// file may be newer than a question's snapshot) and those documents' vectors now. Nil when the store's
    /// change log does not account for every generation between them (it was trimmed, or a repair changed
    /// rows wholesale), or when it keeps none: then the file is made whole again.
    func vectorChanges(from generation: Int64) throws(StoreError) -> VectorChanges?
}

/// The vectors that changed since a generation (`ChunkStore.vectorChanges(from:)`).
public struct VectorChanges: Sendable {
    /// The generation the library is at, in the snapshot these were read from.
    public var generation: Int64
    /// Every document whose vectors changed: a vector file drops all its rows and takes `vectors` instead.
    public var documents: Set<Int64>
    /// The vectors those documents have now (none for a removed one), in chunk order.
    public var vectors: [StoredQuantizedVector]

    public init(generation: Int64, documents: Set<Int64>, vectors: [StoredQuantizedVector]) {
        self.generation = generation
        self.documents = documents
        self.vectors = vectors
    }
}

extension ChunkStore {
    /// The chunks of a document in order.
    public func chunks(documentID: Int64) throws(StoreError) -> [StoredChunk] {
        try chunks(documentID: documentID, page: nil)
    }
}

/// A chunk's heading path and text (`ChunkPassage.text` joins them) and, for a chunk stored since schema 15
/// by a binary with this analyzer, its terms.
public struct StoredPassage: Sendable {
    public var headingPath: [String]
    public var text: String
    public var terms: PassageTerms?

    /// `terms` decoded from a stored column.
    init(headingPath: [String], text: String, storedTerms: String?) {
        self.headingPath = headingPath
        self.text = text
        terms = storedTerms.flatMap(PassageTerms.init(encoded:))
    }
}
