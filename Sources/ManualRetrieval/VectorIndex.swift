import Foundation
import ManualIndex

/// Every chunk vector of a library as int8 rows in one file beside it (`library.sqlite.vectors`, or in the
/// node's cache folder for a PostgreSQL library), memory-mapped for the semantic scan so a query never
/// reads vectors row by row from the store.
///
/// The file is derived data: the store stays the truth. `VectorFile` keeps it current (used as it is,
/// caught up from the change log, or made whole again); when it cannot be written, the index made is used
/// from memory.
package final class VectorIndex: Sendable {
    private let data: Data
    let count: Int
    let dimension: Int

    private var idsOffset: Int { VectorFile.headerSize }
    private var documentsOffset: Int { idsOffset + count * 8 }
    private var scalesOffset: Int { documentsOffset + count * 8 }
    private var rowsOffset: Int { scalesOffset + count * 4 }

    /// The index for `store` as of its generation now.
    init(store: Store, dimension: Int) throws {
        data = try VectorFile.current(store: store, dimension: dimension, path: store.cacheLocation + ".vectors")
        count = VectorFile.header(data)?.count ?? 0
        self.dimension = dimension
    }

    /// The `limit` chunks with the highest approximate cosine to `query`, optionally in one document.
    func search(_ query: [Float], documentID: Int64?, limit: Int) -> [ChannelHit] {
        guard query.count == dimension, count > 0, limit > 0 else { return [] }
        let q = QuantizedVector(query)
        guard q.scale > 0 else { return [] }
        // A large library is scanned in two halves at once (the scan is most of a query's time there).
        let parts = count >= VectorIndex.rowsPerExtraThread ? 2 : 1
        let halves = (0..<parts).map { part in (count * part / parts)..<(count * (part + 1) / parts) }
        let found = Locked([TopHits?](repeating: nil, count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let hits = scan(halves[part], query: q, documentID: documentID, limit: limit)
            found.withLock { $0[part] = hits }
        }
        // Offered in row order, the halves' best rows give the one scan's result: ties keep the earlier row.
        var best = TopHits(limit: limit)
        for part in found.withLock({ $0 }) {
            for (score, row) in part?.sorted() ?? [] { best.offer(score, row) }
        }
        return data.withUnsafeBytes { raw in
            best.sorted().map { score, row in
                ChannelHit(chunkID: raw.loadUnaligned(fromByteOffset: idsOffset + row * 8, as: Int64.self), score: Double(score))
            }
        }
    }

    /// The approximate cosine of `query` with each of `chunkIDs` that the index holds (rows are in
    /// chunk id order, so each is one binary search and one dot product).
    func scores(of chunkIDs: [Int64], query: [Float]) -> [Int64: Double] {
        guard query.count == dimension, count > 0 else { return [:] }
        let q = QuantizedVector(query)
        guard q.scale > 0 else { return [:] }
        var scores: [Int64: Double] = [:]
        data.withUnsafeBytes { raw in
            q.bytes.withUnsafeBytes { queryBytes in
                for id in chunkIDs {
                    var low = 0, high = count
                    while low < high {
                        let middle = (low + high) / 2
                        if raw.loadUnaligned(fromByteOffset: idsOffset + middle * 8, as: Int64.self) < id { low = middle + 1 } else { high = middle }
                    }
                    guard low < count, raw.loadUnaligned(fromByteOffset: idsOffset + low * 8, as: Int64.self) == id else { continue }
                    let vector = UnsafeRawBufferPointer(rebasing: raw[(rowsOffset + low * dimension)..<(rowsOffset + (low + 1) * dimension)])
                    let scale = raw.loadUnaligned(fromByteOffset: scalesOffset + low * 4, as: Float.self)
                    scores[id] = Double(Float(QuantizedVector.dot(queryBytes, vector, count: dimension)) * q.scale * scale)
                }
            }
        }
        return scores
    }

    /// Rows from which a second thread joins the scan.
    static let rowsPerExtraThread = 20_000

    /// The best `limit` rows of `rows`, scored against `query`.
    private func scan(_ rows: Range<Int>, query q: QuantizedVector, documentID: Int64?, limit: Int) -> TopHits {
        var best = TopHits(limit: limit)
        data.withUnsafeBytes { raw in
            q.bytes.withUnsafeBytes { queryBytes in
                for row in rows {
                    if let documentID, raw.loadUnaligned(fromByteOffset: documentsOffset + row * 8, as: Int64.self) != documentID {
                        continue
                    }
                    let vector = UnsafeRawBufferPointer(rebasing: raw[(rowsOffset + row * dimension)..<(rowsOffset + (row + 1) * dimension)])
                    let scale = raw.loadUnaligned(fromByteOffset: scalesOffset + row * 4, as: Float.self)
                    let score = Float(QuantizedVector.dot(queryBytes, vector, count: dimension)) * q.scale * scale
                    if score > 0 { best.offer(score, row) }
                }
            }
        }
        return best
    }

    /// What the vector file beside `store` holds, for `manual check`.
    package enum FileState: Equatable {
        case missing
        case current
        /// Made for an earlier state of the library: the next query (or `check --repair`) rebuilds it.
        case older(generation: Int64)
        /// Made for another library that stood at this path: the next query (or `check --repair`) rebuilds it.
        case otherLibrary
        /// Not a vector file, or one that claims the library's generation but not its vectors.
        case damaged
    }

    package static func fileState(store: Store, dimension: Int) throws -> FileState {
        let path = store.cacheLocation + ".vectors"
        guard FileManager.default.fileExists(atPath: path) else { return .missing }
        guard let mapped = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped),
              let header = VectorFile.header(mapped), header.dimension == dimension else { return .damaged }
        if header.library != (try store.libraryID()) { return .otherLibrary }
        if header.generation != (try store.vectorGeneration()) { return .older(generation: header.generation) }
        // What the header says of the file's history (made whole, caught up) is no part of its rows.
        let expected = try VectorFile.build(store: store, dimension: dimension)
        return expected.dropFirst(VectorFile.headerSize) == mapped.dropFirst(VectorFile.headerSize)
            && VectorFile.header(expected)?.count == header.count ? .current : .damaged
    }

    /// Writes the vector file anew from the library, whatever state it was in.
    package static func rebuildFile(store: Store, dimension: Int) throws {
        VectorFile.save(try VectorFile.build(store: store, dimension: dimension), to: store.cacheLocation + ".vectors")
    }
}

/// The best few (score, row) pairs seen so far; ties keep the earlier row, so results are stable.
private struct TopHits {
    let limit: Int
    private var items: [(Float, Int)] = []

    init(limit: Int) {
        self.limit = limit
    }

    mutating func offer(_ score: Float, _ row: Int) {
        if items.count == limit, let last = items.last, score <= last.0 { return }
        let position = items.firstIndex { score > $0.0 } ?? items.count
        items.insert((score, row), at: position)
        if items.count > limit { items.removeLast() }
    }

    func sorted() -> [(Float, Int)] { items }
}
