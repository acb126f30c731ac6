import Foundation
import Testing
import TestSupport
@testable import ManualKit

/// The vector scan splits a large library between two threads; what it returns must be exactly what
/// one scan returns: the best rows by score, ties to the earlier chunk.
@Suite struct VectorIndexTests {
    @Test func aSplitScanReturnsWhatOneScanWould() throws {
        let folder = TemporaryFolder()
        let path = folder.path("lib.sqlite")
        _ = try Store(path: path)
        let dimension = 16
        var rng = SplitMix64(seed: 16)
        // A few distinct vectors repeated across the library, so equal scores fall in both halves.
        let patterns = (0..<7).map { _ in (0..<dimension).map { _ in Float(rng.below(2001)) / 1000 - 1 } }
        let rows = VectorIndex.rowsPerExtraThread + 5_000
        var sql = "BEGIN;"
        for id in 1...rows {
            let vector = QuantizedVector(patterns[rng.below(patterns.count)])
            let hex = vector.bytes.map { String(format: "%02x", $0) }.joined()
            sql += "INSERT INTO chunk_vectors (chunk_id, document_id, scale, quantized) VALUES (\(id), \(id % 40 + 1), \(vector.scale), x'\(hex)');"
        }
        try SQLiteFile.execute(path, sql + "COMMIT;")

        let store = try Store(path: path)
        let index = try VectorIndex(store: store, dimension: dimension)
        #expect(index.count == rows)
        let query = (0..<dimension).map { _ in Float(rng.below(2001)) / 1000 - 1 }
        for documentID in [nil, Int64(7)] {
            let found = index.search(query, documentID: documentID, limit: 50).map(\.chunkID)
            #expect(found == (try reference(store, query: query, documentID: documentID, limit: 50)))
            #expect(found.count == 50)
        }
    }

    /// One pass over every stored vector, best score first and ties to the lower chunk id.
    private func reference(_ store: Store, query: [Float], documentID: Int64?, limit: Int) throws -> [Int64] {
        let q = QuantizedVector(query)
        var scored: [(Float, Int64)] = []
        try q.bytes.withUnsafeBytes { queryBytes in
            try store.forEachQuantizedVector { chunkID, document, scale, bytes in
                guard documentID == nil || document == documentID else { return }
                let score = Float(QuantizedVector.dot(queryBytes, bytes, count: query.count)) * q.scale * scale
                if score > 0 { scored.append((score, chunkID)) }
            }
        }
        return scored.sorted { $0.0 != $1.0 ? $0.0 > $1.0 : $0.1 < $1.1 }.prefix(limit).map(\.1)
    }
}
