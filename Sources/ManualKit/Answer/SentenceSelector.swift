/// Chooses the sentences to quote and puts them in reading order.
///
/// The best candidate is the anchor and leads the answer. Around it the structure the reader needs is
/// kept whole: a table row comes with its header row, a procedure step with the steps before it, and a
/// sentence ending in ":" with the table or list it introduces. A sentence right after it joins only when
/// it goes on with the same statement ("It is ..."), or holds the number a "how many / what value"
/// question asks for. Other candidates join only when they state a question term the quote still lacks
/// and score near the anchor: a short answer is better than a long one that buries the fact. Copies are
/// dropped.
struct SentenceSelector {
    /// Every analysed passage, indexed by retrieval position.
    let passages: [AnalysedPassage]
    let maxSentences: Int
    /// A table or numbered procedure is quoted whole, up to this many rows or steps.
    let maxBlockLines: Int
    let supportingRatio: Double
    /// The question's terms and their weights: what a further sentence must add.
    var weights = TermWeights(terms: [], weights: [:])
    /// The question asks for an amount ("how many", "default", "maximum"): a sentence with a number may join.
    var asksForQuantity = false
    /// The question asks how to do something: instructions after the anchor may join.
    var asksForSteps = false
    /// The question asks for a command line: usage blocks may join.
    var asksForCommand = false
    /// Steps of a procedure quoted at most (`AnswerSettings.maxSteps`).
    var maxSteps = 8
    /// The question asks across manuals ("which of my manuals…"): sentences may come from several.
    /// Otherwise an answer quotes one manual, the anchor's.
    var acrossDocuments = false

    /// The chosen sentences: the anchor (with the structure it needs) first, then the sentences that
    /// complete it, then other chunks by rank, each in document order.
    func select(from candidates: [SentenceCandidate]) -> SentenceSelection? {
        guard let anchor = candidates.first, maxSentences > 0 else { return nil }
        var chosen: [SentenceRef] = []
        var continuesOn: Int?
        var fingerprints: [SentenceFingerprint] = []
        var limit = maxSentences

        let anchorDocument = passages[anchor.ref.passage].result.documentID
        @discardableResult
        func take(_ ref: SentenceRef) -> Bool {
            guard chosen.count < limit, !chosen.contains(ref) else { return false }
            guard acrossDocuments || passages[ref.passage].result.documentID == anchorDocument else { return false }
            let sentence = passages[ref.passage].sentences[ref.index]
            guard sentence.kind != .heading, !NavigationLine.isNavigation(sentence.text),
                  asksForCommand || !SentenceShape.isUsage(sentence) else { return false }
            let fingerprint = SentenceFingerprint(sentence.text)
            guard !fingerprint.text.isEmpty, !fingerprints.contains(where: fingerprint.duplicates) else { return false }
            chosen.append(ref)
            fingerprints.append(fingerprint)
            return true
        }
        func ownTerms(_ ref: SentenceRef) -> Set<String> {
            passages[ref.passage].sentenceTerms[ref.index].union(passages[ref.passage].blockTerms[ref.index])
        }
        func hasNumber(_ ref: SentenceRef) -> Bool { passages[ref.passage].statesNumber[ref.index] }

        var ownCoverage: [SentenceRef: Double] = [:]
        for candidate in candidates { ownCoverage[candidate.ref] = candidate.ownCoverage }

        // The anchor's table or list has room for its lead-in and a whole block.
        let group = context(around: anchor.ref, room: max(maxSentences, maxBlockLines + 1), ownCoverage: ownCoverage)
        for index in group { take(SentenceRef(passage: anchor.ref.passage, index: index)) }
        let leading = chosen.count
        // Manuals explain, then give the steps ("To reset the light yourself, proceed as follows:"):
        // a procedure introduced right after the anchor is the answer and comes whole.
        if let procedure = procedure(following: anchor.ref) {
            limit = max(limit, chosen.count + procedure.count)
            for index in procedure { take(SentenceRef(passage: anchor.ref.passage, index: index)) }
            limit = chosen.count
        } else if SentenceShape.asks(passages[anchor.ref.passage].sentences[anchor.ref.index]) {
            // A question in the manual ("Problem: How do I turn off the DWEN fuse?") is answered by what
            // follows it: quoting the question back answers nothing.
            for next in reply(to: anchor.ref) { take(SentenceRef(passage: anchor.ref.passage, index: next)) }
        } else if anchor.ref.index > 0, passages[anchor.ref.passage].sentences[anchor.ref.index - 1].kind == .heading,
                  SentenceShape.asks(passages[anchor.ref.passage].sentences[anchor.ref.index - 1]) {
            // The first sentence under a FAQ heading: the answer goes on to the end of that reply.
            for next in reply(to: SentenceRef(passage: anchor.ref.passage, index: anchor.ref.index - 1)) {
                take(SentenceRef(passage: anchor.ref.passage, index: next))
            }
        } else if group == [anchor.ref.index] {
            for next in continuation(of: anchor.ref, ownCoverage: ownCoverage) {
                take(SentenceRef(passage: anchor.ref.passage, index: next))
            }
        }
        // Words of the manual's own title ("Northwind", "kettle") name the manual, not part of the answer:
        // a sentence that adds only those adds nothing.
        var covered = chosen.reduce(into: Set(TermsMemo.terms(passages[anchor.ref.passage].result.documentTitle))) {
            $0.formUnion(ownTerms($1))
        }
        // Only from the anchor's own passage: on the development set, sentences other chunks added were on a
        // labelled page 3 times in 20; the reader finds those chunks under Sources.
        for candidate in candidates where candidate.ref.passage == anchor.ref.passage
            && candidate.ownCoverage > 0 && candidate.contentScore >= supportingRatio * anchor.contentScore {
            // Only a sentence that states something the quote lacks: a question term, or the number asked for.
            let adds = weights.coverage(of: covered.union(ownTerms(candidate.ref))) > weights.coverage(of: covered)
                || (asksForQuantity && hasNumber(candidate.ref) && !chosen.contains(where: hasNumber))
            guard adds else { continue }
            // A supporting sentence comes with its own context (a row with its header, an introduction
            // with its table) or not at all: half a structure reads worse than none.
            let group = context(around: candidate.ref, room: maxSentences - chosen.count, ownCoverage: ownCoverage)
            guard group.contains(candidate.ref.index) else { continue }
            for index in group where take(SentenceRef(passage: candidate.ref.passage, index: index)) {
                covered.formUnion(ownTerms(SentenceRef(passage: candidate.ref.passage, index: index)))
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
            // A bulleted list comes whole only when its lead-in was quoted (the question asked for the list).
            if kind == .listItem, !SentenceSelector.isProcedure(run, in: sentences),
               !chosen.contains(SentenceRef(passage: ref.passage, index: run.lowerBound - 1)) { continue }
            if kind == .tableRow {
                let quotedRows = run.filter { chosen.contains(SentenceRef(passage: ref.passage, index: $0)) }
                guard quotedRows == Array(run.prefix(quotedRows.count)),
                      matchingRows(of: run, passage: ref.passage).isEmpty else { continue }
            }
            let lines: (kept: [Int], restAt: Int?) = kind == .listItem ? steps(run, in: sentences) : (Array(run.prefix(maxBlockLines)), nil)
            for index in lines.kept {
                let row = SentenceRef(passage: ref.passage, index: index)
                if !chosen.contains(row) { chosen.append(row) }
            }
            if let next = lines.restAt { continuesOn = continuesOn ?? sentences[next].page }
        }
        // The anchor's own group leads, in document order; what completes it follows, then other chunks.
        let lead = Set(chosen.prefix(leading))
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
            for candidate in candidates where candidate.ownCoverage > 0 && candidate.contentScore >= supportingRatio * anchor.contentScore {
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

    /// The sentences right after `anchor` that go on with its statement ("It is ...", "However, ..."), or,
    /// for a question that asks for an amount, state one: the anchor's when it has none, or another of the
    /// question's ("every 15,000 km" then "under severe conditions, every 7,500 km"). At most two.
    private func continuation(of anchor: SentenceRef, ownCoverage: [SentenceRef: Double]) -> [Int] {
        let sentences = passages[anchor.passage].sentences
        var out: [Int] = []
        var hasNumber = passages[anchor.passage].statesNumber[anchor.index]
        for index in (anchor.index + 1)..<min(sentences.count, anchor.index + 3) {
            let sentence = sentences[index]
            guard sentence.kind != .heading, !sentence.kind.isBlockLine else { break }
            let number = passages[anchor.passage].statesNumber[index]
            // Another amount belongs only to a sentence about the same thing: half the anchor's question words.
            let related = (ownCoverage[SentenceRef(passage: anchor.passage, index: index)] ?? 0)
                >= 0.5 * (ownCoverage[anchor] ?? 0) && (ownCoverage[anchor] ?? 0) > 0
            // Asked how to do something, the instructions after the anchor are the answer ("Fill the kettle ...").
            let instruction = asksForSteps && SentenceShape.instructs(sentence)
            guard SentenceShape.continuesStatement(sentence) || instruction
                    || (asksForQuantity && number && (!hasNumber || related))
            else { break }
            out.append(index)
            hasNumber = hasNumber || number
        }
        return out
    }

    /// The sentences after a question in the manual that answer it: up to two, to the next heading or question.
    private func reply(to question: SentenceRef) -> [Int] {
        let sentences = passages[question.passage].sentences
        var out: [Int] = []
        for index in (question.index + 1)..<min(sentences.count, question.index + 3) {
            guard sentences[index].kind != .heading, !SentenceShape.asks(sentences[index]) else { break }
            out.append(index)
        }
        return out
    }

    /// The rows of the table `run` (its header left out) that single themselves out: they state a question
    /// term that the table's header, caption and headings do not ("Compact spare" asked of a tire-pressure
    /// table). Rows that merely repeat the table's topic do not count.
    private func matchingRows(of run: Range<Int>, passage: Int) -> [Int] {
        let analysed = passages[passage]
        let topic = analysed.blockTerms[run.lowerBound].union(analysed.sentenceTerms[run.lowerBound])
            .union(analysed.sectionTerms[run.lowerBound])
        return run.dropFirst().filter { row in
            analysed.sentenceTerms[row].contains { weights.weight($0) > 0 && !topic.contains($0) }
        }
    }

    /// Sentence indexes (in the anchor's chunk, document order) that belong with the anchor; at most
    /// `room`. The anchor is among them unless it only introduces a table or list too long to quote with it.
    private func context(around anchor: SentenceRef, room: Int, ownCoverage: [SentenceRef: Double]) -> [Int] {
        guard room > 0 else { return [] }
        let sentences = passages[anchor.passage].sentences
        let index = anchor.index
        switch sentences[index].kind {
        case .tableRow:
            let run = SentenceSelector.run(of: .tableRow, around: index, in: sentences)
            // Asked about the table as a whole (its header matched): the rows that state a question term
            // under their header, or, when none does, its first rows.
            if index == run.lowerBound {
                let matching = matchingRows(of: run, passage: anchor.passage)
                if !matching.isEmpty { return Array(([index] + matching).prefix(room)) }
                return room >= min(2, run.count) ? Array(run.prefix(room)) : []
            }
            // Asked about one row: that row, under the header that says what its columns are, and the rows
            // that match the question as well as it does ("Front, normal load" and "Rear, normal load"),
            // not every row that shares a word with it ("SET HKn LOCKED" beside "SET HKn BADBLOCK").
            let anchorCoverage = ownCoverage[anchor] ?? 0
            var rows = [run.lowerBound, index]
            for row in run where row != run.lowerBound && row != index && rows.count < room
                && (ownCoverage[SentenceRef(passage: anchor.passage, index: row)] ?? 0) >= anchorCoverage {
                rows.append(row)
            }
            return Array(rows.prefix(room)).sorted()
        case .listItem:
            let run = SentenceSelector.run(of: .listItem, around: index, in: sentences)
            // A bulleted list is a set of statements, not steps: the item that matched is the answer.
            guard SentenceSelector.isProcedure(run, in: sentences) else { return [index] }
            // Steps are read from the first one; slide the window only when the anchor would fall outside.
            let start = index - run.lowerBound < room ? run.lowerBound : index - room + 1
            var steps = Array(start..<min(start + room, run.upperBound))
            if start == run.lowerBound, steps.count < room, let lead = leadIn(before: run.lowerBound, in: sentences) {
                steps.insert(lead, at: 0)
            }
            return steps
        default:
            let next = index + 1
            guard SentenceShape.introducesBlock(sentences[index]), next < sentences.count,
                  sentences[next].kind == .tableRow || sentences[next].kind == .listItem else { return [index] }
            let run = SentenceSelector.run(of: sentences[next].kind, around: next, in: sentences)
            // The rows or steps are the answer; the sentence introducing them goes first when they leave room.
            return run.count < room ? [index] + Array(run) : Array(run.prefix(room))
        }
    }

    /// The introducing sentence and items of a list that starts within three sentences after `anchor`
    /// in the same section, if there is one.
    private func procedure(following anchor: SentenceRef) -> [Int]? {
        let sentences = passages[anchor.passage].sentences
        var index = anchor.index + 1
        while index < min(sentences.count - 1, anchor.index + 4) {
            if sentences[index].kind == .heading || sentences[index].kind.isBlockLine { return nil }
            if SentenceShape.introducesBlock(sentences[index]) && sentences[index + 1].kind == .listItem {
                let run = SentenceSelector.run(of: .listItem, around: index + 1, in: sentences)
                return [index] + steps(run, in: sentences).kept
            }
            index += 1
        }
        return nil
    }

    /// The sentences of a procedure's first `maxSteps` steps (a step's further sentences go with it), and
    /// where the rest starts when there is more.
    private func steps(_ run: Range<Int>, in sentences: [Sentence]) -> (kept: [Int], restAt: Int?) {
        var kept: [Int] = [], count = 0
        for index in run {
            if sentences[index].kind == .listItem {
                count += 1
                if count > maxSteps { return (kept, index) }
            }
            kept.append(index)
        }
        return (kept, nil)
    }

    /// The sentence that introduces a list starting at `start` ("To change the oil:"), if there is one.
    private func leadIn(before start: Int, in sentences: [Sentence]) -> Int? {
        let lead = start - 1
        guard lead >= 0, sentences[lead].kind != .heading, SentenceShape.introducesBlock(sentences[lead]) else { return nil }
        return lead
    }

    /// True for a list whose first item is numbered ("1.", "a)"): a procedure, read step by step.
    static func isProcedure(_ run: Range<Int>, in sentences: [Sentence]) -> Bool {
        ListMarker.enumerationLength(sentences[run.lowerBound].text) != nil
    }

    /// The contiguous sentences of `kind` that include `index`. A list item's own further sentences
    /// ("2. Press START twice. Do not start the engine.") come out of the splitter as body text, so
    /// body sentences between two items belong to the run.
    static func run(of kind: SentenceKind, around index: Int, in sentences: [Sentence]) -> Range<Int> {
        func belongs(_ i: Int) -> Bool {
            guard sentences[i].kind != kind else { return true }
            guard kind == .listItem, sentences[i].kind == .body else { return false }
            var before = i - 1, after = i + 1
            while before >= 0 && sentences[before].kind == .body { before -= 1 }
            while after < sentences.count && sentences[after].kind == .body { after += 1 }
            return before >= 0 && after < sentences.count && sentences[before].kind == kind
                && sentences[after].kind == kind && after - before <= 3
        }
        var lower = index
        while lower > 0 && belongs(lower - 1) { lower -= 1 }
        var upper = index + 1
        while upper < sentences.count && belongs(upper) { upper += 1 }
        return lower..<upper
    }
}

extension SentenceKind {
    /// Rows of a table and items of a list: read together, quoted together.
    var isBlockLine: Bool { self == .tableRow || self == .listItem }
}
