/// Similarity and storage format of embedding vectors, whichever embedder made them.
public enum VectorCoding {
    /// Cosine of two unit vectors, i.e. their dot product; 0 when either is empty or zero, or their sizes differ.
    public static func cosine(_ a: [Float], _ b: [Float]) -> Float {
        // Vectors of another size come from another embedder configuration: not comparable.
        guard !a.isEmpty, a.count == b.count else { return 0 }
        var dot = 0.0
        for i in a.indices { dot += Double(a[i]) * Double(b[i]) }
        return dot.isFinite ? Float(dot) : 0
    }

    /// The vector as little-endian Float32 bytes, 4 per entry.
    public static func encode(_ vector: [Float]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(vector.count * 4)
        for value in vector {
            let bits = value.bitPattern
            bytes.append(UInt8(truncatingIfNeeded: bits))
            bytes.append(UInt8(truncatingIfNeeded: bits >> 8))
            bytes.append(UInt8(truncatingIfNeeded: bits >> 16))
            bytes.append(UInt8(truncatingIfNeeded: bits >> 24))
        }
        return bytes
    }

    /// Reads little-endian Float32 bytes (e.g. straight from a SQLite blob); a trailing partial entry is ignored.
    public static func decode(_ bytes: UnsafeRawBufferPointer) -> [Float] {
        let count = bytes.count / 4
        var vector = [Float](repeating: 0, count: count)
        for i in 0..<count {
            let bits = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
            vector[i] = Float(bitPattern: bits)
        }
        return vector
    }

    /// Reads little-endian Float32 bytes from an array.
    public static func decode(_ bytes: [UInt8]) -> [Float] {
        bytes.withUnsafeBytes { decode($0) }
    }
}
