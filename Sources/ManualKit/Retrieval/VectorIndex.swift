import Foundation

/// Every chunk vector of a library as int8 rows in one file beside it (`library.sqlite.vectors`),
/// memory-mapped for the semantic scan so a query never reads vectors row by row from SQLite.
///
/// The file is derived data: SQLite stays the truth. It carries the library's identity and vector
/// generation, and is rebuilt (written to a temporary file, then renamed over the old one) when the library has
/// moved on; when it cannot be written, the rebuilt index is used from memory.
final class VectorIndex: Sendable {
    private static let magic = Array("MNLVEC02".utf8)
    private static let headerSize = 40

    private let data: Data
    let count: Int
    let dimension: Int

    private var idsOffset: Int { VectorIndex.headerSize }
    private var documentsOffset: Int { idsOffset + count * 8 }
    private var scalesOffset: Int { documentsOffset + count * 8 }
    private var rowsOffset: Int { scalesOffset + count * 4 }

    /// The index for `store`, from the file when it is current, else rebuilt.
    init(store: Store, dimension: Int) throws {
        let path = store.cacheLocation + ".vectors"
        let generation = try store.vectorGeneration(), library = try store.libraryID()
        if let mapped = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped),
           let header = VectorIndex.header(mapped), header.library == library, header.generation == generation,
           header.dimension == dimension {
            data = mapped
            count = header.count
            self.dimension = dimension
            return
        }
        let built = try VectorIndex.build(store: store, dimension: dimension)
        data = built.data
        count = built.count
        self.dimension = dimension
        VectorIndex.save(built.data, to: path)
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

    private static func header(_ data: Data) -> (library: Int64, generation: Int64, count: Int, dimension: Int)? {
        guard data.count >= headerSize, Array(data.prefix(8)) == magic else { return nil }
        let values = data.withUnsafeBytes { raw in
            (0..<4).map { raw.loadUnaligned(fromByteOffset: 8 + 8 * $0, as: Int64.self) }
        }
        let count = Int(values[2]), dimension = Int(values[3])
        guard count >= 0, dimension > 0, data.count == headerSize + count * (8 + 8 + 4 + dimension) else { return nil }
        return (values[0], values[1], count, dimension)
    }

    /// The file's bytes for the library as it is now.
    private static func build(store: Store, dimension: Int) throws -> (data: Data, count: Int) {
        let library = try store.libraryID(), generation = try store.vectorGeneration()
        var ids: [Int64] = [], documents: [Int64] = [], scales: [Float] = []
        var rows = Data()
        try store.forEachQuantizedVector { chunkID, documentID, scale, bytes in
            // Vectors of another dimension come from a stale pipeline; reindex --stale replaces them.
            guard bytes.count == dimension else { return }
            ids.append(chunkID)
            documents.append(documentID)
            scales.append(scale)
            rows.append(contentsOf: bytes)
        }
        var data = Data(magic)
        for value in [library, generation, Int64(ids.count), Int64(dimension)] {
            withUnsafeBytes(of: value) { data.append(contentsOf: $0) }
        }
        ids.withUnsafeBytes { data.append(contentsOf: $0) }
        documents.withUnsafeBytes { data.append(contentsOf: $0) }
        scales.withUnsafeBytes { data.append(contentsOf: $0) }
        data.append(rows)
        return (data, ids.count)
    }

    /// What the vector file beside `store` holds, for `manual check`.
    enum FileState: Equatable {
        case missing
        case current
        /// Made for an earlier state of the library: the next query (or `check --repair`) rebuilds it.
        case older(generation: Int64)
        /// Made for another library that stood at this path: the next query (or `check --repair`) rebuilds it.
        case otherLibrary
        /// Not a vector file, or one that claims the library's generation but not its vectors.
        case damaged
    }

    static func fileState(store: Store, dimension: Int) throws -> FileState {
        let path = store.cacheLocation + ".vectors"
        guard FileManager.default.fileExists(atPath: path) else { return .missing }
        guard let mapped = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped),
              let header = header(mapped), header.dimension == dimension else { return .damaged }
        if header.library != (try store.libraryID()) { return .otherLibrary }
        if header.generation != (try store.vectorGeneration()) { return .older(generation: header.generation) }
        let expected = try build(store: store, dimension: dimension).data
        return expected == mapped ? .current : .damaged
    }

    /// Writes the vector file anew from the library, whatever state it was in.
    static func rebuildFile(store: Store, dimension: Int) throws {
        let built = try build(store: store, dimension: dimension)
        save(built.data, to: store.cacheLocation + ".vectors")
    }

    /// Best effort: a read-only folder just means the next query rebuilds again.
    private static func save(_ data: Data, to path: String) {
        let temporary = path + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
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
