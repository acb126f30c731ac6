import ManualQuestion
/// How the sentences an answer rests on meet the question's focus: what a sum over terms (`coverage`)
/// cannot see. An answer can hold most of a question's words one by one and still miss what it asks: the
/// words apart in different sentences, the rarest word (the thing asked about) absent, or no value of the
/// kind asked for. The answerability model (`AnswerFeature`) reads these beside the coverage.
struct AnswerFocus {
    /// The share of the question's neighbouring term pairs (in the order asked, terms the library does not
    /// hold left out) that one evidence sentence holds both of, its headings included. 1 for a question of
    /// one known term.
    let pairsMet: Double
    /// An evidence sentence (or its headings) holds the question's rarest term the library knows.
    let rarestHeld: Bool
    /// The question asks for a kind of value and no evidence sentence states one.
    let valueMissing: Bool

    /// `terms`: the question's terms in the order asked; `unknown`: those no chunk holds; `rarity`: a term's
    /// weight in the library (inverse document frequency); `evidence`: each evidence sentence's text and
    /// terms (its headings' terms included).
    init(terms: [String], unknown: Set<String>, rarity: [String: Double],
         evidence: [(text: String, terms: Set<String>)], expectedValue: ExpectedValue?) {
        let known = terms.filter { !unknown.contains($0) }
        let pairs = zip(known, known.dropFirst())
        let met = pairs.filter { pair in evidence.contains { $0.terms.contains(pair.0) && $0.terms.contains(pair.1) } }.count
        pairsMet = known.count < 2 ? 1 : Double(met) / Double(known.count - 1)
        // Ties go to the earlier term, so the choice does not depend on dictionary order.
        let rarest = known.enumerated().max { a, b in
            let (wa, wb) = (rarity[a.element] ?? 0, rarity[b.element] ?? 0)
            return wa != wb ? wa < wb : a.offset > b.offset
        }?.element
        rarestHeld = rarest.map { term in evidence.contains { $0.terms.contains(term) } } ?? true
        valueMissing = expectedValue.map { value in !evidence.contains { value.isStated(in: $0.text, terms: $0.terms) } } ?? false
    }
}
