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
}
