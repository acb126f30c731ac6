import ManualIndex
/// What the retrieval results and the quoted sentences say of an answer: three of the answerability
/// model's features (`AnswerFeatures`).
struct EvidenceScore {
    /// Highest relevance among the results, clamped to 0...1.
    let bestRelevance: Double
    /// Weighted share of the question's terms in the quoted sentences or the headings above them.
    let coverage: Double
    /// How far the best result leads the best one from another section, relative to the best.
    let margin: Double

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

    private static func unit(_ value: Double) -> Double {
        value.isFinite ? min(1, max(0, value)) : 0
    }
}
