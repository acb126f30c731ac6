import CSQLite
import Foundation

/// A chunk as stored: its row id and document, with the chunk itself.
public struct StoredChunk: Sendable, Equatable {
    public var id: Int64
    public var documentID: Int64
    public var chunk: Chunk
    /// The pipeline fingerprint the chunk was made with.
    public var fingerprint: String
}

extension SQLiteStore {
    private static let chunkColumns = """
        id, document_id, ordinal, heading_path, first_label, last_label, sentences, has_admonition,
        keywords, vector, fingerprint, navigation_lines,
        (SELECT v.scale FROM chunk_vectors v WHERE v.chunk_id = chunks.id),
        (SELECT v.quantized FROM chunk_vectors v WHERE v.chunk_id = chunks.id),
        (SELECT v.sentence_pieces FROM chunk_vectors v WHERE v.chunk_id = chunks.id)
        """

    private static func strings(_ row: SQLiteStatement, _ column: Int32) -> [String] {
        StoredChunkColumns.strings(row.text(column))
    }

    private static func readChunk(_ row: SQLiteStatement) -> StoredChunk {
        // Chunks written since schema 7 keep their vector only as int8 (see `insertChunks`).
        var vector = row.withBlob(9) { VectorCoding.decode($0) }
        if vector.isEmpty {
            vector = QuantizedVector(scale: Float(row.double(12)), bytes: row.blob(13)).values
        }
        return StoredChunkColumns.chunk(
            id: row.int(0), documentID: row.int(1), ordinal: Int(row.int(2)), headingPath: row.text(3),
            firstLabel: row.text(4), lastLabel: row.text(5), sentences: row.text(6), hasAdmonition: row.int(7) != 0,
            keywords: row.text(8), vector: vector, fingerprint: row.text(10), navigationLines: row.text(11),
            pieces: row.withBlob(14) { SentencePieces(encoded: $0) })
    }

    /// The chunks of a document in order, optionally only those covering `page`.
    public func chunks(documentID: Int64, page: Int?) throws(StoreError) -> [StoredChunk] {
        if let page {
            return try statement("""
                SELECT \(SQLiteStore.chunkColumns) FROM chunks
                WHERE document_id = ? AND first_page <= ? AND last_page >= ? ORDER BY ordinal
                """).rows([.integer(documentID), .integer(Int64(page)), .integer(Int64(page))], SQLiteStore.readChunk)
        }
        return try statement("SELECT \(SQLiteStore.chunkColumns) FROM chunks WHERE document_id = ? ORDER BY ordinal")
            .rows([.integer(documentID)], SQLiteStore.readChunk)
    }

    /// The chunks of a document whose ordinals fall in `ordinals`, in order.
    public func chunks(documentID: Int64, ordinals: ClosedRange<Int>) throws(StoreError) -> [StoredChunk] {
        try statement("SELECT \(SQLiteStore.chunkColumns) FROM chunks WHERE document_id = ? AND ordinal BETWEEN ? AND ? ORDER BY ordinal")
            .rows([.integer(documentID), .integer(Int64(ordinals.lowerBound)), .integer(Int64(ordinals.upperBound))],
                  SQLiteStore.readChunk)
    }

    /// The chunks with these ids, in no particular order.
    public func chunks(ids: [Int64]) throws(StoreError) -> [StoredChunk] {
        let lookup = try statement("SELECT \(SQLiteStore.chunkColumns) FROM chunks WHERE id = ?")
        var out: [StoredChunk] = []
        for id in ids {
            out += try lookup.rows([.integer(id)], SQLiteStore.readChunk)
        }
        return out
    }

    /// A chunk's heading path and text, without decoding its sentences: what a question is matched against.
    public func passage(chunkID: Int64) throws(StoreError) -> StoredPassage? {
        try statement("SELECT heading_path, text, passage_terms FROM chunks WHERE id = ?").rows([.integer(chunkID)]) { row in
            StoredPassage(headingPath: SQLiteStore.strings(row, 0), text: row.text(1) ?? "", storedTerms: row.text(2))
        }.first
    }

    /// Every document's id, title and file name, oldest first: what citation markers name (`DocumentShortName`).
    public func documentTitles() throws(StoreError) -> [(id: Int64, title: String, fileName: String)] {
        try statement("SELECT id, title, file_name FROM documents ORDER BY id").rows([]) { row in
            (id: row.int(0), title: row.text(1) ?? "", fileName: row.text(2) ?? "")
        }
    }

    /// Total chunks in the library: the N of library-wide idf.
    public func chunkCount() throws(StoreError) -> Int {
        Int(try statement("SELECT count(*) FROM chunks").integer())
    }

    /// Library-wide chunk frequency of each term (how many chunks contain it).
    public func chunkFrequencies(of terms: [String]) throws(StoreError) -> [String: Int] {
        // One statement over a JSON array of the terms: a document's commit asks for some ten thousand,
        // and a statement run per term cost twice as much.
        let unique = Array(Set(terms))
        var out: [String: Int] = [:]
        out.reserveCapacity(unique.count)
        for (term, count) in try statement("""
            SELECT t.value, (SELECT coalesce(sum(chunk_count), 0) FROM document_terms WHERE term = t.value)
            FROM json_each(?) t
            """).rows([.text(StoredJSON.strings(unique))], { ($0.text(0) ?? "", Int($0.int(1))) }) {
            out[term] = count
        }
        return out
    }

    /// Chunks written by one INSERT statement. Every statement that writes through the full-text
    /// trigger ends in a statement savepoint, at which FTS5 (SQLite 3.40) writes its pending terms out as
    /// a new segment and merges segments: a statement per chunk spent more time there than on the rows.
    static let chunksPerInsert = 32

    func insertChunks(_ chunks: RowSource<Chunk>, documentID: Int64, fingerprint: String) throws(StoreError) {
        var batch: [Chunk] = []
        batch.reserveCapacity(SQLiteStore.chunksPerInsert)
        try chunks.forEach { chunk throws(StoreError) in
            batch.append(chunk)
            if batch.count == SQLiteStore.chunksPerInsert {
                try insertChunkBatch(batch, documentID: documentID, fingerprint: fingerprint)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty { try insertChunkBatch(batch, documentID: documentID, fingerprint: fingerprint) }
    }

    /// Inserts `batch` in one statement, each row under its `ChunkID`, then the rows' int8 vectors.
    private func insertChunkBatch(_ batch: [Chunk], documentID: Int64, fingerprint: String) throws(StoreError) {
        let row = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        let insert = try statement("""
            INSERT INTO chunks (id, document_id, ordinal, text, heading, heading_path, first_page, last_page,
                first_label, last_label, sentences, has_admonition, keywords, char_count, vector, fingerprint,
                navigation_lines, passage_terms)
            VALUES \(Array(repeating: row, count: batch.count).joined(separator: ", "))
            """)
        var values: [SQLiteValue] = []
        values.reserveCapacity(18 * batch.count)
        var ids: [Int64] = []
        for chunk in batch {
            guard let id = ChunkID.of(document: documentID, ordinal: chunk.ordinal) else {
                throw StoreError.sqlite(path: path, code: SQLITE_TOOBIG,
                                        message: "a document of more than \(ChunkID.perDocument) chunks cannot be stored")
            }
            ids.append(id)
            let text = chunk.text
            values += [
                .integer(id), .integer(documentID), .integer(Int64(chunk.ordinal)), .text(text), .text(chunk.heading),
                .text(StoredJSON.strings(chunk.headingPath)), .integer(Int64(chunk.firstPage)), .integer(Int64(chunk.lastPage)),
                optional(chunk.firstLabel), optional(chunk.lastLabel), .text(StoredJSON.sentences(chunk.sentences)),
                .integer(chunk.hasAdmonition ? 1 : 0), .text(StoredJSON.strings(chunk.keywords)),
                // The float column stays empty: queries read the int8 copy only, and the floats made a
                // library a sixth larger. Rows from before schema 7 keep theirs.
                .integer(Int64(text.count)), .blob([]), .text(fingerprint),
                chunk.navigationMarks.map { .text($0.encoded) } ?? .null,
                chunk.passageTerms?.encoded.map { .text($0) } ?? .null,
            ]
        }
        try insert.run(values)
        let insertVector = try statement("""
            INSERT INTO chunk_vectors (chunk_id, document_id, scale, quantized, sentence_pieces) VALUES (?, ?, ?, ?, ?)
            """)
        for (chunk, id) in zip(batch, ids) {
            let quantized = QuantizedVector(chunk.vector)
            try insertVector.run([.integer(id), .integer(documentID), .real(Double(quantized.scale)), .blob(quantized.bytes),
                                  chunk.sentencePieces.map { .blob($0.encoded) } ?? .null])
        }
    }
}

extension SQLiteStore {
    /// The chunk at `ordinal` in a document, if there is one.
    public func chunk(documentID: Int64, ordinal: Int) throws(StoreError) -> StoredChunk? {
        try chunks(documentID: documentID, ordinals: ordinal...ordinal).first
    }
}
