import ManualIndex
/// What lies around an answer's evidence that the term-by-term measures (`coverage`, `reach`) average away.
/// A near miss holds most of the question's words and misses what names the thing asked about: the rarest
/// word ("a heated X" answered by a sentence about X), or a word that only another manual's passages hold
/// (a question about one product answered from another product's manual, which says nothing of the first).
///
/// Rarity is the library's inverse document frequency, so the measures adapt to any library; every value
/// is in 0...1. Measures tried here and dropped because held-out log-loss did not fall with them: the share
/// of the question's rarer half that the leading sentence or one passage holds, and whether the keyword and
/// semantic channels' best results stand in the same manual, and whether the question names a manual other
/// than the one the answer is led from (it never was: a named manual's passages are quoted first).
struct EvidenceNeighbourhood {
    /// The rarity of the rarest known term that no cited passage holds, relative to the question's rarest
    /// known term: 1 when the rarest word is nowhere in the passages quoted, 0 when every known word is there.
    let rareMissing: Double
    /// The rarity-weighted share of the question's known terms, among those some passage found holds, that
    /// only passages of other manuals than the leading sentence's hold.
    let elsewhereOnly: Double

    /// `terms`: the question's terms in the order asked; `unknown`: those no chunk holds; `rarity`: a term's
    /// inverse document frequency in the library; `cited`: the terms of each passage the answer quotes;
    /// `leading`: the terms the passages found in the leading sentence's manual hold; `elsewhere`: those the
    /// passages found in other manuals hold.
    init(terms: [String], unknown: Set<String>, rarity: [String: Double], cited: [Set<String>],
         leading: Set<String>, elsewhere: Set<String>) {
        let known = terms.enumerated().filter { !unknown.contains($0.element) }
        // Rarest first; ties go to the earlier term, so the order does not depend on dictionary order.
        let ranked = known.sorted { a, b in
            let (ra, rb) = (rarity[a.element] ?? 0, rarity[b.element] ?? 0)
            return ra != rb ? ra > rb : a.offset < b.offset
        }.map(\.element)
        let top = ranked.first.flatMap { rarity[$0] } ?? 0
        let missing = ranked.first { term in !cited.contains { $0.contains(term) } }
        rareMissing = missing.map { top > 0 ? min(1, max(0, (rarity[$0] ?? 0) / top)) : 1 } ?? 0
        let found = ranked.filter { leading.contains($0) || elsewhere.contains($0) }
        let total = found.reduce(0) { $0 + (rarity[$1] ?? 0) }
        let apart = found.filter { !leading.contains($0) }.reduce(0) { $0 + (rarity[$1] ?? 0) }
        elsewhereOnly = total > 0 ? min(1, apart / total) : 0
    }
}

extension EvidenceNeighbourhood {
    /// The measures of an answer whose sentences `evidence` (led by `lead`) stand in `passages`; `held` gives
    /// the terms a passage holds (with the name of its manual when the question names it).
    init(terms: [String], unknown: Set<String>, rarity: [String: Double], evidence: [SentenceRef], lead: SentenceRef,
         passages: [AnalysedPassage], held: (AnalysedPassage) -> Set<String>) {
        let manual = passages[lead.passage].result.documentID
        let asked = Set(terms)
        var (leading, elsewhere) = (Set<String>(), Set<String>())
        for passage in passages {
            let terms = held(passage).intersection(asked)
            if passage.result.documentID == manual { leading.formUnion(terms) } else { elsewhere.formUnion(terms) }
        }
        self.init(terms: terms, unknown: unknown, rarity: rarity,
                  cited: Set(evidence.map(\.passage)).sorted().map { held(passages[$0]) },
                  leading: leading, elsewhere: elsewhere)
    }
}
