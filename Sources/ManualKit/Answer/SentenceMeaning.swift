import Foundation

/// The semantic channel at the sentence level: how close a sentence's meaning is to the question's,
/// by the same static embedding table the retriever ranks chunks with. A chunk's vector is the mean
/// of a whole section; the sentence that states the answer ("It is 230 kPa") is found by its own words.
struct SentenceMeaning {
    let embedder: StaticEmbedder
    private let question: [Float]

    /// Sentence vectors, by text: popular chunks' sentences are embedded once per process.
    private static let vectors = TextMemo<[Float]>()

    init(question: String, embedder: StaticEmbedder) {
        self.embedder = embedder
        self.question = embedder.embed(question)
    }

    /// Cosine of the question and `text` (0 for a text of unknown pieces only).
    func cosine(_ text: String) -> Double {
        let vector = SentenceMeaning.vectors.value(for: text) { embedder.embed($0) }
        return Double(VectorCoding.cosine(question, vector))
    }
}
