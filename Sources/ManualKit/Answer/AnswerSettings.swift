/// The knobs of the answer stage; the defaults are the documented behaviour.
///
/// No-answer guardrail: the answer is `Answer.notCoveredMessage` with confidence `none` when the question
/// has no terms left after stopwords, there are no results, the best relevance is below `noAnswerRelevance`,
/// or the considered passages contain less than `noAnswerCoverage` of the question's terms weighted by their
/// rarity in the library (in particular none of them; words no manual uses are left out of that share) and none
/// of them, found by both channels, is close in meaning (`closeMeaningCosine`), or the
/// question names something no manual mentions (`UnknownName`), or asks for a kind of value (a price, a top
/// speed) that no considered passage states (`ExpectedValue`).
public struct AnswerSettings: Sendable, Equatable {
    /// Most sentences quoted in one answer.
    public var maxSentences = 4
    /// Rows or steps quoted when the answer is a table or a numbered procedure (counted as one answer).
    public var maxBlockLines = 8
    /// Steps of a numbered or bulleted procedure quoted at most; the answer then points to the page
    /// where the rest goes on ("… [p. 36] for the rest").
    public var maxSteps = 8
    /// How many of the best results the quoted sentences may come from.
    public var passagesConsidered = 4
    /// Retrieved chunks an answer is made from, whatever number of results is listed (`RetrievalSettings.topK`):
    /// the sentences are weighed by their rarity among these, so `--top-k 3` and the evaluation's ten give
    /// the same answer as the default five. Ten measured one question better on the dev set and one on ours,
    /// and 2 ms slower a question (docs/quality.md, seventh session).
    public var passagesRetrieved = 5
    /// Best relevance below which the library is taken not to cover the question.
    public var noAnswerRelevance = 0.15
    /// Share of the question's weighted terms the considered passages must contain, or there is no answer.
    /// At 0.4 a two-term question whose rarer term appears in no retrieved chunk is not answered. It was 0.5
    /// until the names and values above were declined on their own (seventh session, docs/quality.md).
    public var noAnswerCoverage = 0.4
    /// A considered passage that both channels found, whose chunk has at least this cosine to the question
    /// (`SearchResult.cosine`; unrelated text has about 0.5), clears the coverage guardrail with any share of
    /// the question's words above none: a paraphrase shares few. Below it, answerable and unanswerable
    /// questions that share few words are not told apart by meaning (docs/quality.md, fourteenth session).
    public var closeMeaningCosine = 0.7
    /// Evidence score from which confidence is `high` (coverage permitting).
    public var highConfidenceScore = 0.65
    /// Share of the question's weighted terms the quoted sentences must cover for `high`.
    public var highConfidenceCoverage = 0.75
    /// Evidence score from which confidence is `medium`. 0.3 since the seventh session (0.4 before): on the
    /// development set answers scoring 0.3 to 0.4 cite a labelled page about as often as the rest of `medium`
    /// once the guardrail declines unknown names (docs/quality.md, reliability diagram).
    public var mediumConfidenceScore = 0.3
    /// A sentence joins the best one only when it scores at least this share of the best one's score.
    public var supportingSentenceRatio = 0.8
    /// Longest quote in a citation, in characters, "…" included.
    public var maxQuoteLength = 200
    /// Most follow-up questions suggested.
    public var maxFollowUps = 3

    public init() {}
}
