import ManualIndex
import ManualQuestion
/// How the sentences around an anchor hang together: the table or list it belongs to, the procedure
/// after it, the sentences that continue it, the reply to a question. `SentenceSelector.select` uses them
/// to keep whole what the reader needs whole.
extension SentenceSelector {
    /// The sentences right after `anchor` that go on with its statement ("It is ...", "However, ..."), or,
    /// for a question that asks for an amount, state one: the anchor's when it has none, or another of the
    /// question's ("every 15,000 km" then "under severe conditions, every 7,500 km"). At most two, and
    /// the line the last of them announces, when it ends in ":".
    func continuation(of anchor: SentenceRef, ownCoverage: [SentenceRef: Double]) -> [Int] {
        let sentences = passages[anchor.passage].sentences
        var out: [Int] = []
        var hasNumber = passages[anchor.passage].statesNumber[anchor.index]
        let anchorStatesBound = asked.asksForLimit && LimitWords.states(sentences[anchor.index].text)
        for index in (anchor.index + 1)..<min(sentences.count, anchor.index + 3) {
            let sentence = sentences[index]
            guard sentence.kind != .heading, !sentence.kind.isBlockLine else { break }
            let number = passages[anchor.passage].statesNumber[index]
            // Another amount belongs only to a sentence about the same thing: half the anchor's question words.
            let related = (ownCoverage[SentenceRef(passage: anchor.passage, index: index)] ?? 0)
                >= 0.5 * (ownCoverage[anchor] ?? 0) && (ownCoverage[anchor] ?? 0) > 0
            // Asked how to do something, the instructions after the anchor are the answer ("Fill the kettle ...").
            let instruction = asked.asksForSteps && SentenceShape.instructs(sentence)
            // Asked for bounds, a sentence stating them goes on with an anchor that states none (`LimitWords`).
            let bound = asked.asksForLimit && number && !anchorStatesBound && LimitWords.states(sentence.text)
            // A restriction ("Only applicable to TPI devices.") or more of the same requirement ("you must also
            // define …") finishes the statement (`QualifyingSentence`).
            let qualifies = QualifyingSentence.restricts(sentence)
                || ((ownCoverage[SentenceRef(passage: anchor.passage, index: index)] ?? 0) > 0 && QualifyingSentence.addsToStatement(sentence))
            guard SentenceShape.continuesStatement(sentence) || instruction || qualifies
                    || (asked.asksForQuantity && number && (!hasNumber || related)) || bound
            else { break }
            out.append(index)
            hasNumber = hasNumber || number
        }
        // A continuation ending in ":" comes with the line it announces ("… as in the following example:").
        if let last = out.last, SentenceShape.introducesBlock(sentences[last]) {
            out += introduced(after: last, in: passages[anchor.passage])
        }
        return out
    }

    /// The description of the bare option line `entry` ("-B bitclock" then "Specify the bit clock period …"):
    /// the next sentence, when it is prose and not the next option's line.
    func description(after entry: SentenceRef) -> Int? {
        let sentences = passages[entry.passage].sentences
        guard NamedOptions.isBareEntry(sentences[entry.index].text), entry.index + 1 < sentences.count else { return nil }
        let next = sentences[entry.index + 1]
        guard next.kind == .body, !NamedOptions.isBareEntry(next.text),
              NamedOptions.tokens(next.text).first.map(NamedOptions.isOption) != true else { return nil }
        return entry.index + 1
    }

    /// The sentences after a question in the manual that answer it: up to two, to the next heading or question.
    func reply(to question: SentenceRef) -> [Int] {
        let sentences = passages[question.passage].sentences
        var out: [Int] = []
        for index in (question.index + 1)..<min(sentences.count, question.index + 3) {
            guard sentences[index].kind != .heading, !SentenceShape.asks(sentences[index]) else { break }
            out.append(index)
        }
        return out
    }

    /// The reply of the troubleshooting entry `anchor` states the problem of (its problem statement, or a
    /// sentence that goes on with it before the reply starts): the "Solution: ..." sentence and the one
    /// after it, within the entry. Nil when the anchor is not in a problem statement or the entry has no
    /// reply in this chunk.
    func solution(answering anchor: SentenceRef) -> [Int]? {
        let passage = passages[anchor.passage]
        let sentences = passage.sentences
        guard let problem = passage.isProblem[anchor.index] ? anchor.index
                : passage.entryHeads[anchor.index] else { return nil }
        let entry = (problem + 1)..<sentences.count
        guard let start = entry.prefix(while: { passage.entryHeads[$0] == problem })
            .first(where: { TroubleshootingEntry.isSolution(sentences[$0].text) }), start > anchor.index
        else { return nil }
        return Array((start..<min(sentences.count, start + 2)).prefix { passage.entryHeads[$0] == problem })
    }

    /// The rows of the table `run` (its header left out) that single themselves out: they state a question
    /// term that the table's header, caption and headings do not ("Compact spare" asked of a tire-pressure
    /// table), or name the option asked about ("-o FILE" for "What does -o do?"). Rows that merely repeat
    /// the table's topic do not count.
    func matchingRows(of run: Range<Int>, passage: Int) -> [Int] {
        let analysed = passages[passage]
        let topic = analysed.blockTerms[run.lowerBound].union(analysed.sentenceTerms[run.lowerBound])
            .union(analysed.sectionTerms[run.lowerBound])
        return run.dropFirst().filter { row in
            analysed.sentenceTerms[row].contains { weights.weight($0) > 0 && !topic.contains($0) }
                || asked.namedOptions.named(in: analysed.sentences[row].text)
        }
    }

    /// Whether the sentences at `a` and `b` of one chunk stand in one branch of the manual's outline: no
    /// heading between them, or the heading of one numbers a subsection of the other's ("A.1.1.1 FreeBSD
    /// Installation" under "A.1.1 Unix Installation"), not a sibling ("7.4 Bulbs" after "7.3 Fluids").
    /// `chunkHeading` is the heading the chunk opens under.
    static func sameBranch(_ a: Int, _ b: Int, in sentences: [Sentence], chunkHeading: String?) -> Bool {
        let (first, last) = (min(a, b), max(a, b))
        guard first < last, sentences[(first + 1)...last].contains(where: { $0.kind == .heading }) else { return true }
        func heading(at index: Int) -> String? {
            sentences[...index].last { $0.kind == .heading }?.text ?? chunkHeading
        }
        guard let upper = heading(at: first).flatMap(SectionNumber.parse)?.components,
              let lower = heading(at: last).flatMap(SectionNumber.parse)?.components else { return false }
        return upper.starts(with: lower) || lower.starts(with: upper)
    }

    /// Sentence indexes (in the anchor's chunk, document order) that belong with the anchor; at most
    /// `room`. The anchor is among them unless it only introduces a table or list too long to quote with it.
    func context(around anchor: SentenceRef, room: Int, ownCoverage: [SentenceRef: Double]) -> [Int] {
        guard room > 0 else { return [] }
        let sentences = passages[anchor.passage].sentences
        let index = anchor.index
        switch asked.asksForSteps && SentenceSelector.isInsideProcedure(index, in: sentences) ? .listItem : sentences[index].kind {
        case .tableRow:
            let run = SentenceSelector.run(of: .tableRow, around: index, in: sentences)
            // Asked about the table as a whole (its header matched): the rows that state a question term
            // under their header, or, when none does, its first rows. A first row of data is no header:
            // "0 | 30 kHz (default)" asked for the default is that row.
            if index == run.lowerBound, !SentenceSelector.opensWithData(run, in: sentences) {
                let matching = matchingRows(of: run, passage: anchor.passage)
                if !matching.isEmpty { return Array(([index] + matching).prefix(room)) }
                return room >= min(2, run.count) ? Array(run.prefix(room)) : []
            }
            // Asked about one row: that row, under the header that says what its columns are, and the rows
            // that match the question as well as it does ("Front, normal load" and "Rear, normal load"),
            // not every row that shares a word with it ("SET HKn LOCKED" beside "SET HKn BADBLOCK").
            // A table's first row carries the words of what introduces the table (`AnalysedPassage.blockTerms`);
            // when it is a row of data, its own words are what another row must match as well ("SET CLK 50HZ"
            // beside "SET CLK 60HZ" for "How do I set the line-time clock to 50 Hz?").
            let anchorCoverage = index == run.lowerBound ? weights.coverage(of: passages[anchor.passage].sentenceTerms[index])
                : ownCoverage[anchor] ?? 0
            // A header left on the page before (a table that runs over a page break) would lead the answer
            // with a marker for a page the row is not on: the row is quoted without it.
            // A table of a definition's values has its item line for a header ("‘spifreq=0..7’" above "0 | 30 kHz").
            let item = passages[anchor.passage].termHeads[index].flatMap { $0 == run.lowerBound - 1 ? $0 : nil }
            let header = (SentenceSelector.headerRow(of: run, in: sentences) ?? item)
                .flatMap { sentences[$0].page == sentences[index].page ? $0 : nil }
            var rows = [header, index].compactMap { $0 }
            // Or a row naming another of the codes the question lists: "com2 | 0x2F8" and "com3 | 0x3E8" with "com1 |
            // 0x3F8" for "Which addresses do com1, com2 and com3 use?". Only a code (letters and digits):
            // another question word in a row ("VT | threshold voltage" for "… a voltage-sensing relay") is
            // what the row shares with the question, not what was asked.
            let terms = passages[anchor.passage].sentenceTerms
            var held = rows.reduce(into: Set<String>()) { $0.formUnion(terms[$1]) }
            for row in run where row != run.lowerBound && row != index && rows.count < room
                && ((ownCoverage[SentenceRef(passage: anchor.passage, index: row)] ?? 0) >= anchorCoverage
                    || terms[row].contains { weights.weight($0) > 0 && !held.contains($0) && NamedModel.isCode($0) }) {
                rows.append(row)
                held.formUnion(terms[row])
            }
            return Array(rows.prefix(room)).sorted()
        case .listItem:
            let run = SentenceSelector.run(of: .listItem, around: index, in: sentences)
            // A bulleted list is a set of statements, not steps: the item that matched is the answer.
            guard SentenceSelector.isProcedure(run, in: sentences), !stepAnswersAlone(anchor) else { return [index] }
            // Steps are read from the first one; slide the window only when the anchor would fall outside.
            let start = index - run.lowerBound < room ? run.lowerBound : index - room + 1
            var steps = Array(start..<min(start + room, run.upperBound))
            if start == run.lowerBound, steps.count < room, let lead = leadIn(before: run.lowerBound, in: sentences) {
                steps.insert(lead, at: 0)
            }
            return steps
        default:
            // The first sentence of a definition is read under the item it defines ("‘section_config’").
            if let item = passages[anchor.passage].termHeads[index], item == index - 1, room >= 2 {
                return [item] + context(around: anchor, room: room - 1, ownCoverage: ownCoverage, sentences: sentences)
            }
            return context(around: anchor, room: room, ownCoverage: ownCoverage, sentences: sentences)
        }
    }

    /// The introducing sentence and items of a list that starts within three sentences after `anchor`
    /// in the same section, if there is one.
    func procedure(following anchor: SentenceRef) -> [Int]? {
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

    /// The table that the anchor introduces, for a question that asks for a value or how to do something
    /// that the anchor does not state itself: the sentence between them, if any, and the table's rows (its
    /// header and the rows that match, when some do; its first `maxBlockLines` otherwise). Wiring and
    /// limits are tabled under a sentence that names what they belong to ("Many Best Power units ... have
    /// a female DB-9 socket with a non-standard pinout."), and that sentence alone does not answer. The
    /// table must start right after the anchor, or one sentence later and then share a question term; a
    /// sentence between that introduces it itself ("The TM controller implements these registers:")
    /// makes it another topic's.
    func table(following anchor: SentenceRef) -> [Int]? {
        let analysed = passages[anchor.passage]
        let sentences = analysed.sentences
        // An anchor that states the amount, or gives the instruction, answers already: a table after it
        // repeats it ("every 15,000 km" above the maintenance schedule).
        guard !sentences[anchor.index].kind.isBlockLine,
              (asked.asksForQuantity && !analysed.statesNumber[anchor.index])
                || (asked.asksForSteps && !SentenceShape.instructs(sentences[anchor.index])) else { return nil }
        for index in (anchor.index + 1)..<min(sentences.count, anchor.index + 3) {
            let kind = sentences[index].kind
            if kind == .tableRow {
                let run = SentenceSelector.run(of: .tableRow, around: index, in: sentences)
                if index > anchor.index + 1 {
                    let tableTerms = run.reduce(into: Set<String>()) { $0.formUnion(analysed.sentenceTerms[$1]) }
                    guard tableTerms.contains(where: { weights.weight($0) > 0 }) else { return nil }
                }
                let matching = matchingRows(of: run, passage: anchor.passage)
                let rows = matching.isEmpty ? Array(run.prefix(maxBlockLines)) : [run.lowerBound] + matching.prefix(maxBlockLines - 1)
                return Array((anchor.index + 1)..<index) + rows
            }
            guard kind == .body, !SentenceShape.introducesBlock(sentences[index]) else { return nil }
        }
        return nil
    }

    /// A sentence with the table or list it introduces, when there is one, or with the line it introduces
    /// ("… you can do the following instead:" above "$ ./configure --prefix=$HOME/local"; "as in the
    /// following example: Example:" above the example): a sentence ending in ":" is not quoted without
    /// what it announces.
    private func context(around anchor: SentenceRef, room: Int, ownCoverage: [SentenceRef: Double],
                         sentences: [Sentence]) -> [Int] {
        let index = anchor.index
        let next = index + 1
        guard SentenceShape.introducesBlock(sentences[index]), next < sentences.count else { return [index] }
        guard sentences[next].kind == .tableRow || sentences[next].kind == .listItem else {
            let lines = introduced(after: index, in: passages[anchor.passage])
            // Without room for what it announces, the sentence is not quoted at all.
            return lines.count < room ? [index] + lines : []
        }
        let run = SentenceSelector.run(of: sentences[next].kind, around: next, in: sentences)
        // The rows or steps are the answer; the sentence introducing them goes first when they leave room.
        return run.count < room ? [index] + Array(run) : Array(run.prefix(room))
    }

    /// The body lines that the sentence `index` (ending in ":") introduces: the next one, and the one
    /// after it when the next is a second lead-in such as "Example:". None when a heading, a table, a list
    /// or a definition list's item comes next (those have rules of their own).
    private func introduced(after index: Int, in passage: AnalysedPassage) -> [Int] {
        let sentences = passage.sentences
        var out: [Int] = []
        var next = index + 1
        while next < sentences.count, out.count < 2 {
            let sentence = sentences[next]
            guard sentence.kind == .body, !passage.isTermLine[next] else { return [] }
            out.append(next)
            guard SentenceShape.introducesBlock(sentence) else { return out }
            next += 1
        }
        return out.count == 2 ? out : []
    }
}
