import CEmbeddingTable
import CInt8Dot

/// The static word-embedding table distilled from all-MiniLM-L6-v2 (`scripts/distill-embeddings`):
/// one int8 row per vocabulary entry, with a float scale per row.
///
/// The table is linked into the binary (`Sources/CEmbeddingTable`), so `manual` works wherever the
/// binary is copied, and it is read in place: opening it reads a 24-byte header, a look-up is a binary
/// search over the sorted entries, and the kernel pages in only the rows a text uses. Nothing is parsed
/// or copied at start-up. Layout (little-endian), written by `scripts/lib/distill_embeddings.py`:
/// magic `MNLEMB01`, u32 rows, dims, longest entry (in Unicode scalars, without `##`), blob size;
/// f32 scales[rows]; f32 weights[rows] (already applied); i8 matrix[rows x dims]; u32 offsets[rows + 1]
/// into the blob of entries sorted by their UTF-8 bytes; u32 row of each sorted entry; the blob.
public struct EmbeddingTable: Sendable {
    /// The table linked into this binary.
    public static let linked = EmbeddingTable(
        base: UnsafeRawPointer(manual_embedding_table_bytes()), size: manual_embedding_table_size())

    /// Rows (vocabulary entries).
    public let rows: Int
    /// Numbers per row.
    public let dimensions: Int
    /// The longest entry in Unicode scalars (continuation entries without their `##`): no longer
    /// piece can match, so the tokenizer never tries one.
    public let longestEntry: Int
    /// The sha256 of the table file, as the build recorded it: part of the pipeline fingerprint.
    public var sha256: String { String(cString: manual_embedding_table_sha256()) }

    // The table lives in the binary's read-only data for the life of the process: sharing the
    // pointer between threads is safe because nothing ever writes through it.
    private nonisolated(unsafe) let base: UnsafeRawPointer
    private let scalesOffset: Int
    private let matrixOffset: Int
    private let offsetsOffset: Int
    private let sortedRowsOffset: Int
    private let blobOffset: Int

    private init(base: UnsafeRawPointer, size: Int) {
        let magic = Array(UnsafeRawBufferPointer(start: base, count: min(size, 8)))
        let word = { (index: Int) in Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 8 + 4 * index, as: UInt32.self))) }
        precondition(magic == Array("MNLEMB01".utf8), "the linked embedding table is not an MNLEMB01 table")
        rows = word(0)
        dimensions = word(1)
        longestEntry = word(2)
        let blobSize = word(3)
        self.base = base
        scalesOffset = 24
        matrixOffset = scalesOffset + 8 * rows
        offsetsOffset = matrixOffset + rows * dimensions
        sortedRowsOffset = offsetsOffset + 4 * (rows + 1)
        blobOffset = sortedRowsOffset + 4 * rows
        precondition(blobOffset + blobSize <= size, "the linked embedding table is truncated")
    }

    /// The scale of row `row`: its int8 values times this are the distilled numbers.
    @inline(__always)
    func scale(_ row: Int) -> Float {
        Float(bitPattern: UInt32(littleEndian: base.loadUnaligned(fromByteOffset: scalesOffset + 4 * row, as: UInt32.self)))
    }

    /// Adds row `row` times its scale to `sum`.
    @inline(__always)
    func accumulate(row: Int, into sum: inout [Double]) {
        let scale = Double(self.scale(row))
        let values = (base + matrixOffset + row * dimensions).assumingMemoryBound(to: Int8.self)
        // Through a buffer pointer the loop has no bounds or uniqueness checks and is vectorised; each
        // number still gets the same multiply and add, in the same order, so vectors are bit for bit
        // the same.
        sum.withUnsafeMutableBufferPointer { out in
            for d in 0..<dimensions { out[d] += Double(values[d]) * scale }
        }
    }

    /// Adds row `row` times its scale to `sum`, in single precision: for re-ranking's passage vectors
    /// (`Reranker`), which are compared with each other only, never stored, and twice as fast this way.
    /// The loop is C's (`manual_int8_accumulate`): Swift builds for the x86-64 baseline, where widening int8
    /// to float took most of the re-ranker's time; with AVX2 eight numbers go at once, each with the same
    /// multiply and add, so the sums are bit for bit the same.
    @inline(__always)
    func accumulate(row: Int, into sum: inout [Float]) {
        let scale = self.scale(row)
        let values = (base + matrixOffset + row * dimensions).assumingMemoryBound(to: Int8.self)
        sum.withUnsafeMutableBufferPointer { out in
            precondition(out.count >= dimensions)
            manual_int8_accumulate(values, scale, out.baseAddress!, dimensions)
        }
    }

    /// The row of the entry whose UTF-8 bytes are `prefix` (`##` or nothing) followed by `bytes`.
    func row(prefix: Bool, _ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var low = 0, high = rows
        while low < high {
            let middle = (low + high) / 2
            let order = compare(entry: middle, prefix: prefix, bytes)
            if order == 0 { return Int(sortedRow(middle)) }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    private func sortedRow(_ index: Int) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: sortedRowsOffset + 4 * index, as: UInt32.self))
    }

    /// Compares sorted entry `index` with the key: negative when the entry sorts first.
    private func compare(entry index: Int, prefix: Bool, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let start = Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offsetsOffset + 4 * index, as: UInt32.self)))
        let end = Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offsetsOffset + 4 * index + 4, as: UInt32.self)))
        let entry = (base + blobOffset + start).assumingMemoryBound(to: UInt8.self)
        let entryCount = end - start
        let keyCount = bytes.count + (prefix ? 2 : 0)
        var i = 0
        while i < entryCount && i < keyCount {
            let key: UInt8 = prefix ? (i < 2 ? 0x23 : bytes[i - 2]) : bytes[i]
            if entry[i] != key { return Int(entry[i]) - Int(key) }
            i += 1
        }
        return entryCount - keyCount
    }
}
