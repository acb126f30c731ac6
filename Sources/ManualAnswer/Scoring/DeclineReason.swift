/// Why an answer declines, in the order they are tried: the first that holds is the one given. All but the
/// last are facts about the library and the question; the last is the fitted answerability probability.
enum DeclineReason: String, Sendable {
    /// Nothing is left of the question once its stopwords are gone.
    case noTerms
    /// No retrieved passage is relevant at all (`AnswerSettings.noAnswerRelevance`).
    case nothingRelevant
    /// The question names something no manual mentions (`UnknownName`).
    case unknownName
    /// No considered passage holds `AnswerWeights.reachBelow` of the question's weighted terms, and none
    /// found by both channels is close in meaning (`AnswerSettings.closeMeaningCosine`).
    case fewWordsShared
    /// The question requires a kind of value that no considered passage states (`ExpectedValue`).
    case valueAbsent
    /// No sentence can be quoted.
    case noSentence
    /// The answerability probability is below `AnswerWeights.declineBelow`.
    case unlikely
}
