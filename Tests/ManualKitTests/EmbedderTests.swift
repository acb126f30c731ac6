import Foundation
import Testing
@testable import ManualKit
@testable import ManualIndex

/// The static embedder's behaviour (its parity with the reference is `EmbeddingParityTests`) and the
/// vector storage format.
struct EmbedderTests {
    let embedder = StaticEmbedder()

    @Test func vectorsAreUnitLengthOfTheTablesDimensionAndDeterministic() {
        let text = "Tire Pressure\nCheck the tire pressure at least once a month when the tires are cold."
        let v = embedder.embed(text)
        #expect(v.count == embedder.dimension && embedder.dimension == 256)
        let norm = v.reduce(0.0) { $0 + Double($1) * Double($1) }.squareRoot()
        #expect(abs(norm - 1) < 1e-5)
        #expect(embedder.embed(text) == v)
    }

    /// A batch of texts shares a cache of each word's pieces; its vectors are those of texts embedded alone.
    @Test func vectorsWithACacheOfWordPiecesAreTheVectorsWithout() {
        let texts = ["Tire Pressure\nCheck the tire pressure monthly.", "Re-check tire pressures; unbelievably long-winded words.",
                     "Pression des pneus : vérifiez-la à froid.", "タイヤの空気圧", "", "tire tire tire"]
        var cache = WordPieceCache()
        for text in texts {
            #expect(embedder.embed(text, cache: &cache) == embedder.embed(text))
        }
        for text in texts.reversed() {
            #expect(embedder.embed(text, cache: &cache) == embedder.embed(text))
        }
    }

    /// The ASCII shortcut of the normaliser's white space test is Unicode's White_Space property.
    @Test func asciiWhiteSpaceIsUnicodesWhiteSpace() {
        for value in UInt32(0)..<128 {
            let scalar = Unicode.Scalar(value)!
            #expect(BertNormalizer.isWhitespace(scalar) == (scalar.properties.isWhitespace), "U+\(value)")
        }
    }

    @Test func fingerprintNamesTheTable() {
        #expect(embedder.fingerprint.contains("static-v1"))
        #expect(embedder.fingerprint.contains(String(embedder.table.sha256.prefix(16))))
        #expect(embedder.fingerprint.contains("dim=256"))
    }

    @Test func caseAccentsAndSpacingDoNotChangeAVector() {
        #expect(embedder.embed("Résumé  the ENGINE") == embedder.embed("resume the engine"))
    }

    @Test func cosineEdgeCases() {
        let v = embedder.embed("tire")
        #expect(abs(VectorCoding.cosine(v, v) - 1) < 1e-5)
        #expect(VectorCoding.cosine([], []) == 0)
        #expect(VectorCoding.cosine(v, Array(v.prefix(10))) == 0)
    }

    @Test func encodingIsLittleEndianFloat32() {
        #expect(VectorCoding.encode([1.0]) == [0x00, 0x00, 0x80, 0x3F])
        #expect(VectorCoding.encode([-2.0, 0.5]) == [0x00, 0x00, 0x00, 0xC0, 0x00, 0x00, 0x00, 0x3F])
        #expect(VectorCoding.decode([0x00, 0x00, 0x80, 0x3F]) == [1.0])

        let values: [Float] = [0, -0.0, 1, -1, 0.1, 3.4028235e38, .leastNonzeroMagnitude, .infinity]
        let bytes = VectorCoding.encode(values)
        #expect(bytes.count == values.count * 4)
        #expect(VectorCoding.decode(bytes).map(\.bitPattern) == values.map(\.bitPattern))
        let fromPointer = bytes.withUnsafeBytes { VectorCoding.decode($0) }
        #expect(fromPointer.map(\.bitPattern) == values.map(\.bitPattern))
        #expect(VectorCoding.decode(bytes + [0x01, 0x02]).count == values.count) // partial tail ignored
    }
}
