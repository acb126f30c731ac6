import ManualIndex
/// The semantic channel at the sentence level: how close a sentence's meaning is to the question's,
/// by the same static embedding table the retriever ranks chunks with. A chunk's vector is the mean
/// of a whole section; the sentence that states the answer ("It is 230 kPa") is found by its own words.
struct SentenceMeaning {
    let embedder: StaticEmbedder
    private let question: [Float]

    init(question: String, embedder: StaticEmbedder) {
        self.embedder = embedder
        self.question = embedder.embed(question)
    }

    /// Cosine of the question and `sentence` read under `heading` (the mean of both texts' rows, as
    /// `embed(heading + " " + sentence)` gives it); 0 for texts of unknown pieces only.
    func cosine(heading: String, sentence: String) -> Double {
        var total = sum(sentence)
        if !heading.isEmpty {
            let head = sum(heading)
            for index in total.indices { total[index] += head[index] }
        }
        var dot: Float = 0, norm: Float = 0
        for index in total.indices {
            dot += question[index] * total[index]
            norm += total[index] * total[index]
        }
        guard norm > 0, norm.isFinite, question.count == total.count else { return 0 }
        return Double(dot / norm.squareRoot())
    }

    /// Each text's sum of table rows, from the memo the re-ranker fills with the same sentences' sums. A
    /// sentence is read under its chunk's heading, the same for every sentence of the chunk: summed once,
    /// added to each.
    private func sum(_ text: String) -> [Float] {
        var cache = LentCaches.wordPieces.take()
        defer { LentCaches.wordPieces.putBack(cache) }
        return RowSumMemo.sum(text, embedder: embedder, cache: &cache)
    }
}
