/// Hash functions whose output never changes between runs, processes or machines.
///
/// Swift's `Hasher` is seeded per process, so anything stored or used for ranking hashes with these instead.
public enum StableHash {
    // MARK: FNV-1a, 64-bit

    static let fnvOffsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let fnvPrime: UInt64 = 0x0000_0100_0000_01b3

    /// FNV-1a 64 of `bytes`; the seed is XORed into the offset basis, so seed 0 is standard FNV-1a.
    public static func fnv1a64(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        var hash = fnvOffsetBasis ^ seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* fnvPrime
        }
        return hash
    }

    /// FNV-1a 64 of the UTF-8 bytes of `string`.
    public static func fnv1a64(_ string: String, seed: UInt64 = 0) -> UInt64 {
        var string = string
        return string.withUTF8 { fnv1a64(UnsafeRawBufferPointer($0), seed: seed) }
    }

    /// FNV-1a 64 of a byte array.
    public static func fnv1a64(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
        bytes.withUnsafeBytes { fnv1a64($0, seed: seed) }
    }

    // MARK: MurmurHash3 x86_32

    /// MurmurHash3 x86_32 of `bytes` (Austin Appleby's reference algorithm, blocks read little-endian).
    public static func murmur3_32(_ bytes: UnsafeRawBufferPointer, seed: UInt32 = 0) -> UInt32 {
        let c1: UInt32 = 0xcc9e_2d51
        let c2: UInt32 = 0x1b87_3593
        var hash = seed
        let blockCount = bytes.count / 4

        for block in 0..<blockCount {
            var k = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: block * 4, as: UInt32.self))
            k = k &* c1
            k = rotateLeft(k, 15)
            k = k &* c2
            hash ^= k
            hash = rotateLeft(hash, 13)
            hash = hash &* 5 &+ 0xe654_6b64
        }

        let tail = blockCount * 4
        var k: UInt32 = 0
        switch bytes.count & 3 {
        case 3:
            k ^= UInt32(bytes[tail + 2]) << 16
            fallthrough
        case 2:
            k ^= UInt32(bytes[tail + 1]) << 8
            fallthrough
        case 1:
            k ^= UInt32(bytes[tail])
            k = k &* c1
            k = rotateLeft(k, 15)
            k = k &* c2
            hash ^= k
        default:
            break
        }

        hash ^= UInt32(truncatingIfNeeded: bytes.count)
        return finalMix32(hash)
    }

    /// MurmurHash3 x86_32 of the UTF-8 bytes of `string`.
    public static func murmur3_32(_ string: String, seed: UInt32 = 0) -> UInt32 {
        var string = string
        return string.withUTF8 { murmur3_32(UnsafeRawBufferPointer($0), seed: seed) }
    }

    /// MurmurHash3 x86_32 of a byte array.
    public static func murmur3_32(_ bytes: [UInt8], seed: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { murmur3_32($0, seed: seed) }
    }

    // MARK: Mixing

    @inline(__always)
    static func rotateLeft(_ x: UInt32, _ r: UInt32) -> UInt32 {
        (x << r) | (x >> (32 - r))
    }

    /// MurmurHash3's 32-bit finaliser: every input bit affects every output bit.
    @inline(__always)
    static func finalMix32(_ value: UInt32) -> UInt32 {
        var h = value
        h ^= h >> 16
        h = h &* 0x85eb_ca6b
        h ^= h >> 13
        h = h &* 0xc2b2_ae35
        h ^= h >> 16
        return h
    }

    /// MurmurHash3's 64-bit finaliser, used to spread FNV's weakly mixed high bits.
    @inline(__always)
    static func finalMix64(_ value: UInt64) -> UInt64 {
        var h = value
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        h = h &* 0xc4ce_b9fe_1a85_ec53
        h ^= h >> 33
        return h
    }
}
