import Foundation

/// Second look at the best candidates of the fusion, with two signals a chunk's bag of words and its mean
/// vector cannot give:
///
/// - **Proximity** (keyword channel): the question's terms stand together in the passage, in the
///   question's order. Each pair of consecutive question terms (stopwords are not terms, so "rise time of
///   a pulse" gives rise-time and time-puls) counts when the passage holds the second at most
///   `proximityWindow` terms after the first, weighted by the rarer term's idf. A chunk that says "rise
///   time" beats one that has "rise" in one sentence and "time" in another, which BM25 scores alike.
/// - **Best passage** (semantic channel): the highest cosine between the question and a run of
///   `passageSentences` consecutive sentences of the chunk. A chunk's mean vector dilutes the one paragraph
///   that answers among everything else its section says; a few sentences together are the size of a
///   question's answer, while single sentences (list items, table rows) were too short to judge.
///   The cosines are stretched min-max over the candidates, like the chunk's own.
///
/// Each signal is added to its channel's score with its weight and the sum divided by 1 + that weight, so
/// channel scores stay in [0, 1], and a channel whose weight is 0 gets no signal: weights 1/0 and 0/1 stay
/// single channels. Only the best `rerankDepth` candidates are looked at, so the cost per question is fixed.
struct Reranker {
    /// The farthest a question term may follow the previous one in a passage (in terms) to count as near it.
    static let proximityWindow = 2
    /// Sentences in one window of the best-passage signal.
    static let passageSentences = 3

    /// Sentences' sums of rows, remembered per text: a server meets the same candidates question after
    /// question. 4,000 sentences of 256 numbers are about 4 MB. Keyed by the text alone, which is enough:
    /// one table is linked into the binary (`EmbeddingTable.linked`), and every embedder uses it.
    private static let sentenceSums = TextMemo<[Float]>(capacity: 4_000)

    let terms: QueryTerms
    /// The question's unit vector; empty when the semantic channel is off.
    let question: [Float]
    let embedder: StaticEmbedder

    /// Idf-weighted share of the question's consecutive term pairs that occur near each other, in order,
    /// in `passageTerms` (the passage's terms in reading order). 0 for a question of fewer than two terms.
    func proximity(_ passageTerms: [String]) -> Double {
        let wanted = terms.terms
        guard wanted.count >= 2 else { return 0 }
        let index = Dictionary(uniqueKeysWithValues: wanted.enumerated().map { ($1, $0) })
        var positions = [[Int]](repeating: [], count: wanted.count)
        for (position, term) in passageTerms.enumerated() {
            if let i = index[term] { positions[i].append(position) }
        }
        var total = 0.0, near = 0.0
        for i in 0..<(wanted.count - 1) {
            let weight = min(terms.idf(wanted[i]), terms.idf(wanted[i + 1]))
            total += weight
            if Reranker.follows(positions[i + 1], positions[i], within: Reranker.proximityWindow) { near += weight }
        }
        return total > 0 ? near / total : 0
    }

    /// Whether some position in `second` is 1...`window` after some position in `first` (both ascending).
    static func follows(_ second: [Int], _ first: [Int], within window: Int) -> Bool {
        var j = 0
        for p in first {
            while j < second.count && second[j] <= p { j += 1 }
            if j < second.count && second[j] - p <= window { return true }
        }
        return false
    }

    /// The highest cosine between the question and `passageSentences` consecutive sentences of `sentences`
    /// (all of them when there are fewer); nil when no sentence has a piece of the table.
    ///
    /// A window's vector is what `StaticEmbedder.embed` gives for its sentences joined by spaces: pieces
    /// never span a space, so the window's sum of rows is the sum of its sentences' sums.
    /// `cache` keeps the words' pieces from one chunk to the next: a question's candidates share most words.
    func bestPassageCosine(_ sentences: [Sentence], cache: inout WordPieceTokenizer.PieceCache) -> Double? {
        guard !question.isEmpty, !sentences.isEmpty else { return nil }
        let dimension = embedder.dimension
        let sums = sentences.map { sentence -> [Float] in
            Reranker.sentenceSums.value(for: sentence.text) { text in
                var sum = [Float](repeating: 0, count: dimension)
                embedder.tokenizer.forEachPiece(of: text, cache: &cache) { row in
                    guard row != embedder.tokenizer.unknown else { return }
                    embedder.table.accumulate(row: row, into: &sum)
                }
                return sum
            }
        }
        let span = min(Reranker.passageSentences, sums.count)
        var best: Double?
        for start in 0...(sums.count - span) {
            var window = sums[start]
            for next in sums[(start + 1)..<(start + span)] {
                window.withUnsafeMutableBufferPointer { out in
                    for d in 0..<out.count { out[d] += next[d] }
                }
            }
            guard let cosine = cosine(window) else { continue }
            best = max(best ?? cosine, cosine)
        }
        return best
    }

    /// Cosine of `vector` (a sum of rows) with the question; nil for a (near) zero vector.
    private func cosine(_ vector: [Float]) -> Double? {
        var dot: Float = 0, norm: Float = 0
        for d in 0..<vector.count {
            dot += vector[d] * question[d]
            norm += vector[d] * vector[d]
        }
        guard norm > 1e-12, norm.isFinite else { return nil }
        return Double(dot / norm.squareRoot())
    }
}
