import Foundation

/// Weighs each question term by how rare it is among the retrieved chunks, so the telling word of a
/// question ("pizza", "torque") counts for more than one every chunk shares ("car").
///
/// weight(t) = 1 + ln((n + 1) / (df(t) + 1)) with n retrieved chunks of which df(t) contain t:
/// 1 for a term in every chunk, largest for a term in none.
struct TermWeights {
    let terms: [String]
    private let weightByTerm: [String: Double]
    /// Terms of the passages run together from the question's terms ("spifreq": `CompoundTerms`), and the
    /// terms each stands for: a set holding one covers them.
    private let compounds: [String: [String]]

    /// `asked` are all the question's terms, those not weighed included ("frequency", which mostly asks how
    /// often): names run together from them are found (`CompoundTerms`), and cover the weighed ones they hold.
    init(terms: [String], passages: [AnalysedPassage], asked: [String]? = nil) {
        self.terms = terms
        let count = Double(passages.count)
        var weights: [String: Double] = [:]
        for term in terms {
            let frequency = Double(passages.filter { $0.allTerms.contains(term) }.count)
            weights[term] = 1 + log((count + 1) / (frequency + 1))
        }
        weightByTerm = weights
        compounds = CompoundTerms.find(in: passages.reduce(into: Set<String>()) { $0.formUnion($1.allTerms) }, terms: asked ?? terms)
    }

    /// Weights given directly, e.g. each term's rarity in the whole library.
    init(terms: [String], weights: [String: Double]) {
        self.terms = terms
        weightByTerm = weights
        compounds = [:]
    }

    func weight(_ term: String) -> Double { weightByTerm[term] ?? 0 }

    /// Whether `term` is a weighed question term or a name run together from such terms (`CompoundTerms`).
    func names(_ term: String) -> Bool { weight(term) > 0 || compounds[term] != nil }

    /// Weighted share (0...1) of the terms that `present` contains.
    func coverage(of present: Set<String>) -> Double {
        // Summed in question order so the floating-point result never depends on set order.
        let total = terms.reduce(0) { $0 + weight($1) }
        guard total > 0 else { return 0 }
        var held = present
        for (compound, parts) in compounds where present.contains(compound) { held.formUnion(parts) }
        let covered = terms.reduce(0) { held.contains($1) ? $0 + weight($1) : $0 }
        return covered / total
    }
}
