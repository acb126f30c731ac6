/// Why an answer is what it is, as numbers: every candidate sentence with its features, and the answer's
/// own features and probability. `query --json --explain` adds it to the answer; the fitting script reads it.
public struct AnswerScoring: Sendable, Equatable, Codable {
    public struct Candidate: Sendable, Equatable, Codable {
        public var file: String
        public var page: Int
        public var lastPage: Int
        /// The sentence's score under the weights in use.
        public var score: Double
        /// Feature values, in the order of `AnswerScoring.sentenceFeatures`.
        public var features: [Double]
    }
    /// The names of the candidates' feature values, in order.
    public var sentenceFeatures: [String]
    /// Candidates best first, as the selector read them.
    public var candidates: [Candidate]
    /// The answer's features (`AnswerFeature`), by name; empty when a rule declined before any sentence was chosen.
    public var answer: [String: Double]
    /// The probability that a manual answers the question (`Answerability`); nil when a rule declined first.
    public var answerable: Double?
    /// The probability that the citations hold the answer (the answer's score); nil when a rule declined first.
    public var probability: Double?
    /// Why the answer declined, when it did: the first reason that held.
    public var declined: String?
}

extension AnswerScoring {
    /// The record of a decline by a rule, before any sentence was scored.
    init(declined reason: DeclineReason) {
        self.init(sentenceFeatures: [], candidates: [], answer: [:], answerable: nil, probability: nil, declined: reason.rawValue)
    }

    /// The record of a scored answer: the candidates as `passages` place them, best first.
    init(candidates: [SentenceCandidate], passages: [AnalysedPassage], answer: [AnswerFeature: Double],
         answerable: Double, probability: Double) {
        self.init(
            sentenceFeatures: SentenceFeature.allCases.map(\.rawValue),
            candidates: candidates.map { candidate in
                let result = passages[candidate.ref.passage].result
                return Candidate(file: result.fileName, page: candidate.sentence.page, lastPage: candidate.sentence.lastPage,
                                 score: FourDecimals.round(candidate.score), features: candidate.features.values.map(FourDecimals.round))
            },
            answer: Dictionary(uniqueKeysWithValues: answer.map { ($0.key.rawValue, FourDecimals.round($0.value)) }),
            answerable: answerable, probability: probability, declined: nil)
    }
}
