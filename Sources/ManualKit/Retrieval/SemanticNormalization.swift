/// Puts the semantic channel's cosines on the keyword channel's [0, 1] scale.
enum SemanticNormalization {
    /// Min-max over the candidates: the best becomes 1, the worst 0. Cosines at or below zero are no
    /// evidence and stay out. With one candidate, or all equal, each scores 1.
    static func stretched(_ cosines: [Int64: Double]) -> [Int64: Double] {
        let positive = cosines.filter { $0.value > 0 }
        guard let low = positive.values.min(), let high = positive.values.max() else { return [:] }
        let span = high - low
        return positive.mapValues { span > 0 ? ($0 - low) / span : 1 }
    }

    /// The cosine on a scale that does not depend on the other candidates: `settings.unrelatedCosine`
    /// (what a question and an unrelated passage have in common) is 0, an identical text 1.
    static func absolute(_ cosine: Double, _ settings: RetrievalSettings) -> Double {
        let floor = settings.unrelatedCosine
        return floor < 1 ? min(1, max(0, (cosine - floor) / (1 - floor))) : 0
    }
}
