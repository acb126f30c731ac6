/// Puts the semantic channel's cosines on the keyword channel's [0, 1] scale.
enum SemanticNormalization {
    /// Min-max over the candidates: the worst becomes 0, the best 1, unless the cosines spread over less
    /// than `minSpan`: then the scale is `minSpan` wide, and the best scores its spread's share of it
    /// (candidates all about as close to the question tell little apart). Cosines at or below zero are no
    /// evidence and stay out. With one candidate, or all equal, each scores 1.
    static func stretched(_ cosines: [Int64: Double], minSpan: Double = 0) -> [Int64: Double] {
        let positive = cosines.filter { $0.value > 0 }
        guard let low = positive.values.min(), let high = positive.values.max() else { return [:] }
        let span = max(high - low, minSpan)
        return positive.mapValues { span > 0 ? ($0 - low) / span : 1 }
    }

    /// The cosine on a scale that does not depend on the other candidates: `settings.unrelatedCosine`
    /// (what a question and an unrelated passage have in common) is 0, an identical text 1.
    static func absolute(_ cosine: Double, _ settings: RetrievalSettings) -> Double {
        let floor = settings.unrelatedCosine
        return floor < 1 ? min(1, max(0, (cosine - floor) / (1 - floor))) : 0
    }
}
