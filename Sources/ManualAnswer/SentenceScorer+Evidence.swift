import ManualIndex
import ManualQuestion
/// The features that compare a candidate with what the question asks as a whole, and the weighed sum.
extension SentenceScorer {
    /// A candidate before its score: its place, its sentence, its own coverage and the features measured so far.
    typealias Draft = (ref: SentenceRef, sentence: Sentence, own: Double, features: FeatureVector)

    /// Marks the features that need every candidate in view, scores each draft by the fitted weights, and
    /// orders them best first (copies of one sentence scored alike: `scoringCopiesAlike`).
    /// `statingValue`: the candidates stating the kind of value asked for (or a lead-in to such a list).
    func finish(_ drafts: [Draft], statingValue: Set<SentenceRef>, in passages: [AnalysedPassage]) -> [SentenceCandidate] {
        let byPosition = Dictionary(passages.map { ($0.position, $0) }, uniquingKeysWith: { first, _ in first })
        // Whether the candidate holds `term`, or stands under a heading that does.
        func standsBeside(_ ref: SentenceRef, _ term: String) -> Bool {
            byPosition[ref.passage].map { $0.sentenceTerms[ref.index].contains(term) || $0.sectionTerms[ref.index].contains(term) } == true
        }
        let requiresValue = expectedValue?.isRequired == true
        // The word a value is asked of (`ExpectedValue.subjectTerm`): a value stated beside it answers.
        let subject = requiresValue
            ? ExpectedValue.subjectTerm(of: weights.terms.filter { weights.weight($0) > 0 }, rarity: weights.weight) : nil
        // The other words of a question asking an attribute of something: the thing it is asked of.
        let attributeOf = askedAttribute.map { asked in Set(weights.terms.filter { $0 != asked && weights.weight($0) > 0 }) }
        let model = NamedModel.asked(by: weights)
        let contentWeights = SentenceFeature.content
        let candidates = drafts.map { draft -> SentenceCandidate in
            var features = draft.features
            let passage = byPosition[draft.ref.passage]
            let stating = requiresValue && statingValue.contains(draft.ref)
            features.mark(.statesValueBesideSubject, stating && subject.map { standsBeside(draft.ref, $0) } == true)
            if let askedAttribute, let attributeOf, let passage {
                let own = passage.sentenceTerms[draft.ref.index].union(passage.blockTerms[draft.ref.index])
                features.mark(.namesAskedAttribute, own.contains(askedAttribute)
                    && !attributeOf.isDisjoint(with: own.union(passage.sectionTerms[draft.ref.index])))
            }
            features.mark(.namesAskedModel, model.map { standsBeside(draft.ref, $0) } == true)
            let score = zip(features.values, featureWeights.values).reduce(0) { $0 + $1.0 * $1.1 }
            let content = max(0, contentWeights.reduce(0) { $0 + features[$1] * featureWeights[$1] })
            return SentenceCandidate(ref: draft.ref, sentence: draft.sentence, ownCoverage: draft.own,
                                     score: score, contentScore: content, features: features)
        }
        func fingerprint(_ candidate: SentenceCandidate) -> String {
            byPosition[candidate.ref.passage]?.fingerprints[candidate.ref.index].text ?? ""
        }
        return SentenceScorer.scoringCopiesAlike(candidates, fingerprint: fingerprint).sorted(by: SentenceCandidate.isBetter)
    }
}
