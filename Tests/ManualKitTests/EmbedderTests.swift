import Foundation
import Testing
@testable import ManualKit

struct StableHashTests {
    @Test func fnv1a64KnownVectors() {
        #expect(StableHash.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHash.fnv1a64("foobar") == 0x8594_4171_f739_67e8)
        #expect(StableHash.fnv1a64(Array("foobar".utf8)) == 0x8594_4171_f739_67e8)
        #expect(StableHash.fnv1a64("a", seed: 1) != StableHash.fnv1a64("a"))
    }

    @Test func murmur3KnownVectors() {
        #expect(StableHash.murmur3_32("", seed: 0) == 0)
        #expect(StableHash.murmur3_32("", seed: 1) == 0x514e_28b7)
        #expect(StableHash.murmur3_32("hello", seed: 0) == 0x248b_fa47)
        #expect(StableHash.murmur3_32("test", seed: 0) == 0xba6b_d213)
        #expect(StableHash.murmur3_32("abc", seed: 0) == 0xb3dd_93fa)
        #expect(StableHash.murmur3_32("The quick brown fox jumps over the lazy dog", seed: 0) == 0x2e4f_f723)
        #expect(StableHash.murmur3_32(Array("hello".utf8)) == 0x248b_fa47)
    }
}

struct EmbedderTests {
    let embedder = HashedEmbedder()
    let tirePassage = "Check the tire pressure at least once a month when the tires are cold. Inflate the tires "
        + "to the recommended pressure shown on the tire placard: 35 psi front and rear."
    let oilPassage = "Change the engine oil and oil filter every 5,000 miles. Use SAE 0W-20 oil. Drain the old oil, "
        + "replace the filter and refill to the full mark on the dipstick."
    let lubricationPassage = "Apply lubricant to the door hinges and latches twice a year to prevent squeaks."
    let phonePassage = "Pair your phone over Bluetooth: open the settings menu, select Connections, then Add Device."

    private func norm(_ v: [Float]) -> Double {
        v.reduce(0) { $0 + Double($1) * Double($1) }.squareRoot()
    }

    @Test func vectorForFixedTextIsPinned() {
        // tf = 1 and idf = 1 keep log() out of it, so these bits hold on any IEEE-754 machine; a
        // per-process seeded hash (Swift's Hasher) would scatter the features and fail here.
        let v = embedder.embedQuery("check tire pressure monthly", idf: { _ in 1 })
        #expect(v.count == 512)
        let nonZero = v.indices.filter { v[$0] != 0 }
        #expect(nonZero.count == 54)
        #expect(Array(nonZero.prefix(5)) == [0, 16, 19, 22, 25])
        #expect(Array(nonZero.prefix(5).map { v[$0].bitPattern }) == [0xbd7c_096a, 0xbd91_8375, 0x3d4d_c984, 0x3caa_7acc, 0x3e5a_452f])
        #expect(StableHash.fnv1a64(VectorCoding.encode(v)) == 0xb354_50a9_4271_bb49)
    }

    @Test func identicalAcrossCalls() {
        let passages = [tirePassage, oilPassage, lubricationPassage]
        #expect(embedder.embedPassages(passages) == embedder.embedPassages(passages))
        #expect(embedder.embedQuery("tire", idf: { _ in 2 }) == embedder.embedQuery("tire", idf: { _ in 2 }))
    }

    @Test func vectorsHaveUnitLength() {
        for v in embedder.embedPassages([tirePassage, oilPassage, lubricationPassage, phonePassage]) {
            #expect(v.count == 512)
            #expect(abs(norm(v) - 1) < 1e-5)
        }
        #expect(abs(norm(embedder.embedQuery("tire pressure", idf: { _ in 1.5 })) - 1) < 1e-5)
    }

    @Test func emptyTextGivesZeroVectorWithoutNaN() {
        let vectors = embedder.embedPassages(["", "the of and", tirePassage])
        #expect(vectors[0] == [Float](repeating: 0, count: 512))
        #expect(vectors[1] == [Float](repeating: 0, count: 512)) // stopwords only
        #expect(embedder.embedQuery("", idf: { _ in 1 }).allSatisfy { $0 == 0 })
        #expect(embedder.embedQuery("tire", idf: { _ in .nan }).allSatisfy { $0 == 0 })
        #expect(embedder.embedPassages([]).isEmpty)
        #expect(VectorCoding.cosine(vectors[0], vectors[2]) == 0)
    }

    /// Query vectors with idf taken from the passages themselves, as the retriever would from stored counts.
    private func similarities(_ query: String, _ passages: [String]) -> [Float] {
        let vectors = embedder.embedPassages(passages)
        var df: [String: Int] = [:]
        for p in passages { for t in Set(TextAnalyzer.terms(p)) { df[t, default: 0] += 1 } }
        let n = Float(passages.count)
        let q = embedder.embedQuery(query, idf: { log(1 + n / Float(max(df[$0] ?? 1, 1))) })
        return vectors.map { VectorCoding.cosine(q, $0) }
    }

    @Test func relatedPassageScoresHigher() {
        let passages = [tirePassage, oilPassage, lubricationPassage, phonePassage]
        let exact = similarities("tire pressure", passages)
        #expect(exact[0] > exact[1] + 0.2)
        let variant = similarities("tyre pressures", passages)
        #expect(variant[0] > variant[1])
        #expect(variant[0] > 0.1)
        let lube = similarities("lubrication", passages)
        #expect(lube[2] > lube[1] && lube[2] > lube[0])
    }

    @Test func spellingVariantsShareSomeSimilarity() {
        let one: (String) -> Float = { _ in 1 }
        let tyre = embedder.embedQuery("tyre", idf: one), tire = embedder.embedQuery("tire", idf: one)
        #expect(VectorCoding.cosine(tyre, tire) > 0)
        #expect(VectorCoding.cosine(tyre, tire) < 0.5)
        let colour = embedder.embedQuery("colour", idf: one), color = embedder.embedQuery("color", idf: one)
        #expect(VectorCoding.cosine(colour, color) > 0.05)
        #expect(VectorCoding.cosine(colour, color) > VectorCoding.cosine(tyre, tire))
        #expect(VectorCoding.cosine(embedder.embedQuery("pressures", idf: one),
                                      embedder.embedQuery("pressure", idf: one)) > 0.99)
    }

    @Test func dimensionAndFingerprint() {
        let small = HashedEmbedder(dimension: 64, seed: 7)
        #expect(small.embedQuery("tire pressure", idf: { _ in 1 }).count == 64)
        #expect(small.embedPassages([tirePassage])[0].count == 64)
        #expect(small.fingerprint != embedder.fingerprint)
        #expect(embedder.fingerprint.contains("dim=512"))
        #expect(embedder.fingerprint.contains(TextAnalyzer.version))
        #expect(HashedEmbedder(seed: 1).fingerprint != embedder.fingerprint)
    }

    @Test func cosineEdgeCases() {
        let v = embedder.embedQuery("tire", idf: { _ in 1 })
        #expect(abs(VectorCoding.cosine(v, v) - 1) < 1e-5)
        #expect(VectorCoding.cosine([], []) == 0)
        #expect(VectorCoding.cosine(v, Array(v.prefix(10))) == 0)
    }

    @Test func encodingIsLittleEndianFloat32() {
        #expect(VectorCoding.encode([1.0]) == [0x00, 0x00, 0x80, 0x3F])
        #expect(VectorCoding.encode([-2.0, 0.5]) == [0x00, 0x00, 0x00, 0xC0, 0x00, 0x00, 0x00, 0x3F])
        #expect(VectorCoding.decode([0x00, 0x00, 0x80, 0x3F]) == [1.0])

        let values: [Float] = [0, -0.0, 1, -1, 0.1, 3.4028235e38, 1e-45, .infinity]
        let bytes = VectorCoding.encode(values)
        #expect(bytes.count == values.count * 4)
        #expect(VectorCoding.decode(bytes).map(\.bitPattern) == values.map(\.bitPattern))
        let fromPointer = bytes.withUnsafeBytes { VectorCoding.decode($0) }
        #expect(fromPointer.map(\.bitPattern) == values.map(\.bitPattern))
        #expect(VectorCoding.decode(bytes + [0x01, 0x02]).count == values.count) // partial tail ignored
    }
}
