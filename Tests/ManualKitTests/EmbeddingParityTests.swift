import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualIndex

/// The Swift tokenizer and embedder against the Python reference (`scripts/distill-embeddings` writes
/// `Fixtures/embedding/parity.json` with the teacher tokenizer's ids and the reference vectors).
struct EmbeddingParityTests {
    struct Case: Decodable {
        var text: String
        var ids: [Int]
        var vector: [Float]
    }
    struct Reference: Decodable {
        var unk: Int
        var cases: [Case]
    }

    static let reference: Reference = {
        let url = Fixtures.root.appendingPathComponent("embedding/parity.json")
        guard let data = try? Data(contentsOf: url), let reference = try? JSONDecoder().decode(Reference.self, from: data) else {
            fatalError("cannot read \(url.path)")
        }
        return reference
    }()

    let embedder = StaticEmbedder()

    @Test func tokenIDsAreTheReferenceTokenizers() {
        #expect(embedder.tokenizer.unknown == Self.reference.unk)
        for item in Self.reference.cases {
            #expect(embedder.tokenizer.ids(item.text) == item.ids, "\(item.text.prefix(60))")
        }
    }

    @Test func vectorsMatchTheReference() {
        for item in Self.reference.cases {
            let vector = embedder.embed(item.text)
            #expect(vector.count == item.vector.count)
            if item.vector.allSatisfy({ $0 == 0 }) {
                #expect(vector.allSatisfy { $0 == 0 }, "\(item.text.prefix(60)) should be the zero vector")
            } else {
                #expect(VectorCoding.cosine(vector, item.vector) > 0.9999, "\(item.text.prefix(60))")
            }
        }
    }

    @Test func theLinkedTableIsTheOneTheManifestNames() throws {
        let url = Fixtures.root.deletingLastPathComponent().appendingPathComponent("Sources/CEmbeddingTable/data/manifest.json")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let files = manifest?["files"] as? [String: String]
        #expect(files?["embeddings.bin"] == embedder.table.sha256)
        #expect(manifest?["rows"] as? Int == embedder.table.rows)
        #expect(manifest?["dimensions"] as? Int == embedder.dimension)
    }

    @Test func meaningIsCloserThanSpelling() {
        // What hashing could not do: "inflate the tyres" is about tire pressure, not about the oil.
        let question = embedder.embed("inflate the tyres")
        let tires = embedder.embed("Tire Pressure\nCheck the tire pressure monthly and keep the tires at 35 psi.")
        let oil = embedder.embed("Engine Oil\nChange the engine oil and the oil filter every 5,000 miles.")
        #expect(VectorCoding.cosine(question, tires) > VectorCoding.cosine(question, oil) + 0.1)
        let memory = embedder.embed("Give the emulated machine more RAM")
        let setMemory = embedder.embed("SET CPU memory size: the amount of main memory of the simulated CPU")
        let printer = embedder.embed("Printing a test page with the printer driver")
        #expect(VectorCoding.cosine(memory, setMemory) > VectorCoding.cosine(memory, printer))
    }

    @Test func emptyAndUnknownTextsAreTheZeroVector() {
        #expect(embedder.embed("").allSatisfy { $0 == 0 })
        #expect(embedder.embed(" \t\n").allSatisfy { $0 == 0 })
        #expect(embedder.embed(String(repeating: "x", count: 10_000)).allSatisfy { $0 == 0 })
    }
}
