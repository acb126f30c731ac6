/// What the answerability model (`Answerability`) reads of an answer once its sentences are chosen.
/// All values are in 0...1; the names are the keys of the weights resource and of `query --json --explain`.
enum AnswerFeature: String, CaseIterable, Sendable {
    /// Highest retrieval evidence among the results.
    case bestRelevance
    /// How far the best result leads the best result of another section, relative to the best.
    case margin
    /// Rarity-weighted share of the question's terms that the quoted sentences (or their headings) hold.
    case coverage
    /// The largest share of the question's terms that one considered passage holds.
    case reach
    /// The considered passages share few of the question's words and one found by both channels is close
    /// in meaning: the answer stands on meaning more than on words.
    case byMeaning
    /// The leading sentence's own coverage of the question.
    case leadCoverage
    /// The leading sentence's meaning feature.
    case leadMeaning
    /// The leading sentence's score (`AnswerWeights.sentence`), squashed into 0...1.
    case leadScore
    /// The leading sentence has the shape of a direct answer (any shape feature).
    case leadShaped
    /// The share of the question's terms that no chunk of the library holds.
    case unknownShare
    /// The share of the question's neighbouring term pairs one evidence sentence holds both of (`AnswerFocus`).
    case pairsMet
    /// An evidence sentence holds the question's rarest known term (`AnswerFocus`).
    case rarestHeld
    /// The question asks for a kind of value that no evidence sentence states (`AnswerFocus`).
    case valueMissing
    /// The highest cosine between the question and a considered passage.
    case bestCosine

    static let index: [AnswerFeature: Int] = Dictionary(uniqueKeysWithValues: allCases.enumerated().map { ($1, $0) })
}
