import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualIndex
@testable import ManualRetrieval

/// The vector scan splits a large library between two threads; what it returns must be exactly what
/// one scan returns: the best rows by score, ties to the earlier chunk.
@Suite struct VectorIndexTests {
    /// The scan's dot product (AVX2 where the processor has it) is the exact integer sum of the products,
    /// for every length (whole blocks of sixteen and the rest) and the extremes of int8.
    @Test func theDotProductIsTheExactSumOfProducts() {
        var rng = SplitMix64(seed: 8)
        for count in [0, 1, 15, 16, 17, 31, 255, 256, 257, 300] {
            for extreme in [false, true] {
                let x: [Int8] = (0..<count).map { _ in extreme ? -128 : Int8(truncatingIfNeeded: rng.next()) }
                let y: [Int8] = (0..<count).map { _ in extreme ? -128 : Int8(truncatingIfNeeded: rng.next()) }
                let expected = zip(x, y).reduce(Int32(0)) { $0 + Int32($1.0) * Int32($1.1) }
                let dot = x.withUnsafeBytes { a in y.withUnsafeBytes { b in QuantizedVector.dot(a, b, count: count) } }
                #expect(dot == expected, "\(count) \(extreme)")
            }
        }
        // A count past either vector reads only what both hold.
        let short: [Int8] = [2, 3], long: [Int8] = [5, 7, 11]
        #expect(short.withUnsafeBytes { a in long.withUnsafeBytes { b in QuantizedVector.dot(a, b, count: 3) } } == 31)
    }

    @Test func aSplitScanReturnsWhatOneScanWould() throws {
        let folder = TemporaryFolder()
        let path = folder.path("lib.sqlite")
        _ = try SQLiteStore(path: path)
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

        let store = try SQLiteStore(path: path)
        let index = try VectorIndex(store: store, dimension: dimension)
        #expect(index.count == rows)
        let query = (0..<dimension).map { _ in Float(rng.below(2001)) / 1000 - 1 }
        for documentID in [nil, Int64(7)] {
            let found = index.search(query, documentID: documentID, limit: 50).map(\.chunkID)
            #expect(found == (try reference(store, query: query, documentID: documentID, limit: 50)))
            #expect(found.count == 50)
        }
    }

    @Test func aLibraryMadeAnewAtTheSamePathDoesNotReadTheOldOnesVectorFile() throws {
        // The library file deleted and made again (one document each time, so the vector generation is the same)
        // with the old vector file left beside it: its rows are another library's chunks.
        let folder = TemporaryFolder()
        let path = folder.path("library.sqlite"), clean = folder.path("clean.sqlite")
        let question = "How long does the battery last on a full charge?"
        let old = try ManualLibrary(path: path)
        _ = try old.ingest(Fixtures.dishwasherGuide)
        _ = try old.ask(question, record: false)
        #expect(FileManager.default.fileExists(atPath: path + ".vectors"))
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        for library in [try ManualLibrary(path: path), try ManualLibrary(path: clean)] {
            _ = try library.ingest(Fixtures.radioGuide)
        }
        let anew = try ManualLibrary(path: path).ask(question, record: false).answer
        let reference = try ManualLibrary(path: clean).ask(question, record: false).answer
        #expect(anew.results.map(\.semanticScore) == reference.results.map(\.semanticScore))
        #expect(anew.answer == reference.answer)
        #expect(try VectorIndex.fileState(store: SQLiteStore(path: path), dimension: StaticEmbedder().dimension) == .current)
    }

    @Test func aCatchUpHoldsTheRowsAFileMadeWholeWould() throws {
        // Documents 1-4, three chunks each; then document 2 re-embedded, 3 removed and 5 added, as a change
        // log reports them: the caught-up file's rows are those of the file made whole from the result.
        let folder = TemporaryFolder()
        let path = folder.path("lib.sqlite")
        _ = try SQLiteStore(path: path)
        func insert(_ document: Int64, seed: Int) -> String {
            (0..<3).map { ordinal in
                let id = ChunkID.of(document: document, ordinal: ordinal)!
                let vector = QuantizedVector((0..<8).map { Float(($0 * 7 + seed + ordinal) % 11) - 5 })
                let hex = vector.bytes.map { String(format: "%02x", $0) }.joined()
                return "INSERT OR REPLACE INTO chunk_vectors (chunk_id, document_id, scale, quantized) VALUES (\(id), \(document), \(vector.scale), x'\(hex)');"
            }.joined()
        }
        try SQLiteFile.execute(path, (1...4).map { insert($0, seed: Int($0)) }.joined())
        let before = try VectorFile.build(store: SQLiteStore(path: path), dimension: 8)
        try SQLiteFile.execute(path, insert(2, seed: 9) + "DELETE FROM chunk_vectors WHERE document_id = 3;" + insert(5, seed: 5))
        let store = try SQLiteStore(path: path)
        var now: [StoredQuantizedVector] = []
        try store.forEachQuantizedVector { id, document, scale, bytes in
            if [2, 5].contains(document) { now.append(StoredQuantizedVector(chunkID: id, documentID: document, scale: scale, bytes: Array(bytes))) }
        }
        let changes = VectorChanges(generation: 9, documents: [2, 3, 5], vectors: now)
        let caught = VectorFile.catchUp(before, header: VectorFile.header(before)!, with: changes)
        let whole = try VectorFile.build(store: store, dimension: 8)
        #expect(caught.dropFirst(VectorFile.headerSize) == whole.dropFirst(VectorFile.headerSize))
        let header = VectorFile.header(caught)
        #expect(header?.count == 12 && header?.generation == 9 && header?.catchUps == 1)
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
