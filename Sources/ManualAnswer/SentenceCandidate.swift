import ManualIndex
/// A sentence that may be quoted, with how well it answers the question.
struct SentenceCandidate {
    let ref: SentenceRef
    let sentence: Sentence
    /// Weighted share of the question's terms in the sentence itself.
    let ownCoverage: Double
    /// The ranking score; see `SentenceScorer`.
    let score: Double
    /// The score without the bonus for an answer's shape: what a sentence says, for judging whether
    /// another sentence or manual says nearly as much as the anchor.
    let contentScore: Double
    /// What the score was computed from (`SentenceScorer`).
    var features = FeatureVector()

    /// True when this sentence states part of the question itself and says nearly as much as `anchor`:
    /// at least `ratio` of its score, the bonus for an answer's shape left out.
    func says(nearly anchor: SentenceCandidate, ratio: Double) -> Bool {
        ownCoverage > 0 && contentScore >= ratio * anchor.contentScore
    }

    /// Best first: higher score, then the better-ranked passage, then earlier in the chunk.
    static func isBetter(_ a: SentenceCandidate, _ b: SentenceCandidate) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.ref.passage != b.ref.passage { return a.ref.passage < b.ref.passage }
        return a.ref.index < b.ref.index
    }
}
