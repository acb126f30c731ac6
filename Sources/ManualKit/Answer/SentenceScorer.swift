/// Scores the sentences of the considered passages against the question, with both channels of the
/// retriever at the sentence level and the passage's rank as a prior.
///
/// score = 0.4 x own coverage + 0.15 x coverage with the section headings      (keywords)
///       + 0.45 x meaning                                                       (static embedding table)
///       + 0.3 x relevance / best relevance                                     (the passage's prior)
///
/// Own words carry the keyword half so the sentence that states the answer wins; the heading share lets a
/// table row under "Tire Pressure" compete. Meaning is the cosine of the question and the sentence read
/// under its chunk's heading, 0 at the unrelated level (`RetrievalSettings.unrelatedCosine`) and 1 for
/// the same text: it finds the sentence that says what was asked in other words ("inflate" for
/// "pressure"), where keyword coverage ties. The prior breaks near-ties toward the better chunk without
/// ordering the answer by chunk: a better sentence in the third passage leads. On the development set the
/// best sentence stood on a labelled page for 67 of 85 answers, against 62 with keywords and prior alone
/// (docs/quality.md, sixth session).
struct SentenceScorer {
    let weights: TermWeights
    let bestRelevance: Double
    /// The question's meaning; nil scores keywords and prior only.
    var meaning: SentenceMeaning? = nil
    /// The question asks for an amount (`QuestionTerms.asksForQuantity`).
    var asksForQuantity = false
    /// The quantities the question names (`QuestionTerms.quantitiesNamed`): a number has an amount's shape only
    /// in a sentence, or under a heading, that names one of them.
    var quantitiesNamed: Set<String> = []
    /// The question asks for a default (`QuestionTerms.asksForDefault`).
    var asksForDefault = false
    /// The question asks how to do something (`QuestionTerms.asksForSteps`).
    var asksForSteps = false
    /// The action the question asks how to do (`AskedAction`): a sentence naming it as its purpose ("Press the
    /// BAND button to switch between the bands") is the instruction asked for.
    var askedAction: AskedAction? = nil
    /// The form the question asks its answer to have (`AnswerForm`): an occasion for "When must …?", a sign for
    /// "How can I tell …?", the kind of value asked for, the problem a fault report describes. A sentence having it has a direct answer's shape.
    var answerForm: AnswerForm? = nil
    /// The question asks for a command line (`QuestionTerms.asksForCommand`): usage blocks may be quoted.
    var asksForCommand = false
    /// The question asks for a web or mail address (`QuestionTerms.asksForAddress`): a bare address may be quoted.
    var asksForAddress = false
    /// The options the question names (`QuestionTerms.namedOptions`): a sentence that names one of them,
    /// as written, has a direct answer's shape ("-O Perform a RC oscillator run-time calibration" for
    /// "What does the -O option do?"), where the term analyser sees only "option".
    var namedOptions = NamedOptions("")
    /// The question reports a fault (`QuestionTerms.reportsProblem`): a troubleshooting section's sentences
    /// have the shape of its answer (`TroubleshootingEntry.isSection`), and so has an entry's problem
    /// statement, for its reply is quoted with it (`SentenceSelector`).
    var reportsProblem = false
    /// What the question asks to have defined (`QuestionTerms.definedTerms`): a sentence saying what it
    /// is ("CIDER is a mixed-level circuit and device simulator") has a direct answer's shape.
    var definedTerms: Set<String> = []
    /// What is to be defined was quoted (`QuestionTerms.definesQuoted`): a sentence defining it leads.
    var definesQuoted = false
    /// The question asks which product, grade or type to use (`QuestionTerms.specificationAsked`: its
    /// words): a sentence naming a designation it does not ("SAE 0W-20", "CR2032") has a direct answer's shape.
    var specificationAsked: Set<Substring>? = nil
    /// The kind of value the question asks for, when it names one (`ExpectedValue`): a sentence stating such
    /// a value has a direct answer's shape, and is a candidate even when it shares no word with the question
    /// ("Rated power | 2,200 W" for a power asked in its unit: a wattage asked after "how many").
    var expectedValue: ExpectedValue? = nil
    /// The dimension or weight the question names by its noun (`ValueAttribute`): sentences stating a value
    /// of it lead the sentences that state such a value in passing.
    var valueAttribute: String? = nil
    /// The question asks what the option it names does and retrieval found its entry
    /// (`SearchResult.definesOption`): the entry leads the answer.
    var optionEntryLeads = false
    /// The attribute the question asks of something (`AskedAttribute`): "resolut" for "What is the resolution of …".
    var askedAttribute: String? = nil
    /// The value the question sets a setting to (`SetValue`): "-1" for "What does setting sdorder to -1 do?".
    var setValue: SetValue? = nil
    /// The numbers the question itself writes ("3.1" in "which firmware does the 3.1 driver require"):
    /// a sentence whose only numbers are these repeats what was asked and states no amount.
    var questionNumbers: Set<Substring> = []
    /// The question's terms that name a manual it asks about ("octav" in "Which library is Octave's fft based
    /// on?"): a table row labelled by the manual's name alone ("octave | start interactive Octave session")
    /// is not labelled by what was asked.
    var nameTerms: Set<String> = []

    static let ownWeight = 0.4
    static let sectionWeight = 0.15
    static let meaningWeight = 0.45
    static let relevanceWeight = 0.3
    /// Added for the shape of a direct answer: a sentence that states a number when the question asks for
    /// an amount (the default itself, when asked for a default and the passages state one:
    /// `DefaultStatement`), a step of a numbered procedure (or its lead-in) when it asks how to do something, a
    /// sentence naming the action asked about as its purpose ("… to switch between the bands": `AskedAction`), a
    /// sentence saying on what occasion ("every 12 months", "whenever") when it asks when (`OccasionStatement`), a
    /// sentence giving a sign ("… shows that the alarm is set") when it asks how to tell (`SignStatement`), a
    /// sentence saying where or how a thing is not done when it asks where or how to leave it out (`PlaceStatement`,
    /// `AvoidanceStatement`), a
    /// table row labelled with the question's own words ("Spark plug gap | 0.8 mm"; never a header row), the option the
    /// question names (its own entry, when that leads: `optionEntryLeads`), a troubleshooting entry's problem
    /// statement or any sentence of a troubleshooting section when the question reports a fault, a sentence saying what the thing asked about is (or the first
    /// sentence under an item line or heading that names it: "Ink Limit Value" / "This control adjusts …"), a
    /// sentence naming a designation when the question asks what to use (`Specification`), or a sentence
    /// of the section that a cross-reference matching the question sends the reader to (`CrossReference`).
    static let shapeWeight = 0.15
    /// Asked how to leave something out, a sentence saying how (`AvoidanceStatement`) leads when its score without
    /// shape is at least this share of the leader's: it holds fewer of the question's words than sentences
    /// describing what is left out, but not far fewer. The first value tried (docs/quality.md, thirty-second session).
    static let avoidingRatio = 0.6

    /// Every quotable sentence of `passages` that shares a term with the question, directly or by heading.
    /// Navigation lines are never candidates, nor usage blocks and code unless the question asks for a command
    /// or code, nor a bare web address unless it asks for one.
    func candidates(in passages: [AnalysedPassage]) -> [SentenceCandidate] {
        var out: [SentenceCandidate] = []
        let floor = RetrievalSettings().unrelatedCosine
        // Asked for a default, and the passages state one, a sentence holding some other number is not its answer.
        // Which sentences state a default is read only for such a question: its pattern is a regular
        // expression, whose first use costs a process about a millisecond.
        let statesDefault = asksForDefault ? passages.map { DefaultStatement.marks($0.result.chunk.sentences) } : []
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
        let optionDefined = optionEntryLeads && passages.contains { namedOptions.defined(in: $0.sentences) }
        // Sections that a sentence matching the question well sends the reader to (`CrossReference`).
        let pointers = passages.flatMap { passage in
            passage.sentences.indices.filter { passage.pointsElsewhere[$0]
                && weights.coverage(of: passage.sentenceTerms[$0]) >= CrossReference.minimumCoverage }
                .map { (position: passage.position, text: passage.sentences[$0].text) }
        }
        // Asked for a kind of value that must be stated (`ExpectedValue.isRequired`), the sentences stating one.
        var statingValue = Set<SentenceRef>()
        // Asked for a default, the table rows stating one under a label of the question's own words.
        var labelledDefaults = Set<SentenceRef>()
        // Asked what to use (`Specification`), the sentences naming a designation.
        var designating = Set<SentenceRef>()
        // Asked how to leave something out, the sentences saying how, of what the question names (`AvoidanceStatement`).
        var avoiding = Set<SentenceRef>()
        // Each candidate's cosine with the question, kept for such a question only.
        var cosines: [SentenceRef: Double] = [:]
        for (position, passage) in passages.enumerated() {
            let pointedTo = pointers.contains { $0.position != passage.position
                && CrossReference.names(passage.result.chunk.headingPath, in: $0.text) }
            let relative = bestRelevance > 0 ? min(1, max(0, passage.result.evidence / bestRelevance)) : 0
            let heading = passage.result.chunk.heading
            // Asked about a fault, a troubleshooting section's sentences have the answer's shape: the chunk's
            // section, or the section a heading inside the chunk opens ("Troubleshooting" after "Descaling").
            // Not where its entries are labelled ("Problem: …", "Solution: …"): there the problem statement
            // has the shape, and its solution is quoted with it.
            let asksTroubleshooting = reportsProblem && !passage.isProblem.contains(true)
            let troubleshootingChunk = asksTroubleshooting && TroubleshootingEntry.isSection(passage.result.chunk.headingPath)
            var troubleshooting = troubleshootingChunk
            // The manual's own product name ("Kettle K2") is what the manual is about, not a thing to use.
            let notDesignations = specificationAsked.map { $0.union(Specification.words(of: passage.result.documentTitle)) }
            for (index, sentence) in passage.sentences.enumerated() {
                if asksTroubleshooting, sentence.kind == .heading {
                    troubleshooting = troubleshootingChunk || TroubleshootingEntry.isSection([sentence.text])
                }
                // A heading names a topic but answers nothing; its words reach the sentences below it. A
                // contents or index line points elsewhere and is never quoted.
                // A definition list's item line is a heading of its own ("‘section_config’").
                guard sentence.kind != .heading, !passage.isNavigation[index],
                      !passage.isTermLine[index] else { continue }
                // A usage block answers only a question about the command line; its option rows share
                // everyday words ("step", "band") with questions that are not about it.
                guard asksForCommand || !SentenceShape.isCommandText(sentence) else { continue }
                guard asksForAddress || !SentenceShape.isAddressOnly(sentence.text) else { continue }
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
                    : asksForQuantity && passage.statesNumber[index]
                        && (questionNumbers.isEmpty || !SentenceShape.numbers(in: sentence.text).allSatisfy(questionNumbers.contains))
                        && (quantitiesNamed.isEmpty || !quantitiesNamed.isDisjoint(with: ownTerms.union(passage.sectionTerms[index])))
                if defaultsStated, statesDefault[position][index],
                   SentenceScorer.isLabelled(sentence, by: weights, cells: 2, besides: nameTerms)
                    || passage.termHeads[index].map({ SentenceScorer.namesAsked(passage.sentences[$0].text, by: weights) }) == true {
                    labelledDefaults.insert(SentenceRef(passage: passage.position, index: index))
                }
                if answerForm?.avoids(passage, at: index) == true {
                    avoiding.insert(SentenceRef(passage: passage.position, index: index))
                }
                let designates = notDesignations.map { Specification.isStated(in: sentence.text, besides: $0) } == true
                if designates { designating.insert(SentenceRef(passage: passage.position, index: index)) }
                if specificationAsked != nil { cosines[SentenceRef(passage: passage.position, index: index)] = cosine }
                let shaped = statesAmount || (asksForSteps && passage.isStep[index])
                    || askedAction?.isStated(in: sentence.text, terms: passage.sentenceTerms[index]) == true
                    || answerForm?.isAnswered(by: passage, at: index) == true
                    || (SentenceScorer.isLabelled(sentence, by: weights, besides: nameTerms)
                        && !SentenceShape.isTableHeader(at: index, in: passage.sentences))
                    || (optionDefined ? namedOptions.defined(in: sentence.text) : namedOptions.named(in: sentence.text))
                    || troubleshooting
                    || Definition.defines(sentence.text, terms: definedTerms)
                    || (index > 0 && (passage.sentences[index - 1].kind == .heading || passage.isTermLine[index - 1])
                        && Definition.namesItem(passage.sentences[index - 1].text, terms: definedTerms))
                    || designates
                    || pointedTo
                let content = SentenceScorer.ownWeight * own + SentenceScorer.sectionWeight * section
                    + SentenceScorer.meaningWeight * meaningScore + SentenceScorer.relevanceWeight * relative
                // A cross-reference ("see Section 2.3, page 26") loses what a direct answer's shape gains; not a
                // table row, whose cells state what they state before sending the reader on ("Maintenance
                // (wrench) | Amber | A scheduled service is due; see Chapter 5").
                let pointer = passage.pointsElsewhere[index] && sentence.kind != .tableRow
                // Asked how to do something, a prohibition ("Do not use cruise control in heavy traffic") warns;
                // the instructions around it say how, and it loses what a direct answer's shape gains.
                let forbids = asksForSteps && SentenceShape.forbids(sentence.text)
                // A list read as one run-on sentence names things and states nothing about them (a run of
                // command lines may be what a question about a command asks for).
                let flattened = !asksForCommand && passage.isFlattenedList[index]
                let score = content + (shaped ? SentenceScorer.shapeWeight : 0)
                    - (pointer || forbids || flattened ? SentenceScorer.shapeWeight : 0)
                out.append(SentenceCandidate(ref: SentenceRef(passage: passage.position, index: index),
                                             sentence: sentence, ownCoverage: own, score: score, contentScore: content))
            }
        }
        let byPosition = Dictionary(passages.map { ($0.position, $0) }, uniquingKeysWith: { first, _ in first })
        func fingerprint(_ candidate: SentenceCandidate) -> String {
            byPosition[candidate.ref.passage]?.fingerprints[candidate.ref.index].text ?? ""
        }
        // Whether the candidate holds `term`, or stands under a heading that does.
        func standsBeside(_ candidate: SentenceCandidate, _ term: String) -> Bool {
            byPosition[candidate.ref.passage].map {
                $0.sentenceTerms[candidate.ref.index].contains(term) || $0.sectionTerms[candidate.ref.index].contains(term)
            } == true
        }
        var sorted = SentenceScorer.scoringCopiesAlike(out, fingerprint: fingerprint).sorted(by: SentenceCandidate.isBetter)
        // Asked about a model by its code, when no passage holding the leading sentence names it, the sentences
        // holding the code, or standing under a heading that does, lead (`NamedModel`): "Just uses a normal serial
        // cable" under "SOLA-330", before "only one can be connected to the serial or USB port on a typical UPS".
        if let code = NamedModel.asked(by: weights), let leader = sorted.first,
           !sorted.contains(where: { fingerprint($0) == fingerprint(leader) && byPosition[$0.ref.passage]?.allTerms.contains(code) == true }) {
            // Not one that lacks the shape of a direct answer the leader has: the PICkit2 connection table does not
            // give the PICkit2's default clock rate, stated below it past the heading's reach.
            func holds(_ candidate: SentenceCandidate) -> Bool {
                candidate.score - candidate.contentScore >= leader.score - leader.contentScore && standsBeside(candidate, code)
            }
            if sorted.contains(where: holds) { sorted = sorted.leading(where: holds) }
        }
        // Asked for a default, the rows stating one under a label of the question's own words lead: "DT | Dwell time |
        // 0.5 | sec" for a question asking what is used when the dwell time is left unset, before a mode's
        // "… with specified dwell and travel times", which holds more of its words.
        if !labelledDefaults.isEmpty { sorted = sorted.leading { labelledDefaults.contains($0.ref) } }
        // Asked how to leave something out, the sentences saying how lead when they hold much of what the leader
        // holds: "Don't read the layout file upon start-up." before "At start-up the editor loads its
        // layout file." for a question asking to start a program without its own start-up file.
        if let leader = sorted.first, !avoiding.contains(leader.ref) {
            sorted = sorted.leading { avoiding.contains($0.ref) && $0.contentScore >= SentenceScorer.avoidingRatio * leader.contentScore }
        }
        // Asked for a price, a weight or a power that the passages state, a sentence stating none cannot be
        // the answer, however many of the question's words it holds ("engine power and economy are slightly
        // reduced" for "How powerful is the engine?"): the sentences stating one lead, in their order.
        if expectedValue?.isRequired == true, !statingValue.isEmpty {
            sorted = sorted.leading { statingValue.contains($0.ref) }
            // Of those, the ones stating it beside the word it is asked of (`ExpectedValue.subjectTerm`) lead:
            // "Quick | 45 °C | 0:30 h | 10.0 L" before the salt page's "1 litre of water" for the water a named
            // programme takes. A heading stands beside the sentences under it: "22 °C is a comfortable setting"
            // under "Climate Control", before "In very cold climates … −35 °C" on the oil page.
            if let rarest = ExpectedValue.subjectTerm(of: weights.terms.filter { weights.weight($0) > 0 }, rarity: weights.weight) {
                sorted = sorted.leading { statingValue.contains($0.ref) && standsBeside($0, rarest) }
            }
        }
        // Asked for an attribute of something by name, the sentences naming it lead, when they say it of
        // something the question names (by their words or their headings'): "The resolution is 12 bits" under
        // "Programmable Voltage (PV1)" before "The output of this terminal can be set from -5V to +5V".
        if let askedAttribute {
            let others = Set(weights.terms.filter { $0 != askedAttribute && weights.weight($0) > 0 })
            func names(_ candidate: SentenceCandidate) -> Bool {
                guard let passage = byPosition[candidate.ref.passage] else { return false }
                let own = passage.sentenceTerms[candidate.ref.index].union(passage.blockTerms[candidate.ref.index])
                return own.contains(askedAttribute)
                    && !others.isDisjoint(with: own.union(passage.sectionTerms[candidate.ref.index]))
            }
            if sorted.contains(where: names) { sorted = sorted.leading(where: names) }
        }
        // Asked what one value of a setting does, the sentences giving the setting that value lead: "set its sdorder
        // to -1" before the section's "define the sdorder value in your ups.conf device sections", which holds more
        // of the question's words and says nothing of -1.
        if let setValue {
            func gives(_ candidate: SentenceCandidate) -> Bool {
                guard let passage = byPosition[candidate.ref.passage], setValue.isStated(in: candidate.sentence.text) else { return false }
                let own = passage.sentenceTerms[candidate.ref.index].union(passage.sectionTerms[candidate.ref.index])
                return !setValue.settingTerms.isDisjoint(with: own)
            }
            if sorted.contains(where: gives) { sorted = sorted.leading(where: gives) }
        }
        // Asked for the car's height, "Overall height | 1,560 mm" leads a child seat's "shorter than 150 cm".
        if let expectedValue, let valueAttribute {
            sorted = sorted.leading { ValueAttribute.isStated(expectedValue, of: valueAttribute, in: $0.sentence.text) }
        }
        // Asked what to use, a sentence naming a designation leads when it holds as many of the question's
        // words as the sentence that would, or reads as close to the question: "Fuse type | Blade, part
        // No. 90048-15D" before "CAUTION The fuse holder of blade fuses must not be bent", "The smart
        // key is powered by a CR2032 lithium coin cell" before "Replace the battery with one of the same type".
        if expectedValue == nil, let leader = sorted.first, !designating.contains(leader.ref) {
            let leaderCosine = cosines[leader.ref] ?? 0
            if let designation = sorted.first(where: { candidate in
                designating.contains(candidate.ref) && (candidate.ownCoverage >= leader.ownCoverage
                    || (candidate.ownCoverage > 0 && (cosines[candidate.ref] ?? 0) >= leaderCosine))
            }) {
                sorted = [designation] + sorted.filter { $0.ref != designation.ref }
            }
        }
        // Asked what a quoted word means, the sentence defining it leads ("• floating: battery has completed its
        // charge cycle …" before the variable's table row, which holds more of the question's words).
        if definesQuoted {
            sorted = sorted.leading { Definition.defines($0.sentence.text, terms: definedTerms) }
        }
        // Asked about an option whose own entry the passages hold, the entry answers and leads: the other
        // sentences may share more of the question's words ("e.g." holds the "e" of "-e", every example
        // command line names "avrdude"), none says what the option does.
        guard optionDefined else { return sorted }
        return sorted.leading { namedOptions.defined(in: $0.sentence.text) }
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
                                     score: shared.score, contentScore: shared.content)
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

private extension Array {
    /// The elements for which `leads` holds, then the others, each group in its own order.
    func leading(where leads: (Element) -> Bool) -> [Element] {
        var first: [Element] = [], rest: [Element] = []
        for element in self {
            if leads(element) { first.append(element) } else { rest.append(element) }
        }
        return first + rest
    }
}
