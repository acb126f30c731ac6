/// A vector built by feature hashing: each feature lands in one dimension with a pseudo-random sign.
///
/// The index comes from MurmurHash3 and the sign from FNV-1a (finalised), two independent hashes, so
/// colliding features cancel out on average instead of piling up. Each feature kind hashes with its own
/// seed, so the word "tire" and the 4-gram "tire" are unrelated features.
struct HashedFeatureVector {
    enum Kind: UInt32 {
        case unigram = 1, bigram = 2, charGram = 3
    }

    private(set) var values: [Double]
    private let seeds: [UInt32]

    init(dimension: Int, seed: UInt32) {
        values = [Double](repeating: 0, count: dimension)
        // One derived seed per kind (index 0 unused); the golden-ratio step keeps them far apart.
        seeds = (0...3).map { seed &+ UInt32($0) &* 0x9e37_79b9 }
    }

    /// Adds `weight` to the feature named by `bytes`.
    @inline(__always)
    mutating func add(_ bytes: UnsafeRawBufferPointer, kind: Kind, weight: Double) {
        let seed = seeds[Int(kind.rawValue)]
        let index = Int(StableHash.murmur3_32(bytes, seed: seed) % UInt32(values.count))
        let signBits = StableHash.finalMix64(StableHash.fnv1a64(bytes, seed: UInt64(seed)))
        values[index] += signBits >> 63 == 0 ? weight : -weight
    }

    /// The vector scaled to unit length as Float32; all zeros when nothing was added (never NaN).
    func normalized() -> [Float] {
        var sumOfSquares = 0.0
        for value in values { sumOfSquares += value * value }
        guard sumOfSquares > 0, sumOfSquares.isFinite else { return [Float](repeating: 0, count: values.count) }
        let scale = 1 / sumOfSquares.squareRoot()
        return values.map { Float($0 * scale) }
    }
}
