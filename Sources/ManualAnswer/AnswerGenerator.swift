import ManualIndex
import ManualQuestion
/// Builds an extractive answer: quotes the retrieved sentences that best answer the question, cites
/// their pages, and says how sure it is, or says plainly that the library does not cover the question.
public struct AnswerGenerator: Sendable {
    public let settings: AnswerSettings

    public init(settings: AnswerSettings = AnswerSettings()) {
        self.settings = settings
    }

    /// `results` are ranked best first by relevance; `openings`: chunks that open the sections of some
    /// results (`SectionOpening`): quotable, not listed. `reserve`: the re-ranked candidates below `results`,
    /// read only when the question asks for a kind of value that no sentence of the passages considered states
    /// beside the question's rarest word (`ExpectedValue`), or when those passages do not hold the question's
    /// words and the keyword channel's best match does. `typed`: the question as the user typed it, when
    /// retrieval rewrote it (`QueryRewriter`): the kind of value asked for is read from the user's words.
    /// The rest describe the library (`AnswerContext`).
    public func answer(question: String, typed: String? = nil, results: [SearchResult], openings: [SearchResult] = [],
                       reserve: [SearchResult] = [], libraryTopics: @escaping @autoclosure () -> [String],
                       libraryIDF: [String: Double] = [:], unknownTerms: Set<String> = [], documentNameTerms: Set<String> = [],
                       namedDocuments: [Int64: Set<String>] = [:], markerNames: [Int64: String]? = nil,
                       embedder: StaticEmbedder? = nil, followUps: FollowUpSource? = nil) -> Answer {
        var library = AnswerContext()
        library.libraryTopics = libraryTopics
        library.libraryIDF = libraryIDF
        library.unknownTerms = unknownTerms
        library.documentNameTerms = documentNameTerms
        library.namedDocuments = namedDocuments
        library.markerNames = markerNames
        library.embedder = embedder
        library.followUps = followUps
        return answer(intent: QuestionIntent(typed: typed ?? question, text: question), results: results,
                      openings: openings, reserve: reserve, library: library)
    }

    /// `answer(question:…)` for a question already read (`QuestionIntent`), with what the library knows
    /// beside the passages in one value.
    public func answer(intent: QuestionIntent, results: [SearchResult], openings: [SearchResult] = [],
                       reserve: [SearchResult] = [], library: AnswerContext) -> Answer {
        let libraryTopics = library.libraryTopics, libraryIDF = library.libraryIDF
        let unknownTerms = library.unknownTerms, documentNameTerms = library.documentNameTerms
        let namedDocuments = library.namedDocuments, markerNames = library.markerNames
        let embedder = library.embedder, followUpSource = library.followUps
        let question = intent.text
        let ranked = results.enumerated().map { RankedPassage(rank: $0.offset + 1, result: $0.element) }
        let terms = intent.terms
        let followUps = FollowUpSuggester(question: terms, limit: settings.maxFollowUps)
        func notCovered(_ reason: DeclineReason, naming name: String? = nil, lacking value: ExpectedValue? = nil,
                        scoring: AnswerScoring? = nil) -> Answer {
            let message = name.map(Answer.notCoveredMessage(naming:))
                ?? value.map { Answer.notCoveredMessage(lacking: $0.name) } ?? Answer.notCoveredMessage
            return Answer(question: question, answer: message,
                   citations: [], sourcePages: [],
                   confidence: .none, score: 0, results: ranked,
                   suggestedFollowUps: followUps.suggestions(libraryTopics: libraryTopics()),
                   scoring: settings.explains ? (scoring ?? AnswerScoring(declined: reason)) : nil)
        }

        let bestRelevance = results.map(\.evidence).filter(\.isFinite).max() ?? 0
        guard !terms.all.isEmpty else { return notCovered(.noTerms) }
        guard bestRelevance >= settings.noAnswerRelevance else { return notCovered(.nothingRelevant) }
        // A reason the weights leave out (`AnswerWeights.ablated`) is not tried: the fitting script measures what each earns.
        let ablated = Set(settings.weights.ablated ?? [])
        if !ablated.contains(DeclineReason.unknownName.rawValue),
           let name = UnknownName.first(in: question, unknownTerms: unknownTerms.subtracting(documentNameTerms),
                                        vocabulary: embedder?.tokenizer) {
            return notCovered(.unknownName, naming: name)
        }

        let listed = results.enumerated().map { AnalysedPassage(position: $0.offset, result: $0.element) }
        var passages = listed + openings.enumerated().map { AnalysedPassage(position: results.count + $0.offset, result: $0.element) }
        var considered = (Array(listed.prefix(max(0, settings.passagesConsidered))) + passages.dropFirst(results.count))
            .filter { $0.result.evidence >= settings.noAnswerRelevance }
        // A question that names a manual is quoted from it when it is among the passages considered.
        if considered.contains(where: { $0.result.documentFactor == nil }) {
            considered = considered.filter { $0.result.documentFactor == nil }
        }
        // Asked for a kind of value ("How much power does the HackRF transmit?"), the passage stating one is
        // the one that can answer, wherever in the list it ranks: the FAQ entry listing "5 dBm to 15 dBm"
        // ranked fifth, below passages about the same topic that state no power.
        let expectedValue = intent.expectedValue
        let attribute = ValueAttribute.term(asked: expectedValue, terms: terms.all)
        if let expectedValue, expectedValue.isRequired {
            func states(_ passage: AnalysedPassage) -> Bool {
                passage.result.evidence >= settings.noAnswerRelevance
                    && (passage.result.documentFactor == nil || considered.allSatisfy { $0.result.documentFactor != nil })
                    && passage.states(expectedValue)
            }
            if !considered.contains(where: { $0.states(expectedValue) }),
               let stating = listed.first(where: { passage in
                   !considered.contains { $0.position == passage.position } && states(passage)
               }) {
                considered.append(stating)
            }
            // Below the list (`reserve`), a sentence of the passage must state the value beside the question's
            // rarest word, and no sentence considered may: "How wide is the car?" is answered by the
            // specification table's "Overall width | 1,790 mm", ranked twelfth; "What speed does the fan reach?" is
            // not answered by "Do not exceed 1,200 rpm with the guard off", beside "the highest speed of the fan".
            // Asked for a dimension or weight by its noun, the value must be stated of it (`ValueAttribute`):
            // a child's "150 cm … weight and height" does not give the car's height.
            // The rarest word is the one the value is asked of (`ExpectedValue.subjectTerm`), not its unit.
            let rarest = ExpectedValue.subjectTerm(of: terms.all) { libraryIDF[$0] ?? 0 }
            func statesBeside(_ passage: AnalysedPassage) -> Bool {
                guard let rarest, states(passage) else { return false }
                if let attribute {
                    return passage.sentences.contains { ValueAttribute.isStated(expectedValue, of: attribute, in: $0.text) }
                }
                return passage.sentences.indices.contains { index in
                    passage.sentenceTerms[index].contains(rarest)
                        && expectedValue.isStated(in: passage.sentences[index].text, terms: passage.sentenceTerms[index])
                }
            }
            if !considered.contains(where: statesBeside) {
                // The rest of the list first ("Quick | 45 °C | 0:30 h | 10.0 L" ranked fifth, below the salt
                // page's "1 litre of water" for the water a named programme takes), then below it.
                if let stating = listed.first(where: { passage in
                    !considered.contains { $0.position == passage.position } && statesBeside(passage)
                }) {
                    considered.append(stating)
                } else if let stating = reserve.lazy.map({ AnalysedPassage(position: passages.count, result: $0) })
                    .first(where: statesBeside) {
                    passages.append(stating)
                    considered.append(stating)
                }
            }
        }
        // The terms a passage holds, with the name of its manual when the question names it.
        func held(_ passage: AnalysedPassage) -> Set<String> {
            namedDocuments[passage.result.documentID].map { passage.allTerms.union($0) } ?? passage.allTerms
        }
        // What the considered passages say of the question's words: the weights sentences are scored by,
        // the weights evidence is judged by, and the best share of the question one passage holds.
        func judged(_ considered: [AnalysedPassage]) -> (weights: TermWeights, evidence: TermWeights, reach: Double) {
            let consideredTerms = considered.reduce(into: Set<String>()) { $0.formUnion(held($1)) }
            let effective = terms.effective(present: consideredTerms)
            let weights = TermWeights(terms: effective, passages: listed, asked: terms.all)
            // A question word absent from the results says the library may not cover the question only when the
            // library rarely uses it: a paraphrase's everyday words ("hold", "work") are missing too.
            // A word no manual uses (and no name: those were declined above) is the asker's phrasing, "fob"
            // for "smart key": it cannot be found in any passage, so it neither counts for nor against coverage.
            let evidence = libraryIDF.isEmpty ? weights
                : TermWeights(terms: effective.filter { !unknownTerms.contains($0) }, weights: libraryIDF)
            // The question's terms must meet in one passage: four passages that each hold one of them (a
            // near miss: "thermal" here, "shutdown" there, the part number in a list) answer nothing.
            let reach = considered.map { evidence.coverage(of: held($0)) }.max() ?? 0
            return (weights, evidence, reach)
        }
        var (weights, evidenceWeights, reach) = judged(considered)
        // A passage as close in meaning as a good match may say what was asked in other words ("how much
        // force for the bolts" for "tighten the wheel nuts to 110 N·m"): its few shared words do not decline
        // it, though one it must share. Meaning alone vouches for little: such an answer is `low` (`EvidenceScore`).
        // The passage must be one both channels found: the semantic channel ranks by this cosine, so the
        // passages it alone brings are close in meaning by construction (0.70-0.79 for exact-name lookups it
        // cannot answer), while a passage BM25 also found holds the question's words as well as its sense.
        let saysItOtherwise = considered.contains {
            $0.result.matchType == .hybrid && ($0.result.cosine ?? 0) >= settings.closeMeaningCosine
        }
        // The keyword channel's best match can rank low in the hybrid: a specification table's mean vector
        // is diffuse, and "Turning circle (kerb to kerb) | 10.6 m" ranked eighth, below pages that say "turn"
        // and not "circle". When the passages considered do not hold the question's words and that one holds
        // every one of them, it is considered too, rather than declining a question the manual answers. Some
        // of them are not enough: "What is the turning radius of the steering rack?" found "rolling radius"
        // beside "turn" in the tire pages. It must be in a manual the considered passages come from: elsewhere,
        // shared words are a near miss (a radio manual's "sample rate" for a circuit simulator's question).
        // Only that one result is analysed.
        if reach < settings.noAnswerCoverage, !saysItOtherwise,
           let best = (results + reserve).max(by: { $0.keywordScore < $1.keywordScore }),
           best.keywordScore > 0, best.evidence >= settings.noAnswerRelevance,
           !considered.contains(where: { $0.result.chunkID == best.chunkID }),
           considered.contains(where: { $0.result.documentID == best.documentID }),
           best.documentFactor == nil || considered.allSatisfy({ $0.result.documentFactor != nil }) {
            let listedBest = listed.first { $0.result.chunkID == best.chunkID }
            let passage = listedBest ?? AnalysedPassage(position: passages.count, result: best)
            if evidenceWeights.terms.allSatisfy(held(passage).contains) {
                if listedBest == nil { passages.append(passage) }
                considered.append(passage)
                (weights, evidenceWeights, reach) = judged(considered)
            }
        }
        // Passages that hold too little of the question decline, unless one says it in other words; the share
        // is fitted with the answerability model's threshold (`AnswerWeights.reachBelow`).
        guard reach >= settings.weights.reachBelow || saysItOtherwise else { return notCovered(.fewWordsShared) }
        // Asked for a price or a top speed, passages that state none cannot answer, however close their topic.
        if let expectedValue, expectedValue.isRequired, !ablated.contains(DeclineReason.valueAbsent.rawValue),
           !considered.contains(where: { $0.states(expectedValue) }) {
            return notCovered(.valueAbsent, lacking: expectedValue)
        }

        var scorer = SentenceScorer(intent: intent, weights: weights, bestRelevance: bestRelevance)
        scorer.meaning = embedder.map { SentenceMeaning(question: question, embedder: $0) }
        scorer.optionEntryLeads = results.contains(where: \.definesOption)
        scorer.nameTerms = namedDocuments.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        scorer.featureWeights = settings.weights.sentenceVector
        let candidates = scorer.candidates(in: considered)
        let selector = SentenceSelector(passages: passages, asked: terms, weights: weights, settings: settings,
                                        acrossDocuments: intent.acrossManuals)
        guard let selection = selector.select(from: candidates)
        else { return notCovered(.noSentence) }

        let chosen = selection.quoted
        let quotes = QuotedSentence.joining(chosen, in: passages)
        let answered = selection.evidence.reduce(into: Set<String>()) { covered, ref in
            let passage = passages[ref.passage]
            covered.formUnion(namedDocuments[passage.result.documentID] ?? [])
            covered.formUnion(passage.sentenceTerms[ref.index])
            covered.formUnion(passage.sectionTerms[ref.index])
            // A sentence stating the kind of value asked for says what "how heavy" or "how far" asks: "a braked
            // trailer of up to 1,000 kg" answers the "heavy" of "how heavy a load can it tow".
            if let expectedValue, expectedValue.isStated(in: passage.sentences[ref.index].text, terms: passage.sentenceTerms[ref.index]) {
                covered.formUnion(expectedValue.askingTerms)
            }
        }
        let evidence = EvidenceScore(results: results, coverage: evidenceWeights.coverage(of: answered))
        let lead = candidates.first { $0.ref == selection.anchor } ?? candidates[0]
        let unknownShare = Double(terms.all.filter(unknownTerms.contains).count) / Double(max(terms.all.count, 1))
        let focus = AnswerFocus(terms: terms.all, unknown: unknownTerms, rarity: libraryIDF,
                                evidence: selection.evidence.map { ref in
                                    let passage = passages[ref.passage]
                                    return (passage.sentences[ref.index].text,
                                            passage.sentenceTerms[ref.index].union(passage.sectionTerms[ref.index]))
                                }, expectedValue: expectedValue)
        let features = AnswerFeatures.measure(evidence: evidence, reach: reach, byMeaning: saysItOtherwise, lead: lead,
                                              unknownShare: unknownShare, focus: focus,
                                              bestCosine: considered.compactMap(\.result.cosine).max() ?? 0)
        let answerability = Answerability(weights: settings.weights)
        let answerable = FourDecimals.round(answerability.answerable(features))
        let probability = FourDecimals.round(answerability.cited(features))
        let scoring = settings.explains ? AnswerScoring(candidates: candidates, passages: passages, answer: features,
                                                        answerable: answerable, probability: probability) : nil
        guard answerability.answers(answerable) else {
            var declined = scoring
            declined?.declined = DeclineReason.unlikely.rawValue
            return notCovered(.unlikely, scoring: declined)
        }
        let quoted = Set(chosen.map(\.passage))
        // Follow-ups come from the manual the answer quotes: a reader of the kettle's answer is not
        // offered the car's sections (unless the question asked across manuals).
        let anchor = chosen.first.map { passages[$0.passage].result.documentID }
        let suggestionPassages = selector.acrossDocuments || anchor == nil ? passages
            : passages.filter { $0.result.documentID == anchor }
        let suggestions = suggestedFollowUps(followUps, source: followUpSource, anchor: selection.anchor,
                                             passages: passages, from: suggestionPassages, quoted: quoted)
        return Answer(
            question: question,
            answer: AnswerText.compose(quotes.map(\.sentence),
                                       document: markerNames.flatMap { names in chosen.first.map {
                                           let result = passages[$0.passage].result
                                           return names[result.documentID]
                                               ?? DocumentShortName.make(title: result.documentTitle, fileName: result.fileName)
                                       } },
                                       continuesOn: selection.continuesOn),
            citations: quotes.map { citation(for: $0.ref, sentence: $0.sentence, in: passages) },
            sourcePages: AnswerGenerator.sourcePages(chosen, in: passages),
            confidence: answerability.confidence(probability),
            score: probability,
            results: ranked,
            suggestedFollowUps: suggestions,
            alsoIn: selection.alsoIn.isEmpty ? nil : selection.alsoIn.map {
                citation(for: $0, sentence: passages[$0.passage].sentences[$0.index], in: passages)
            },
            scoring: scoring)
    }
}
