/// Words people phrase questions with ("what does the manual say about…") that name no topic.
/// They count only where the retrieved text itself uses them, as in "manual transmission": the answer's
/// evidence leaves them out otherwise (`QuestionTerms.effective`), and so does the keyword channel's
/// coverage when no chunk holds them (`QueryTerms.coverage`).
package enum PhrasingWords {
    /// Their terms, as `TextAnalyzer` gives them.
    package static let terms: Set<String> = Set([
        "manual", "guide", "handbook", "say", "says", "explain", "describe", "mean", "means",
        "know", "find", "need", "want", "show", "recommend", "recommended", "proper", "correct",
        // Light verbs and adverbs that say how a question is put ("where do my settings go", "can I
        // still get it started", "runs got slower", "continue anyway"): from the SMART retrieval system's stopword
        // list, words `Stopwords` keeps because a manual's own sentences use them as content.
        "get", "gets", "getting", "got", "gotten", "go", "goes", "going", "gone", "went",
        "anyway", "anyways", "actually", "really", "still", "instead", "already", "even", "ever",
        "somehow", "rather", "quite", "maybe", "perhaps", "probably", "possibly", "way", "seem", "seems",
    ].flatMap(TextAnalyzer.terms))
}
