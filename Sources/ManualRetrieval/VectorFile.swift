import Foundation
import ManualIndex

/// The vector file's bytes (`VectorIndex` scans them): a header, then the chunk ids, document ids, scales
/// and int8 rows of every chunk vector as four columns, in chunk id order.
///
/// The file is derived data, kept current with the library three ways: used as it is when its library
/// and generation are the library's; caught up from the store's change log (`ChunkStore.vectorChanges`)
/// when it is of an older (or newer) generation, which rewrites only the changed documents' rows; made
/// whole again when it is another library's, damaged, or the log does not reach back to it. A caught-up
/// file holds the same rows as one made whole, byte for byte; its header also says at which generation it
/// was last made whole and how many catch-ups followed, which `status` shows.
package enum VectorFile {
    static let magic = Array("MNLVEC03".utf8)
    static let headerSize = 56

    package struct Header: Equatable {
        package var library: Int64
        package var generation: Int64
        package var count: Int
        package var dimension: Int
        /// The generation at which the file was last made whole from every vector.
        package var builtWholeAt: Int64
        /// Catch-ups from the change log since then.
        package var catchUps: Int64
    }

    /// The header of `data`, nil when it is not a whole vector file.
    package static func header(_ data: Data) -> Header? {
        guard data.count >= headerSize, Array(data.prefix(8)) == magic else { return nil }
        let values = data.withUnsafeBytes { raw in
            (0..<6).map { raw.loadUnaligned(fromByteOffset: 8 + 8 * $0, as: Int64.self) }
        }
        let count = Int(values[2]), dimension = Int(values[3])
        guard count >= 0, dimension > 0, data.count == headerSize + count * (8 + 8 + 4 + dimension) else { return nil }
        return Header(library: values[0], generation: values[1], count: count, dimension: dimension,
                      builtWholeAt: values[4], catchUps: values[5])
    }

    /// The file for `store` as of its generation now: the one at `path` when current, else caught up or
    /// made whole, and written back (unless it was newer than this snapshot: the file stays at the newest).
    static func current(store: Store, dimension: Int, path: String) throws -> Data {
        let generation = try store.vectorGeneration(), library = try store.libraryID()
        if let mapped = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped),
           let header = header(mapped), header.library == library, header.dimension == dimension {
            if header.generation == generation { return mapped }
            if let changes = try store.vectorChanges(from: header.generation), changes.generation == generation {
                let caught = catchUp(mapped, header: header, with: changes)
                if generation > header.generation { save(caught, to: path) }
                return caught
            }
        }
        let built = try build(store: store, dimension: dimension)
        save(built, to: path)
        return built
    }

    /// Every vector of the library as it is now, made whole.
    static func build(store: Store, dimension: Int) throws -> Data {
        let library = try store.libraryID(), generation = try store.vectorGeneration()
        var columns = Columns(dimension: dimension)
        try store.forEachQuantizedVector { chunkID, documentID, scale, bytes in
            columns.append(chunkID, documentID, scale, bytes)
        }
        return columns.file(Header(library: library, generation: generation, count: columns.ids.count, dimension: dimension,
                                   builtWholeAt: generation, catchUps: 0))
    }

    /// `data` with the changed documents' rows dropped and their vectors now merged in, in chunk id order.
    static func catchUp(_ data: Data, header: Header, with changes: VectorChanges) -> Data {
        let dimension = header.dimension, count = header.count
        var columns = Columns(dimension: dimension)
        let incoming = changes.vectors.filter { $0.bytes.count == dimension }
        var next = 0
        data.withUnsafeBytes { raw in
            let documents = headerSize + count * 8, scales = documents + count * 8, rows = scales + count * 4
            for row in 0..<count {
                let id = raw.loadUnaligned(fromByteOffset: headerSize + row * 8, as: Int64.self)
                while next < incoming.count, incoming[next].chunkID < id {
                    incoming[next].bytes.withUnsafeBytes { columns.append(incoming[next].chunkID, incoming[next].documentID, incoming[next].scale, $0) }
                    next += 1
                }
                let document = raw.loadUnaligned(fromByteOffset: documents + row * 8, as: Int64.self)
                guard !changes.documents.contains(document) else { continue }
                columns.append(id, document, raw.loadUnaligned(fromByteOffset: scales + row * 4, as: Float.self),
                               UnsafeRawBufferPointer(rebasing: raw[(rows + row * dimension)..<(rows + (row + 1) * dimension)]))
            }
        }
        for vector in incoming[next...] {
            vector.bytes.withUnsafeBytes { columns.append(vector.chunkID, vector.documentID, vector.scale, $0) }
        }
        var caught = header
        caught.generation = changes.generation
        caught.count = columns.ids.count
        caught.catchUps += 1
        return columns.file(caught)
    }

    /// Best effort, written to a temporary file and renamed over the old one: a read-only folder just means
    /// the next question makes it again.
    static func save(_ data: Data, to path: String) {
        let temporary = path + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// The four columns of a file being made.
    private struct Columns {
        let dimension: Int
        var ids: [Int64] = [], documents: [Int64] = [], scales: [Float] = []
        var rows = Data()

        init(dimension: Int) {
            self.dimension = dimension
        }

        /// Vectors of another dimension come from a stale pipeline; reindex --stale replaces them.
        mutating func append(_ id: Int64, _ document: Int64, _ scale: Float, _ bytes: UnsafeRawBufferPointer) {
            guard bytes.count == dimension else { return }
            ids.append(id)
            documents.append(document)
            scales.append(scale)
            rows.append(contentsOf: bytes)
        }

        func file(_ header: Header) -> Data {
            var data = Data(VectorFile.magic)
            data.reserveCapacity(VectorFile.headerSize + ids.count * 20 + rows.count)
            for value in [header.library, header.generation, Int64(ids.count), Int64(dimension), header.builtWholeAt, header.catchUps] {
                withUnsafeBytes(of: value) { data.append(contentsOf: $0) }
            }
            ids.withUnsafeBytes { data.append(contentsOf: $0) }
            documents.withUnsafeBytes { data.append(contentsOf: $0) }
            scales.withUnsafeBytes { data.append(contentsOf: $0) }
            data.append(rows)
            return data
        }
    }
}
