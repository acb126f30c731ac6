/// The knobs of the answer stage; the defaults are the documented behaviour.
///
/// No-answer: the answer is `Answer.notCoveredMessage` with confidence `none` for the first `DeclineReason`
/// that holds, the last of which is the fitted answerability probability (`Answerability`).
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
    /// Share of the question's weighted terms below which the considered passages are taken to miss the
    /// question's words, and the keyword channel's best match is considered too (`AnswerGenerator`).
    public var noAnswerCoverage = 0.4
    /// A considered passage that both channels found, whose chunk has at least this cosine to the question
    /// (`SearchResult.cosine`; unrelated text has about 0.5), says the question in other words: with few of
    /// its words shared, that is what `AnswerFeature.byMeaning` tells the answerability model.
    public var closeMeaningCosine = 0.7
    /// A sentence joins the best one only when it scores at least this share of the best one's score.
    public var supportingSentenceRatio = 0.8
    /// Longest quote in a citation, in characters, "…" included.
    public var maxQuoteLength = 200
    /// Most follow-up questions suggested.
    public var maxFollowUps = 3
    /// The fitted weights of sentence choice and answerability (`AnswerWeights`).
    public var weights = AnswerWeights.current
    /// Attach `AnswerScoring` (every candidate's features) to each answer: `query --json --explain`.
    public var explains = false

    public init() {}
}
