/// The numbers behind an answer's confidence; the rules are documented on `Confidence`.
struct EvidenceScore {
    /// Highest relevance among the results, clamped to 0...1.
    let bestRelevance: Double
    /// Weighted share of the question's terms in the quoted sentences or the headings above them.
    let coverage: Double
    /// How far the best result leads the best one from another section, relative to the best.
    let margin: Double
    /// The answer passed the guardrail by meaning alone (`AnswerSettings.closeMeaningCosine`): few of the
    /// question's words vouch for it, and its leading sentence lacks the form asked for (`AnswerForm`), so it is
    /// offered as a lead to the cited page, `low` whatever the score.
    var byMeaningAlone = false

    static let relevanceWeight = 0.5
    static let coverageWeight = 0.3
    static let marginWeight = 0.2

    init(results: [SearchResult], coverage: Double) {
        let clamped = results.map { EvidenceScore.unit($0.evidence) }
        let bestIndex = clamped.indices.max { clamped[$0] != clamped[$1] ? clamped[$0] < clamped[$1] : $0 > $1 }
        guard let bestIndex else {
            self.init(bestRelevance: 0, coverage: coverage, margin: 0)
            return
        }
        let best = results[bestIndex]
        // Overlapping chunks of the same section score alike without making the answer doubtful,
        // so the competitor is the best result from another document or heading.
        let competitor = results.indices
            .filter { $0 != bestIndex && (results[$0].documentID != best.documentID || results[$0].chunk.headingPath != best.chunk.headingPath) }
            .map { clamped[$0] }
            .max() ?? 0
        let top = clamped[bestIndex]
        self.init(bestRelevance: top, coverage: coverage, margin: top > 0 ? EvidenceScore.unit((top - competitor) / top) : 0)
    }

    init(bestRelevance: Double, coverage: Double, margin: Double) {
        self.bestRelevance = bestRelevance
        self.coverage = EvidenceScore.unit(coverage)
        self.margin = margin
    }

    /// 0.5 x bestRelevance + 0.3 x coverage + 0.2 x margin, in 0...1, rounded to four decimals
    /// so the score reported and the confidence it earns always agree.
    var value: Double {
        FourDecimals.round(EvidenceScore.relevanceWeight * bestRelevance + EvidenceScore.coverageWeight * coverage
            + EvidenceScore.marginWeight * margin)
    }

    /// The confidence the score earns under `settings`; never `none`, which only the guardrail gives.
    func confidence(_ settings: AnswerSettings) -> Confidence {
        if byMeaningAlone { return .low }
        if value >= settings.highConfidenceScore && coverage >= settings.highConfidenceCoverage { return .high }
        if value >= settings.mediumConfidenceScore { return .medium }
        return .low
    }

    private static func unit(_ value: Double) -> Double {
        value.isFinite ? min(1, max(0, value)) : 0
    }
}
