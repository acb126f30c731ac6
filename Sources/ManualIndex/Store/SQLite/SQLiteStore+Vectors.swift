import Foundation

/// One chunk's int8 vector as stored in `chunk_vectors`.
public struct StoredQuantizedVector: Sendable {
    public var chunkID: Int64
    public var documentID: Int64
    public var scale: Float
    public var bytes: [UInt8]
}

extension SQLiteStore {
    /// Bumped by every document insert or delete: tells derived files (the vector file) they are stale.
    public func vectorGeneration() throws(StoreError) -> Int64 {
        try statement("SELECT value FROM library_state WHERE key = 'vector_generation'").integer()
    }

    /// The library's identity (schema step 13), which the vector file beside it carries. Not part of any answer.
    public func libraryID() throws(StoreError) -> Int64 {
        try statement("SELECT value FROM library_state WHERE key = 'library_id'").integer()
    }

    /// The generation plus the documents moved to another path (`updateSource`): both only grow, so the
    /// sum changes with every write an answer could show.
    public func libraryChanges() throws(StoreError) -> Int64 {
        try statement("""
            SELECT coalesce(sum(value), 0) FROM library_state WHERE key IN ('vector_generation', 'document_moves')
            """).integer()
    }

    /// Every chunk's int8 vector in chunk order, handed to `body` one at a time.
    public func forEachQuantizedVector(_ body: (Int64, Int64, Float, UnsafeRawBufferPointer) -> Void) throws(StoreError) {
        let scan = try statement("SELECT chunk_id, document_id, scale, quantized FROM chunk_vectors ORDER BY chunk_id")
        scan.bind([])
        while try scan.step() {
            let chunkID = scan.int(0), documentID = scan.int(1), scale = Float(scan.double(2))
            scan.withBlob(3) { body(chunkID, documentID, scale, $0) }
        }
    }

    /// An SQLite library keeps no change log: its vector file, beside it on the same disk, is made whole
    /// again, which costs about what reading the changes would.
    public func vectorChanges(from generation: Int64) throws(StoreError) -> VectorChanges? { nil }

    /// Int8 vectors of the chunks passing a page or section filter (small sets: scanned from SQLite).
    public func quantizedVectors(filter: SearchFilter) throws(StoreError) -> [StoredQuantizedVector] {
        try statement("""
            SELECT v.chunk_id, v.document_id, v.scale, v.quantized FROM chunk_vectors v JOIN chunks c ON c.id = v.chunk_id
            WHERE (?1 IS NULL OR c.document_id = ?1)
              AND (?2 IS NULL OR (c.first_page <= ?2 AND c.last_page >= ?2))
              AND (?3 IS NULL OR instr(lower(c.heading), lower(?3)) > 0)
            """).rows([filter.documentID.map { .integer($0) } ?? .null, filter.page.map { .integer(Int64($0)) } ?? .null,
                       filter.section.map { .text($0) } ?? .null]) { row in
                StoredQuantizedVector(chunkID: row.int(0), documentID: row.int(1), scale: Float(row.double(2)),
                                      bytes: row.blob(3))
            }
    }

    /// Fills `chunk_vectors` for chunks written before it existed (libraries from schema 3).
    public func backfillQuantizedVectors() throws(StoreError) {
        let pending = try statement("SELECT count(*) FROM library_state WHERE key = 'vector_backfill_needed'")
        guard try pending.integer() != 0 else { return }
        try write {
            let rows = try statement("""
                SELECT c.id, c.document_id, c.vector FROM chunks c
                WHERE NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.chunk_id = c.id)
                """).rows([]) { ($0.int(0), $0.int(1), $0.withBlob(2) { VectorCoding.decode($0) }) }
            let insert = try statement("INSERT INTO chunk_vectors (chunk_id, document_id, scale, quantized) VALUES (?, ?, ?, ?)")
            for (chunkID, documentID, vector) in rows {
                let q = QuantizedVector(vector)
                try insert.run([.integer(chunkID), .integer(documentID), .real(Double(q.scale)), .blob(q.bytes)])
            }
            try statement("UPDATE library_state SET value = value + 1 WHERE key = 'vector_generation'").run()
            try statement("DELETE FROM library_state WHERE key = 'vector_backfill_needed'").run()
        }
    }
}
