import Foundation
import ManualIndex

/// Second look at the best candidates of the fusion, with two signals a chunk's bag of words and its mean
/// vector cannot give:
///
/// - **Proximity** (keyword channel): the question's terms stand together in the passage, in the
///   question's order. Each pair of consecutive question terms (stopwords are not terms, so "hold time
///   of the clamp" gives hold-time and time-clamp) counts when the passage holds the second at most
///   `proximityWindow` terms after the first, weighted by the rarer term's idf. A chunk that says "hold
///   time" beats one that has "hold" in one sentence and "time" in another, which BM25 scores alike.
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

    let terms: QueryTerms
    /// The question's unit vector; empty when the semantic channel is off.
    let question: [Float]
    let embedder: StaticEmbedder
    /// The embedder's fingerprint: stored pieces cut by another are not used.
    private let embedderName: String

    init(terms: QueryTerms, question: [Float], embedder: StaticEmbedder) {
        self.terms = terms
        self.question = question
        self.embedder = embedder
        embedderName = embedder.fingerprint
    }

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
    /// `key` names the chunk (library file, generation, id) so that its windows' vectors are computed once
    /// per process: a question's follow-ups are checked by retrievals of their own, and a server meets the
    /// same candidates question after question. `pieces`: the sentences' rows as cut at ingest, when the
    /// library has them. `cache` keeps the words' pieces from one chunk to the next, for the sentences cut
    /// here: a question's candidates share most words.
    func bestPassageCosine(_ sentences: [Sentence], pieces: SentencePieces? = nil, key: String?, cache: inout WordPieceCache) -> Double? {
        guard !question.isEmpty, !sentences.isEmpty else { return nil }
        let windows = key.map { key in
            Reranker.chunkWindows.value(for: key) { _ in windowVectors(sentences, pieces: pieces, cache: &cache) }
        } ?? windowVectors(sentences, pieces: pieces, cache: &cache)
        let dimension = embedder.dimension
        var best: Double?
        windows.withUnsafeBufferPointer { w in
            question.withUnsafeBufferPointer { q in
                for start in stride(from: 0, to: w.count, by: dimension) {
                    var dot: Float = 0
                    for d in 0..<dimension { dot += w[start + d] * q[d] }
                    best = max(best ?? Double(dot), Double(dot))
                }
            }
        }
        return best
    }

    /// Windows' vectors of a chunk, remembered per chunk: 500 chunks of up to about 30 windows of 256
    /// numbers are a few megabytes.
    private static let chunkWindows = TextMemo<[Float]>(capacity: 500)

    /// The unit vectors of the runs of `passageSentences` consecutive sentences, one after another (runs
    /// without a piece of the table left out). A window's vector is what `StaticEmbedder.embed` gives for
    /// its sentences joined by spaces (pieces never span a space, so its sum of rows is the sum of its
    /// sentences' sums), in single precision.
    private func windowVectors(_ sentences: [Sentence], pieces: SentencePieces?, cache: inout WordPieceCache) -> [Float] {
        // Kept by text: the answer stage weighs the same sentences' meaning (`SentenceMeaning`).
        let stored = pieces.flatMap { $0.fit(embedder, named: embedderName, sentences: sentences.count) ? $0 : nil }
        let sums = sentences.indices.map { index in
            stored.map { RowSumMemo.sum(sentences[index].text, rows: $0.rows(ofSentence: index), embedder: embedder) }
                ?? RowSumMemo.sum(sentences[index].text, embedder: embedder, cache: &cache)
        }
        let span = min(Reranker.passageSentences, sums.count)
        // Sized once: grown by appending, the buffer was copied into fresh memory again and again, whose first
        // touches were page faults.
        var out: [Float] = []
        out.reserveCapacity((sums.count - span + 1) * embedder.dimension)
        for start in 0...(sums.count - span) {
            var window = sums[start]
            for next in sums[(start + 1)..<(start + span)] {
                window.withUnsafeMutableBufferPointer { w in
                    for d in 0..<w.count { w[d] += next[d] }
                }
            }
            let norm = window.reduce(0) { $0 + $1 * $1 }.squareRoot()
            guard norm > 1e-6, norm.isFinite else { continue }
            out += window.map { $0 / norm }
        }
        return out
    }
}
