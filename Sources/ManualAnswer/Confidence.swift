/// How far an answer can be trusted: a band of the answerability probability (`Answerability`), the
/// fitted probability that the answer's citations hold what was asked.
///
/// `high` is a probability of at least `Answerability.high` (0.8), `low` one below the fitted
/// `AnswerWeights.lowBelow`, `medium` one between. `none` is the no-answer path (`DeclineReason`), which
/// quotes and cites nothing.
public enum Confidence: String, Sendable, Codable {
    case high
    case medium
    case low
    case none
}
