/// A processed document as the rows of `LibraryTables`, in their column order: what a store that writes
/// through `RowCopying.importRows` (PostgreSQL) stores, the same values `SQLiteStore.save` binds.
struct LibraryRows {
    let documentID: Int64
    let fingerprint: String

    func document(_ d: DocumentRecord) -> [SQLiteValue] {
        [.integer(documentID), .text(d.sourcePath), .text(d.fileName), .text(d.sha256), .integer(d.byteSize),
         d.sourceModified.map { .real($0) } ?? .null, .text(d.title), optional(d.author), optional(d.subject),
         optional(d.creationDate), .integer(Int64(d.pageCount)), optional(d.pdfID), optional(d.product.make),
         optional(d.product.model), d.product.year.map { .integer(Int64($0)) } ?? .null, .text(d.ingestedAt),
         .text(d.pipelineVersion), .integer(d.condition.copyRestricted ? 1 : 0),
         .integer(d.condition.crossReferenceRebuilt ? 1 : 0)]
    }

    func page(_ page: PageRecord) -> [SQLiteValue] {
        [.integer(documentID), .integer(Int64(page.number)), optional(page.label), .text(page.text), .text(page.cleanText),
         .text(page.source.rawValue), page.ocrConfidence.map { .real($0) } ?? .null]
    }

    func chunkID(_ chunk: Chunk) throws(StoreError) -> Int64 {
        guard let id = ChunkID.of(document: documentID, ordinal: chunk.ordinal) else {
            throw StoreError.postgres(path: "", state: "54000",
                                      message: "a document of more than \(ChunkID.perDocument) chunks cannot be stored")
        }
        return id
    }

    func chunk(_ chunk: Chunk) throws(StoreError) -> [SQLiteValue] {
        let text = chunk.text
        return [
            .integer(try chunkID(chunk)), .integer(documentID), .integer(Int64(chunk.ordinal)), .text(text), .text(chunk.heading),
            .text(StoredJSON.strings(chunk.headingPath)), .integer(Int64(chunk.firstPage)), .integer(Int64(chunk.lastPage)),
            optional(chunk.firstLabel), optional(chunk.lastLabel), .text(StoredJSON.sentences(chunk.sentences)),
            .integer(chunk.hasAdmonition ? 1 : 0), .text(StoredJSON.strings(chunk.keywords)),
            // Only the int8 copy is kept, as SQLite's rows since its schema 7.
            .integer(Int64(text.count)), .blob([]), .text(fingerprint), chunk.navigationMarks.map { .text($0.encoded) } ?? .null,
            chunk.passageTerms?.encoded.map { .text($0) } ?? .null,
        ]
    }

    func vector(_ chunk: Chunk) throws(StoreError) -> [SQLiteValue] {
        let quantized = QuantizedVector(chunk.vector)
        return [.integer(try chunkID(chunk)), .integer(documentID), .real(Double(quantized.scale)), .blob(quantized.bytes),
                chunk.sentencePieces.map { .blob($0.encoded) } ?? .null]
    }

    func heading(_ ordinal: Int, _ heading: OutlineEntry) -> [SQLiteValue] {
        [.integer(documentID), .integer(Int64(ordinal)), .text(heading.title), .integer(Int64(heading.level)),
         .integer(Int64(heading.page))]
    }

    func term(_ term: String, count: Int) -> [SQLiteValue] {
        [.text(term), .integer(documentID), .integer(Int64(count))]
    }

    func skipped(_ page: SkippedPage, budget: String) -> [SQLiteValue] {
        [.integer(documentID), .integer(Int64(page.page)), .text(page.reason), .text(budget)]
    }
}
