import Foundation

/// The change log a node's vector file catches up from (`library_changes`: generation, document, op), and
/// its trimming.
extension PostgresStore {
    /// Generations the change log keeps: a vector file older than that is made whole again, which for so
    /// many changed documents costs about what reading their vectors would.
    static let changesKept: Int64 = 10_000

    /// One statement: the documents logged between the two generations, each with its vectors now (a
    /// removed one with none), and how many of the generations between them the log accounts for. Every
    /// write of vectors logs its documents at its generation (`nextGeneration`); a step that logged none
    /// (a repair deleting orphan rows) or a trimmed log leaves a generation unaccounted for, and then
    /// there is nothing to catch up from. Within one snapshot (`reading`), so the vectors are the
    /// generation's.
    public func vectorChanges(from generation: Int64) throws(StoreError) -> VectorChanges? {
        do {
            return try reading { () throws(StoreError) -> VectorChanges? in
                let now = try vectorGeneration()
                let low = min(now, generation), high = max(now, generation)
                guard low < high else { return VectorChanges(generation: now, documents: [], vectors: []) }
                let rows = try connection.query("""
                    WITH logged AS (SELECT generation, document_id FROM library_changes WHERE generation > $1 AND generation <= $2)
                    SELECT (SELECT count(DISTINCT generation) FROM logged), d.document_id, v.chunk_id, v.scale, v.quantized
                    FROM (SELECT DISTINCT document_id FROM logged) d
                    LEFT JOIN (chunks c JOIN chunk_vectors v ON v.chunk_id = c.id) ON c.document_id = d.document_id
                    ORDER BY v.chunk_id
                    """, [.integer(low), .integer(high)])
                guard rows.count > 0, rows.int(0, 0) == high - low else { return nil }
                var documents: Set<Int64> = []
                var vectors: [StoredQuantizedVector] = []
                for row in 0..<rows.count {
                    documents.insert(rows.int(row, 1))
                    guard !rows.isNull(row, 2) else { continue }
                    vectors.append(StoredQuantizedVector(chunkID: rows.int(row, 2), documentID: rows.int(row, 1),
                                                         scale: Float(rows.double(row, 3)), bytes: rows.bytes(row, 4)))
                }
                return VectorChanges(generation: now, documents: documents, vectors: vectors)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .postgres(path: path, state: "", message: "\(error)")
        }
    }

    /// Drops the log's entries older than `changesKept` generations, once every thousand generations
    /// (one indexed delete, in the writer's transaction).
    func trimChanges(at generation: Int64) throws(StoreError) {
        guard generation % 1000 == 0 else { return }
        try connection.query("DELETE FROM library_changes WHERE generation <= $1", [.integer(generation - PostgresStore.changesKept)])
    }
}
