/// How far an answer can be trusted, from the evidence behind it.
///
/// The evidence score (0...1) is
/// `0.5 x bestRelevance + 0.3 x coverage + 0.2 x margin`, where
/// - bestRelevance is the highest retrieval relevance among the results,
/// - coverage is the rarity-weighted share of the question's terms that the quoted sentences
///   (or the headings above them) contain,
/// - margin is how far the best result leads the best result from a *different* section,
///   relative to the best: `(best - competitor) / best` (overlapping chunks of one section do not compete).
///
/// `high` needs score >= `AnswerSettings.highConfidenceScore` and coverage >= `highConfidenceCoverage`;
/// `medium` needs score >= `mediumConfidenceScore`; anything else that still passed the guardrail is `low`, and so
/// is an answer that passed it by meaning alone (`AnswerSettings.closeMeaningCosine`), unless the sentence leading it
/// has the form the question asks for (`AnswerForm`).
/// `none` is reserved for the no-answer path (see `AnswerSettings`), which quotes and cites nothing.
public enum Confidence: String, Sendable, Codable {
    case high
    case medium
    case low
    case none
}
