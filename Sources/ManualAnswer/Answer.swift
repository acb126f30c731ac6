/// The reply to one question: quoted sentences with page markers, their citations and the evidence.
///
/// Scores are rounded to four decimals when the answer is built, so encoding it with sorted keys
/// gives the same bytes for the same input.
public struct Answer: Sendable, Equatable, Codable {
    /// The question as asked.
    public var question: String
    /// The chosen sentences, each followed by " [p. N]" (N = physical page), or the no-answer message.
    public var answer: String
    /// One citation per quoted sentence, in answer order.
    public var citations: [Citation]
    /// The distinct cited pages, in answer order.
    public var sourcePages: [SourcePage]
    public var confidence: Confidence
    /// The probability that the cited pages hold what was asked (`Answerability`), behind `confidence`;
    /// 0 on the no-answer path.
    public var score: Double
    /// Every retrieved chunk, in retrieval order, whether or not it was quoted.
    public var results: [RankedPassage]
    /// Two or three questions the library can answer, near the topic asked about.
    public var suggestedFollowUps: [String]
    /// Other manuals that also speak to the question, one citation each (their best sentence); nil when
    /// none do, and left out of the JSON then.
    public var alsoIn: [Citation]?
    /// Every candidate sentence's features and the answer's own (`AnswerSettings.explains`); nil otherwise,
    /// and left out of the JSON then.
    public var scoring: AnswerScoring?

    /// The message given when the library has nothing relevant; an answer claims nothing else with it.
    public static let notCoveredMessage = "The library does not appear to cover this question."

    /// The no-answer message when the question names something no manual mentions (`UnknownName`).
    public static func notCoveredMessage(naming name: String) -> String {
        "The library does not appear to cover this question: no manual in it mentions \u{201C}\(name)\u{201D}."
    }

    /// The no-answer message when the question asks for a kind of value the passages found do not state
    /// (`ExpectedValue`).
    public static func notCoveredMessage(lacking value: String) -> String {
        "The library does not appear to cover this question: the passages found state no \(value)."
    }

    /// The answer when the library holds no manual at all: how to add one, not "not covered", which would
    /// say the library was searched. `ingest` is the command that adds one (`LibraryLocation.ingestCommand`).
    public static func emptyLibrary(question: String, ingest: String) -> Answer {
        Answer(question: question, answer: "The library has no manuals yet, so there is nothing to answer from. Add one with '\(ingest)' "
               + "(or upload a PDF on the Library page of 'manual serve'), then ask again.",
               citations: [], sourcePages: [], confidence: .none, score: 0, results: [], suggestedFollowUps: [])
    }

    public init(question: String, answer: String, citations: [Citation], sourcePages: [SourcePage],
                confidence: Confidence, score: Double, results: [RankedPassage], suggestedFollowUps: [String],
                alsoIn: [Citation]? = nil, scoring: AnswerScoring? = nil) {
        self.question = question
        self.answer = answer
        self.citations = citations
        self.sourcePages = sourcePages
        self.confidence = confidence
        self.score = FourDecimals.round(score)
        self.results = results
        self.suggestedFollowUps = suggestedFollowUps
        self.alsoIn = alsoIn
        self.scoring = scoring
    }
}
