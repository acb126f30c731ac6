/// Scores the sentences of the considered passages against the question.
///
/// score = 0.55 x own coverage + 0.15 x coverage with the section headings + 0.3 x relevance / best relevance.
/// Own words dominate so the sentence that states the answer wins; the heading share lets a table row
/// under "Tire Pressure" compete; the relevance share breaks near-ties toward the better chunk.
struct SentenceScorer {
    let weights: TermWeights
    let bestRelevance: Double

    static let ownWeight = 0.55
    static let sectionWeight = 0.15
    static let relevanceWeight = 0.3

    /// Every quotable sentence of `passages` that shares a term with the question, directly or by heading.
    func candidates(in passages: [AnalysedPassage]) -> [SentenceCandidate] {
        var out: [SentenceCandidate] = []
        for passage in passages {
            let relative = bestRelevance > 0 ? min(1, max(0, passage.result.evidence / bestRelevance)) : 0
            for (index, sentence) in passage.sentences.enumerated() {
                // A heading names a topic but answers nothing; its words reach the sentences below it. A
                // contents or index line points elsewhere and is never quoted.
                guard sentence.kind != .heading, !NavigationLine.isNavigation(sentence.text) else { continue }
                let ownTerms = passage.sentenceTerms[index].union(passage.blockTerms[index])
                let own = weights.coverage(of: ownTerms)
                let section = weights.coverage(of: ownTerms.union(passage.sectionTerms[index]))
                guard section > 0 else { continue }
                let score = SentenceScorer.ownWeight * own + SentenceScorer.sectionWeight * section
                    + SentenceScorer.relevanceWeight * relative
                out.append(SentenceCandidate(ref: SentenceRef(passage: passage.position, index: index),
                                             sentence: sentence, ownCoverage: own, score: score))
            }
        }
        return out.sorted(by: SentenceCandidate.isBetter)
    }
}
