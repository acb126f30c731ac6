import ManualIndex
import ManualQuestion
/// Chooses the sentences to quote and puts them in reading order.
///
/// The best candidate is the anchor and leads the answer. Around it the structure the reader needs is
/// kept whole: a table row comes with its header row, a procedure step with the steps before it, a
/// sentence ending in ":" with the table, list or definition list it introduces, and a definition with
/// the item line it describes. A sentence right after it joins only when
/// it goes on with the same statement ("It is ..."), or holds the number a "how many / what value"
/// question asks for. Other candidates join only when they state a question term the quote still lacks
/// and score near the anchor, each with what goes on with it as the anchor is: a short answer is better than
/// a long one that buries the fact. Copies are dropped.
package struct SentenceSelector {
    /// Every analysed passage, indexed by retrieval position.
    let passages: [AnalysedPassage]
    /// What the question asks for: an amount, bounds (`LimitWords`), steps or a command line let the sentences
    /// giving them join the quote; the rows of an option list naming its options (`NamedOptions`) are the ones quoted.
    let asked: QuestionTerms
    /// The question's terms and their weights: what a further sentence must add.
    let weights: TermWeights
    /// Sentences, block lines (a table or numbered procedure is quoted whole, up to this many rows) and steps
    /// quoted at most, and how near the anchor's score a supporting sentence must be.
    let settings: AnswerSettings
    /// The question asks across manuals ("which of my manuals…"): sentences may come from several.
    /// Otherwise an answer quotes one manual, the anchor's.
    let acrossDocuments: Bool

    var maxSentences: Int { settings.maxSentences }
    var maxBlockLines: Int { settings.maxBlockLines }

    /// Asked for an amount and not for steps, a procedure's step that states a number answers by itself ("6. Add
    /// 4.0 litres of fluid" for an amount of fluid asked): the steps before it would bury it.
    /// The step's own number ("6.") is no amount.
    func stepAnswersAlone(_ ref: SentenceRef) -> Bool {
        guard asked.asksForQuantity, !asked.asksForSteps else { return false }
        let text = passages[ref.passage].sentences[ref.index].text
        return SentenceShape.statesNumber(String(text.dropFirst(ListMarker.enumerationLength(text) ?? 0)))
    }

    /// The chosen sentences: the anchor (with the structure it needs) first, then the sentences that
    /// complete it, then other chunks by rank, each in document order.
    func select(from candidates: [SentenceCandidate]) -> SentenceSelection? {
        guard let anchor = candidates.first, maxSentences > 0 else { return nil }
        var chosen: [SentenceRef] = []
        var continuesOn: Int?
        var fingerprints: [SentenceFingerprint] = []
        var limit = maxSentences

        let anchorDocument = passages[anchor.ref.passage].result.documentID
        // An option's own entry is completed by what follows it, not by its neighbours in the option list,
        // which share "option" and the program's name with every question about an option.
        let entry = asked.namedOptions.defined(in: passages[anchor.ref.passage].sentences[anchor.ref.index].text)
        // The lines the anchor announces, when it ends in ":": what it goes on to state, whatever their form.
        var announced = Set<SentenceRef>()
        @discardableResult
        func take(_ ref: SentenceRef) -> Bool {
            guard chosen.count < limit, !chosen.contains(ref) else { return false }
            guard acrossDocuments || passages[ref.passage].result.documentID == anchorDocument else { return false }
            let sentence = passages[ref.passage].sentences[ref.index]
            guard sentence.kind != .heading, !passages[ref.passage].isNavigation[ref.index],
                  asked.asksForCommand || announced.contains(ref) || !SentenceShape.isCommandText(sentence) else { return false }
            let fingerprint = passages[ref.passage].fingerprints[ref.index]
            guard !fingerprint.text.isEmpty, !fingerprints.contains(where: fingerprint.duplicates) else { return false }
            chosen.append(ref)
            fingerprints.append(fingerprint)
            return true
        }
        func ownTerms(_ ref: SentenceRef) -> Set<String> {
            passages[ref.passage].sentenceTerms[ref.index].union(passages[ref.passage].blockTerms[ref.index])
        }
        func hasNumber(_ ref: SentenceRef) -> Bool { passages[ref.passage].statesNumber[ref.index] }
        func sameBranch(_ a: SentenceRef, _ b: SentenceRef) -> Bool {
            SentenceSelector.sameBranch(a.index, b.index, in: passages[a.passage].sentences,
                                        chunkHeading: passages[a.passage].result.chunk.headingPath.last)
        }

        var ownCoverage: [SentenceRef: Double] = [:]
        for candidate in candidates { ownCoverage[candidate.ref] = candidate.ownCoverage }

        // The anchor's table or list has room for its lead-in and a whole block.
        let group = context(around: anchor.ref, room: max(maxSentences, maxBlockLines + 1), ownCoverage: ownCoverage)
        // A sentence ending in ":" that leads the answer is quoted with what it announces, even a block of
        // option lines ("the user can force other choices with switches:" above "-t | PDP-8 format"): without
        // them it states nothing, and the question matched the sentence that says what they are.
        if group.contains(anchor.ref.index),
           SentenceShape.introducesBlock(passages[anchor.ref.passage].sentences[anchor.ref.index]) {
            announced = Set(group.filter { $0 > anchor.ref.index }.map { SentenceRef(passage: anchor.ref.passage, index: $0) })
        }
        for index in group { take(SentenceRef(passage: anchor.ref.passage, index: index)) }
        let leading = chosen.count
        // The anchor alone, or under the definition item it describes: not part of a table or list.
        let alone = group.filter { $0 != passages[anchor.ref.passage].termHeads[anchor.ref.index] } == [anchor.ref.index]
        // Manuals explain, then give the steps ("To reset the light yourself, proceed as follows:"):
        // a procedure introduced right after the anchor is the answer and comes whole.
        if let procedure = procedure(following: anchor.ref) {
            limit = max(limit, chosen.count + procedure.count)
            for index in procedure { take(SentenceRef(passage: anchor.ref.passage, index: index)) }
            limit = chosen.count
        } else if alone, let table = table(following: anchor.ref) {
            // The values, pins or wiring asked for are in the table the anchor introduces.
            limit = max(limit, chosen.count + table.count)
            for index in table { take(SentenceRef(passage: anchor.ref.passage, index: index)) }
            limit = chosen.count
        } else if let solution = solution(answering: anchor.ref) {
            // The problem the question describes, stated by a troubleshooting entry: its reply is the answer.
            for index in solution { take(SentenceRef(passage: anchor.ref.passage, index: index)) }
        } else if SentenceShape.asks(passages[anchor.ref.passage].sentences[anchor.ref.index]) {
            // A question in the manual ("Problem: How do I clear the error log?") is answered by what
            // follows it: quoting the question back answers nothing.
            for next in reply(to: anchor.ref) { take(SentenceRef(passage: anchor.ref.passage, index: next)) }
        } else if anchor.ref.index > 0, passages[anchor.ref.passage].sentences[anchor.ref.index - 1].kind == .heading,
                  SentenceShape.asks(passages[anchor.ref.passage].sentences[anchor.ref.index - 1]) {
            // The first sentence under a FAQ heading: the answer goes on to the end of that reply.
            for next in reply(to: SentenceRef(passage: anchor.ref.passage, index: anchor.ref.index - 1)) {
                take(SentenceRef(passage: anchor.ref.passage, index: next))
            }
        } else if alone {
            var statement = anchor.ref
            // An option line with only its argument ("-B bitclock"): the sentence after it says what it does.
            if entry, let description = description(after: anchor.ref) {
                take(SentenceRef(passage: anchor.ref.passage, index: description))
                statement = SentenceRef(passage: anchor.ref.passage, index: description)
            }
            for next in continuation(of: statement, ownCoverage: ownCoverage) {
                take(SentenceRef(passage: anchor.ref.passage, index: next))
            }
        }
        var covered = chosen.reduce(into: Set<String>()) {
            $0.formUnion(ownTerms($1))
        }
        // A table row is read under its table's heading ("7 | 10 A | Horn" under "7.5 Fuses" is a fuse): another
        // row adds nothing by naming what the heading names ("1 | 100 A | Main fuse").
        if passages[anchor.ref.passage].sentences[anchor.ref.index].kind == .tableRow {
            covered.formUnion(passages[anchor.ref.passage].sectionTerms[anchor.ref.index])
        }
        // Only from the anchor's own passage: on the development set, sentences other chunks added were on a
        // labelled page 3 times in 20; the reader finds those chunks under Sources. And only from the anchor's
        // branch of the outline: a chunk that runs on into the next section ("7.4 Bulbs" after the
        // capacities table) holds sentences about something else.
        let anchorItem = passages[anchor.ref.passage].termHeads[anchor.ref.index]
        for candidate in candidates where !entry && candidate.ref.passage == anchor.ref.passage
            && candidate.says(nearly: anchor, ratio: settings.supportingSentenceRatio) && sameBranch(candidate.ref, anchor.ref) {
            // Only a sentence that states something the quote lacks: a question term, or the number asked for.
            // Under another item of the definition list the anchor describes, by its own words: "0 | 5 kHz" under
            // "‘rawfreq=0..3’" holds the words of the lead-in above its table, and says nothing of "‘spifreq=0..7’".
            let otherItem = anchorItem != nil && passages[candidate.ref.passage].termHeads[candidate.ref.index] != anchorItem
            let terms = otherItem ? passages[candidate.ref.passage].sentenceTerms[candidate.ref.index] : ownTerms(candidate.ref)
            let adds = weights.coverage(of: covered.union(terms)) > weights.coverage(of: covered)
                || (!otherItem && asked.asksForQuantity && hasNumber(candidate.ref) && !chosen.contains(where: hasNumber))
            guard adds else { continue }
            // A supporting sentence comes with its own context (a row with its header, an introduction
            // with its table) or not at all: half a structure reads worse than none.
            let group = context(around: candidate.ref, room: maxSentences - chosen.count, ownCoverage: ownCoverage)
            guard group.contains(candidate.ref.index) else { continue }
            for index in group where take(SentenceRef(passage: candidate.ref.passage, index: index)) {
                covered.formUnion(ownTerms(SentenceRef(passage: candidate.ref.passage, index: index)))
            }
            // A sentence quoted alone comes with what goes on with it, as the anchor does ("Another issue is slow
            // EEPROM writing." then "This can be addressed by changing … page size to 0x20").
            if group == [candidate.ref.index] {
                for next in continuation(of: candidate.ref, ownCoverage: ownCoverage)
                where take(SentenceRef(passage: candidate.ref.passage, index: next)) {
                    covered.formUnion(ownTerms(SentenceRef(passage: candidate.ref.passage, index: next)))
                }
            }
        }
        guard !chosen.isEmpty else { return nil }
        // Half a procedure answers nothing, nor does half a table asked about as a whole (its header
        // matched and none of its rows did): in the anchor's chunk they come whole. A table asked about
        // some rows keeps those rows and its header.
        for ref in chosen where ref.passage == anchor.ref.passage {
            let sentences = passages[ref.passage].sentences
            let kind = sentences[ref.index].kind
            guard kind == .tableRow || kind == .listItem else { continue }
            let run = SentenceSelector.run(of: kind, around: ref.index, in: sentences)
            if kind == .listItem, stepAnswersAlone(ref) { continue }
            // A bulleted list comes whole only when its lead-in was quoted (the question asked for the list).
            if kind == .listItem, !SentenceSelector.isProcedure(run, in: sentences),
               !chosen.contains(SentenceRef(passage: ref.passage, index: run.lowerBound - 1)) { continue }
            if kind == .tableRow {
                // A table without a header ("0 | 30 kHz (default)" under "‘spifreq=0..7’") opens with data: its
                // first row quoted is the row asked about, not the table.
                let quotedRows = run.filter { chosen.contains(SentenceRef(passage: ref.passage, index: $0)) }
                guard !SentenceSelector.opensWithData(run, in: sentences),
                      quotedRows == Array(run.prefix(quotedRows.count)),
                      matchingRows(of: run, passage: ref.passage).isEmpty else { continue }
            }
            let lines: (kept: [Int], restAt: Int?) = kind == .listItem ? steps(run, in: sentences) : (Array(run.prefix(maxBlockLines)), nil)
            for index in lines.kept {
                let row = SentenceRef(passage: ref.passage, index: index)
                if !chosen.contains(row) { chosen.append(row) }
            }
            if let next = lines.restAt { continuesOn = continuesOn ?? sentences[next].page }
        }
        // The anchor's own group leads, in document order; what completes it follows, then other chunks. A
        // procedure the group quotes steps of is the group, from its lead-in on: asked how, with step 8 as the
        // best sentence, the answer reads steps 1 to 8 in order, not 3 to 8 and then 1 and 2.
        var lead = Set(chosen.prefix(leading))
        let anchorSentences = passages[anchor.ref.passage].sentences
        for ref in chosen.prefix(leading) where anchorSentences[ref.index].kind == .listItem {
            let run = SentenceSelector.run(of: .listItem, around: ref.index, in: anchorSentences)
            if SentenceSelector.isProcedure(run, in: anchorSentences) {
                let steps = (run.lowerBound - 1)..<run.upperBound
                lead.formUnion(chosen.filter { $0.passage == anchor.ref.passage && steps.contains($0.index) })
            }
        }
        let ordered = chosen.sorted { a, b in
            let aLead = lead.contains(a), bLead = lead.contains(b)
            if aLead != bLead { return aLead }
            let aFirst = a.passage == anchor.ref.passage, bFirst = b.passage == anchor.ref.passage
            if aFirst != bFirst { return aFirst }
            if a.passage != b.passage { return a.passage < b.passage }
            return a.index < b.index
        }
        var elsewhere: [SentenceRef] = []
        if !acrossDocuments {
            var seen: Set<Int64> = [anchorDocument]
            for candidate in candidates where candidate.says(nearly: anchor, ratio: settings.supportingSentenceRatio) {
                let document = passages[candidate.ref.passage].result.documentID
                // Candidates never include navigation lines (`SentenceScorer` leaves them out).
                guard !seen.contains(document) else { continue }
                seen.insert(document)
                elsewhere.append(candidate.ref)
            }
        }
        var selection = SentenceSelection(quoted: ordered, anchor: anchor.ref)
        selection.alsoIn = elsewhere
        selection.continuesOn = continuesOn
        return selection
    }
}

extension SentenceKind {
    /// Rows of a table and items of a list: read together, quoted together.
    var isBlockLine: Bool { self == .tableRow || self == .listItem }
}
