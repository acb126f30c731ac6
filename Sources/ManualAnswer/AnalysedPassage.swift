import ManualIndex
import ManualQuestion
/// One retrieved chunk with the terms of its heading path and of each sentence worked out once.
struct AnalysedPassage {
    /// 0-based position of the result in retrieval order.
    let position: Int
    let result: SearchResult
    /// What the chunk's text says about itself, the same whatever the question.
    let analysis: ChunkAnalysis
    /// Whether each sentence is a navigation line, never quoted (`NavigationMarks`).
    let isNavigation: [Bool]

    /// Terms of each sentence, by sentence index.
    var sentenceTerms: [Set<String>] { analysis.sentenceTerms }
    /// Terms of the headings a sentence sits under: the chunk's heading path plus the last heading
    /// sentence before it in the chunk, and the item line of the definition it belongs to. They let a
    /// table row or step inherit the topic it belongs to.
    var sectionTerms: [Set<String>] { analysis.sectionTerms }
    /// For each sentence, the problem statement of the troubleshooting entry it belongs to (`TroubleshootingEntry.heads`).
    var entryHeads: [Int?] { analysis.entryHeads }
    /// Whether each sentence is a troubleshooting entry's problem statement (`TroubleshootingEntry.isProblem`).
    var isProblem: [Bool] { analysis.isProblem }
    /// Whether each sentence is a definition list's item line (`SentenceShape.namesTerm`).
    var isTermLine: [Bool] { analysis.isTermLine }
    /// For each sentence of a definition list's description, the item line it describes.
    var termHeads: [Int?] { analysis.termHeads }
    /// Terms that stand for a whole table or list, by sentence index, given to the sentences that
    /// introduce it: its lead-in ("Inflate the tires to:"), a table's header row, and the headings above.
    /// Together they say what the block holds, while its rows ("Normal | 33 psi") rarely repeat it.
    /// Empty for every other sentence.
    var blockTerms: [Set<String>] { analysis.blockTerms }
    /// Every term of the chunk, headings included (what the retriever indexed).
    var allTerms: Set<String> { analysis.allTerms }
    /// Whether each sentence states an amount (`SentenceShape.statesNumber`); a sentence introducing a
    /// table or list does when its block does ("Inflate the tires to:" above "Front | 230 kPa").
    var statesNumber: [Bool] { analysis.statesNumber }
    /// Whether each sentence is a step of a numbered procedure or the sentence introducing one.
    var isStep: [Bool] { analysis.isStep }
    /// Whether each sentence is a list read as one run-on body sentence (`SentenceShape.isFlattenedList`).
    var isFlattenedList: [Bool] { analysis.isFlattenedList }
    /// Each sentence reduced to its letters and digits, to find copies (`SentenceFingerprint`).
    var fingerprints: [SentenceFingerprint] { analysis.fingerprints }

    init(position: Int, result: SearchResult) {
        self.position = position
        self.result = result
        analysis = ChunkAnalysis.of(result.chunk)
        isNavigation = result.chunk.navigationFlags
    }

    /// True when the chunk states a value of the kind `value` (`ExpectedValue.isStated`), or holds a table
    /// whose header names the unit its numbers are in.
    func states(_ value: ExpectedValue) -> Bool {
        value.isStated(in: result.chunk.text, terms: allTerms)
            || sentences.indices.contains { tableStates(value, at: $0) }
    }

    /// True when sentence `index` is a row of a table, its header, or the line just above the header (its
    /// caption or lead-in), and the header names a unit of `value`'s kind ("Axle and load | kPa | bar | psi"
    /// above "Front, normal load | 230 | 2.3 | 33"): the table states such values, though no cell joins a
    /// number to its unit. A row below the header must hold a number.
    func tableStates(_ value: ExpectedValue, at index: Int) -> Bool {
        // The header is the table's first row of cells that states no number; a caption may stand above it
        // as a row of its own ("Table 4.1: Recommended cold tire pressures").
        func header(from first: Int) -> Int? {
            [first, first + 1].first { row in
                row + 1 < sentences.count && sentences[row].kind == .tableRow && sentences[row + 1].kind == .tableRow
                    && sentences[row].text.contains(" | ") && !SentenceShape.statesNumber(sentences[row].text)
            }
        }
        guard sentences[index].kind == .tableRow else {
            return index + 1 < sentences.count && header(from: index + 1).map { value.namesUnit(sentenceTerms[$0]) } == true
        }
        var first = index
        while first > 0, sentences[first - 1].kind == .tableRow { first -= 1 }
        guard let header = header(from: first), value.namesUnit(sentenceTerms[header]) else { return false }
        return index <= header || statesNumber[index]
    }
}

/// The question-independent reading of a chunk's sentences. Questions retrieve the same chunks again and
/// again (and each suggested follow-up is checked by asking it), so it is remembered per chunk text.
struct ChunkAnalysis {
    /// Terms of the chunk's heading path.
    let pathTerms: Set<String>
    let sentenceTerms: [Set<String>]
    let sectionTerms: [Set<String>]
    let blockTerms: [Set<String>]
    let entryHeads: [Int?]
    let isProblem: [Bool]
    let isTermLine: [Bool]
    let termHeads: [Int?]
    let allTerms: Set<String>
    let statesNumber: [Bool]
    let isStep: [Bool]
    let isFlattenedList: [Bool]
    let fingerprints: [SentenceFingerprint]

    private static let memo = TextMemo<ChunkAnalysis>(capacity: 2_000)

    /// The analysis of `chunk`, from the memo when the same heading path and sentences were read before.
    static func of(_ chunk: Chunk) -> ChunkAnalysis {
        var key = chunk.headingPath.joined(separator: "\u{2}")
        for sentence in chunk.sentences {
            key += "\u{1}\(sentence.kind.rawValue)\u{3}\(sentence.text)"
        }
        return memo.value(for: key) { _ in ChunkAnalysis(chunk) }
    }

    private init(_ chunk: Chunk) {
        pathTerms = Set(chunk.headingPath.flatMap(TermsMemo.terms))
        var sentenceTerms: [Set<String>] = []
        var sectionTerms: [Set<String>] = []
        // Under an inner heading, its words join the path's. A numbered one takes its place in a numbered
        // path, as `CitedHeading` cites it: "2.3 Multi-Information Display" after a path ending at "2.2 Warning
        // and Indicator Lights" replaces 2.2 (its sentences are not about warning lights); "2.2.1" extends it.
        var sectionPathTerms = pathTerms
        isProblem = chunk.sentences.map { TroubleshootingEntry.isProblem($0.text) }
        entryHeads = TroubleshootingEntry.heads(of: chunk.sentences, isProblem: isProblem)
        isTermLine = chunk.sentences.map(SentenceShape.namesTerm)
        termHeads = ChunkAnalysis.termHeads(chunk.sentences, isTermLine: isTermLine)
        for (index, sentence) in chunk.sentences.enumerated() {
            // A sentence stating "47 L" holds the word "litres" as a question means it (`UnitNames`).
            let terms = UnitNames.adding(to: Set(TermsMemo.terms(sentence.text)))
            sentenceTerms.append(terms)
            let item = termHeads[index].map { sentenceTerms[$0] } ?? []
            sectionTerms.append(sectionPathTerms.union(item))
            if sentence.kind == .heading {
                sectionPathTerms = SectionNumber.parse(sentence.text) != nil
                    && chunk.headingPath.contains(where: { SectionNumber.parse($0) != nil })
                    ? Set(CitedHeading.path(chunk.headingPath, inner: sentence.text).flatMap(TermsMemo.terms))
                    : pathTerms.union(terms)
            }
        }
        // "The ESN is stamped on a plate …" under "the equipment serial number (ESN)" holds those words.
        let acronyms = DefinedAcronyms.find(in: chunk.sentences.map(\.text))
        if !acronyms.isEmpty {
            for index in sentenceTerms.indices {
                if let words = DefinedAcronyms.subject(of: chunk.sentences[index].text, among: acronyms) {
                    sentenceTerms[index].formUnion(words)
                }
            }
        }
        self.sentenceTerms = sentenceTerms
        self.sectionTerms = sectionTerms
        blockTerms = ChunkAnalysis.blockTerms(chunk.sentences, sentenceTerms: sentenceTerms, sectionTerms: sectionTerms)
        allTerms = sentenceTerms.reduce(into: pathTerms) { $0.formUnion($1) }
        statesNumber = ChunkAnalysis.statesNumber(chunk.sentences, blockTerms: blockTerms)
        isStep = ChunkAnalysis.steps(chunk.sentences)
        isFlattenedList = chunk.sentences.map { $0.kind == .body && SentenceShape.isFlattenedList($0.text) }
        fingerprints = chunk.sentences.map { SentenceFingerprint($0.text) }
    }

    /// The description of a definition list's item runs from its item line to the next item line or
    /// heading, at most `descriptionLength` sentences.
    static let descriptionLength = 8

    private static func termHeads(_ sentences: [Sentence], isTermLine: [Bool]) -> [Int?] {
        var out = [Int?](repeating: nil, count: sentences.count)
        var head: Int?
        for (index, sentence) in sentences.enumerated() {
            if sentence.kind == .heading || isTermLine[index] {
                head = sentence.kind == .heading ? nil : index
                continue
            }
            if let item = head, index - item <= descriptionLength { out[index] = item }
        }
        return out
    }

    private static func steps(_ sentences: [Sentence]) -> [Bool] {
        var out = Array(repeating: false, count: sentences.count)
        var index = 0
        while index < sentences.count {
            guard sentences[index].kind == .listItem else { index += 1; continue }
            let run = SentenceSelector.run(of: .listItem, around: index, in: sentences)
            if SentenceSelector.isProcedure(run, in: sentences) {
                for step in run { out[step] = true }
                if run.lowerBound > 0, SentenceShape.introducesBlock(sentences[run.lowerBound - 1]) { out[run.lowerBound - 1] = true }
            }
            index = run.upperBound
        }
        return out
    }

    private static func statesNumber(_ sentences: [Sentence], blockTerms: [Set<String>]) -> [Bool] {
        // A step's number orders the steps and states no amount: "3. Wipe up any spilled rinse aid …".
        var out = sentences.map { sentence in
            let marker = sentence.kind == .listItem ? ListMarker.enumerationLength(sentence.text) ?? 0 : 0
            return SentenceShape.statesNumber(marker > 0 ? String(sentence.text.dropFirst(marker)) : sentence.text)
        }
        for index in sentences.indices where !blockTerms[index].isEmpty {
            // The block the sentence introduces: the rows or items after it (a header row: itself and after).
            let kind = sentences[index].kind.isBlockLine ? sentences[index].kind : (index + 1 < sentences.count ? sentences[index + 1].kind : .body)
            var next = index + 1
            while next < sentences.count, sentences[next].kind == kind, !out[index] {
                out[index] = out[next]
                next += 1
            }
        }
        return out
    }

    private static func blockTerms(_ sentences: [Sentence], sentenceTerms: [Set<String>],
                                   sectionTerms: [Set<String>]) -> [Set<String>] {
        var out = Array(repeating: Set<String>(), count: sentences.count)
        for (index, sentence) in sentences.enumerated() where sentence.kind == .tableRow || sentence.kind == .listItem {
            // Only the first row or item of a block starts one.
            guard index == 0 || sentences[index - 1].kind != sentence.kind else { continue }
            var introducers: [Int] = []
            if index > 0, SentenceShape.introducesBlock(sentences[index - 1]) { introducers.append(index - 1) }
            // A table's first row is its header; a list's first item is just the first step.
            if sentence.kind == .tableRow { introducers.append(index) }
            let terms = introducers.reduce(into: sectionTerms[index]) { $0.formUnion(sentenceTerms[$1]) }
            for introducer in introducers { out[introducer] = terms }
        }
        return out
    }
}

extension AnalysedPassage {
    var sentences: [Sentence] { result.chunk.sentences }

    /// The text of the last heading sentence before sentence `index` in the chunk: the section it stands
    /// under when the chunk holds several.
    func innerHeading(before index: Int) -> String? {
        sentences[..<index].last { $0.kind == .heading }?.text
    }

    /// The printed label of physical `page`: the retriever's page map, else the chunk's own first or last label.
    func label(ofPage page: Int) -> String? {
        if let label = result.pageLabels[page] { return label }
        let chunk = result.chunk
        if page == chunk.firstPage, let label = chunk.firstLabel { return label }
        if page == chunk.lastPage, let label = chunk.lastLabel { return label }
        return nil
    }
}
