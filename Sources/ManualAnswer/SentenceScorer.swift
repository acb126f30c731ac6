import ManualIndex
import ManualQuestion
import ManualRetrieval
/// Scores the sentences of the considered passages against the question: each candidate's
/// `SentenceFeature`s (how much of the question it holds, by words, headings and meaning; its passage's
/// rank; the shape of a direct answer to the kind of question asked) weighed by fitted weights
/// (`AnswerWeights.sentence`, from `scripts/fit-answer-weights`). Best first by that sum alone: no rule
/// reorders the candidates after it, so a feature that does not earn its weight under cross-validation
/// cannot move an answer.
struct SentenceScorer {
    let weights: TermWeights
    let bestRelevance: Double
    /// What the question asks (`QuestionIntent`): each shape feature looks for the answer to one kind of question.
    let intent: QuestionIntent
    /// The question's meaning; nil scores keywords and prior only.
    var meaning: SentenceMeaning? = nil
    /// The question asks what the option it names does and retrieval found its entry
    /// (`SearchResult.definesOption`): the entry leads the answer.
    var optionEntryLeads = false
    /// The question's terms that name a manual it asks about ("octav" for a question naming Octave): a table
    /// row labelled by the manual's name alone is not labelled by what was asked.
    var nameTerms: Set<String> = []
    /// The weights of the features (`AnswerWeights.sentence`).
    var featureWeights = AnswerWeights.current.sentenceVector
    /// The form the question asks its answer to have (`AnswerForm`: an occasion, a sign, the kind of value, a problem).
    let answerForm: AnswerForm
    /// The numbers the question itself writes ("3.1" in "which firmware does the 3.1 driver require"): a
    /// sentence whose only numbers are these repeats what was asked and states no amount.
    let questionNumbers: Set<Substring>

    init(intent: QuestionIntent, weights: TermWeights, bestRelevance: Double) {
        self.intent = intent
        self.weights = weights
        self.bestRelevance = bestRelevance
        answerForm = AnswerForm(terms: intent.terms, expectedValue: intent.expectedValue)
        questionNumbers = Set(SentenceShape.numbers(in: intent.text))
    }

    private var terms: QuestionTerms { intent.terms }
    var expectedValue: ExpectedValue? { intent.expectedValue }
    var askedAttribute: String? { intent.askedAttribute }

    /// Every quotable sentence of `passages` that shares a term with the question, directly or by heading.
    /// Navigation lines are never candidates, nor usage blocks and code unless the question asks for a command
    /// or code, nor a bare web address unless it asks for one.
    func candidates(in passages: [AnalysedPassage]) -> [SentenceCandidate] {
        var drafts: [Draft] = []
        let floor = RetrievalSettings().unrelatedCosine
        // Asked for a default, and the passages state one, a sentence holding some other number is not its answer.
        // Which sentences state a default is read only for such a question: its pattern is a regular
        // expression, whose first use costs a process about a millisecond.
        let statesDefault = terms.asksForDefault ? passages.map { DefaultStatement.marks($0.result.chunk.sentences) } : []
        let defaultsStated = statesDefault.indices.contains { position in
            let passage = passages[position]
            return statesDefault[position].indices.contains {
                statesDefault[position][$0] && weights.coverage(of: passage.sentenceTerms[$0].union(passage.sectionTerms[$0])) > 0
            }
        }
        // Asked for a kind of value that some passage states, only sentences stating one have the amount's
        // shape; when none does (a distance may be given in turns), any number has, as for any amount.
        let valueStated = expectedValue.map { value in
            passages.contains { $0.states(value) }
        } ?? false
        // Asked what an option does and its own entry is among the passages, the entry has the answer's
        // shape, not an example command line that uses the option.
        let optionDefined = optionEntryLeads && passages.contains { terms.namedOptions.defined(in: $0.sentences) }
        // Asked for a kind of value that must be stated (`ExpectedValue.isRequired`), the sentences stating one.
        var statingValue = Set<SentenceRef>()
        for (position, passage) in passages.enumerated() {
            let relative = bestRelevance > 0 ? min(1, max(0, passage.result.evidence / bestRelevance)) : 0
            let heading = passage.result.chunk.heading
            // The manual's own product name ("Kettle K2") is what the manual is about, not a thing to use.
            let notDesignations = terms.specificationAsked.map { $0.union(Specification.words(of: passage.result.documentTitle)) }
            for (index, sentence) in passage.sentences.enumerated() {
                // A heading names a topic but answers nothing; its words reach the sentences below it. A
                // contents or index line points elsewhere and is never quoted.
                // A definition list's item line is a heading of its own ("‘section_config’").
                guard sentence.kind != .heading, !passage.isNavigation[index],
                      !passage.isTermLine[index] else { continue }
                // A usage block answers only a question about the command line; its option rows share
                // everyday words ("step", "band") with questions that are not about it.
                guard terms.asksForCommand || !SentenceShape.isCommandText(sentence) else { continue }
                guard terms.asksForAddress || !SentenceShape.isAddressOnly(sentence.text) else { continue }
                // A bare label ("Examples:", "Syntax:") states nothing: what it introduces may answer.
                guard !SentenceShape.isBareLabel(sentence.text) else { continue }
                let ownTerms = passage.sentenceTerms[index].union(passage.blockTerms[index])
                let own = weights.coverage(of: ownTerms)
                let section = weights.coverage(of: ownTerms.union(passage.sectionTerms[index]))
                let statesValue = expectedValue.map {
                    $0.isStated(in: sentence.text, terms: passage.sentenceTerms[index]) || passage.tableStates($0, at: index)
                } ?? false
                guard section > 0 || statesValue else { continue }
                // A lead-in states what its list or table goes on to state: "The maximum TX power varies by
                // frequency:" before "• 1 MHz to 10 MHz: 5 dBm to 15 dBm"; "The recommended cold tire pressures
                // are:" before a header row and "Normal load | 230 kPa (33 psi)".
                func nextStatesValue(_ next: Int) -> Bool {
                    next < passage.sentences.count
                        && expectedValue?.isStated(in: passage.sentences[next].text, terms: passage.sentenceTerms[next]) == true
                }
                if statesValue || (sentence.text.hasSuffix(":") && (nextStatesValue(index + 1)
                    || (index + 1 < passage.sentences.count && SentenceShape.isTableHeader(at: index + 1, in: passage.sentences)
                        && nextStatesValue(index + 2)))) {
                    statingValue.insert(SentenceRef(passage: passage.position, index: index))
                }
                // A solution is read under its problem statement, as a row is under its heading.
                let problem = passage.entryHeads[index].map { passage.sentences[$0].text }
                let cosine = meaning?.cosine(heading: problem.map { heading + " " + $0 } ?? heading, sentence: sentence.text) ?? 0
                let meaningScore = floor < 1 ? min(1, max(0, (cosine - floor) / (1 - floor))) : 0
                // Asked for a kind of value, a sentence stating another number ("0.5 litres" for watts) is no answer.
                let statesAmount = valueStated ? statesValue
                    : defaultsStated ? statesDefault[position][index]
                    : terms.asksForQuantity && passage.statesNumber[index]
                        && (questionNumbers.isEmpty || !SentenceShape.numbers(in: sentence.text).allSatisfy(questionNumbers.contains))
                        && (terms.quantitiesNamed.isEmpty || !terms.quantitiesNamed.isDisjoint(with: ownTerms.union(passage.sectionTerms[index])))
                let designates = notDesignations.map { Specification.isStated(in: sentence.text, besides: $0) } == true
                var features = FeatureVector()
                features[.ownCoverage] = own
                features[.sectionCoverage] = section
                features[.meaning] = meaningScore
                features[.relevance] = relative
                features.mark(.topPassage, passage.position == 0)
                features.mark(.statesAmount, statesAmount)
                features.mark(.procedureStep, terms.asksForSteps && passage.isStep[index])
                features.mark(.statesAskedAction, terms.askedAction?.isStated(in: sentence.text, terms: passage.sentenceTerms[index]) == true)
                features.mark(.answerForm, answerForm.isAnswered(by: passage, at: index))
                features.mark(.labelledRow, SentenceScorer.isLabelled(sentence, by: weights, besides: nameTerms)
                    && !SentenceShape.isTableHeader(at: index, in: passage.sentences))
                features.mark(.namesOption, optionDefined ? terms.namedOptions.defined(in: sentence.text) : terms.namedOptions.named(in: sentence.text))
                features.mark(.definesAsked, Definition.defines(sentence.text, terms: terms.definedTerms)
                    || (index > 0 && (passage.sentences[index - 1].kind == .heading || passage.isTermLine[index - 1])
                        && Definition.namesItem(passage.sentences[index - 1].text, terms: terms.definedTerms)))
                features.mark(.designates, designates)
                // A list read as one run-on sentence names things and states nothing about them (a run of
                // command lines may be what a question about a command asks for).
                features.mark(.flattenedList, !terms.asksForCommand && passage.isFlattenedList[index])
                features.mark(.labelledDefault, defaultsStated && statesDefault[position][index]
                    && (SentenceScorer.isLabelled(sentence, by: weights, cells: 2, besides: nameTerms)
                        || passage.termHeads[index].map({ SentenceScorer.namesAsked(passage.sentences[$0].text, by: weights) }) == true))
                let ref = SentenceRef(passage: passage.position, index: index)
                drafts.append((ref, sentence, own, features))
            }
        }
        return finish(drafts, statingValue: statingValue, in: passages)
    }

    /// The same sentence found in several passages (a manual and a copy of it, two manuals that share a
    /// chapter, overlapping chunks) is the same evidence wherever it stands: every copy gets the best copy's
    /// score, so the retriever's order decides which copy is quoted. Left alone, a copy under a heading that
    /// happens to share a question word would be quoted from a lower-ranked manual.
    /// `fingerprint`: the candidate's `SentenceFingerprint` text, from its passage's analysis.
    static func scoringCopiesAlike(_ candidates: [SentenceCandidate],
                                   fingerprint: (SentenceCandidate) -> String = { SentenceFingerprint($0.sentence.text).text })
        -> [SentenceCandidate] {
        var best: [String: (score: Double, content: Double)] = [:]
        var fingerprints: [String] = []
        fingerprints.reserveCapacity(candidates.count)
        for candidate in candidates {
            let key = fingerprint(candidate)
            fingerprints.append(key)
            let known = best[key]
            best[key] = (max(known?.score ?? -.infinity, candidate.score), max(known?.content ?? -.infinity, candidate.contentScore))
        }
        return zip(candidates, fingerprints).map { candidate, key in
            guard let shared = best[key], shared.score != candidate.score || shared.content != candidate.contentScore
            else { return candidate }
            return SentenceCandidate(ref: candidate.ref, sentence: candidate.sentence, ownCoverage: candidate.ownCoverage,
                                     score: shared.score, contentScore: shared.content, features: candidate.features)
        }
    }

    /// True for a definition's item line that names what was asked in the question's words, or in a name run
    /// together from them (`CompoundTerms`): "‘busclock=0..7’" for "default bus clock of the adapter".
    /// Its values ("0 | 30 kHz (default)") are labelled by it as a row is by its first cell.
    static func namesAsked(_ itemLine: String, by weights: TermWeights) -> Bool {
        let terms = TermsMemo.terms(itemLine).filter { $0.contains(where: \.isLetter) }
        return !terms.isEmpty && terms.allSatisfy(weights.names)
    }

    /// True for a table row whose first cell names what was asked: every term of it is a question term, and one
    /// of them is not in `names` (a manual's name). With `cells` 2, the second cell may name it instead, as a
    /// parameter table's description does ("TR | Rise time").
    static func isLabelled(_ sentence: Sentence, by weights: TermWeights, cells: Int = 1, besides names: Set<String> = []) -> Bool {
        guard sentence.kind == .tableRow else { return false }
        return ASCIISearch.components(sentence.text, separatedBy: " | ").prefix(cells).contains { label in
            let terms = TermsMemo.terms(label)
            return !terms.isEmpty && terms.allSatisfy { weights.weight($0) > 0 } && !terms.allSatisfy(names.contains)
        }
    }
}
