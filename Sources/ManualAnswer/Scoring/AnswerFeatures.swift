/// Measures an answer's `AnswerFeature`s once its sentences are chosen.
enum AnswerFeatures {
    /// `evidence`: the retrieval evidence and the quoted sentences' coverage; `reach`: the best share of the
    /// question one considered passage holds; `byMeaning`: a considered passage is close in meaning though few
    /// words are shared; `lead`: the candidate leading the answer.
    /// `unknownShare`: the share of the question's terms no chunk holds; `focus`: how the evidence sentences
    /// meet the question's focus; `bestCosine`: the closest considered passage's cosine with the question.
    static func measure(evidence: EvidenceScore, reach: Double, byMeaning: Bool, lead: SentenceCandidate,
                        unknownShare: Double, focus: AnswerFocus, bestCosine: Double) -> [AnswerFeature: Double] {
        return [
            .bestRelevance: evidence.bestRelevance,
            .margin: evidence.margin,
            .coverage: evidence.coverage,
            .reach: min(1, max(0, reach)),
            .byMeaning: byMeaning ? 1 : 0,
            .leadCoverage: lead.ownCoverage,
            .leadMeaning: lead.features[.meaning],
            // The score is a weighted sum of shares and marks, about 0 to 2; squashed so the model reads 0...1.
            .leadScore: max(0, lead.score) / (1 + max(0, lead.score)),
            .leadShaped: SentenceFeature.shapes.contains { lead.features[$0] > 0 } ? 1 : 0,
            .unknownShare: unknownShare,
            .pairsMet: focus.pairsMet,
            .rarestHeld: focus.rarestHeld ? 1 : 0,
            .valueMissing: focus.valueMissing ? 1 : 0,
            .bestCosine: min(1, max(0, bestCosine)),
        ]
    }
}
