/// One retrieved chunk with the terms of its heading path and of each sentence worked out once.
struct AnalysedPassage {
    /// 0-based position of the result in retrieval order.
    let position: Int
    let result: SearchResult
    /// Terms of each sentence, by sentence index.
    let sentenceTerms: [Set<String>]
    /// Terms of the headings a sentence sits under: the chunk's heading path plus the last heading
    /// sentence before it in the chunk. They let a table row or step inherit the topic it belongs to.
    let sectionTerms: [Set<String>]
    /// Terms that stand for a whole table or list, by sentence index, given to the sentences that
    /// introduce it: its lead-in ("Inflate the tires to:"), a table's header row, and the headings above.
    /// Together they say what the block holds, while its rows ("Normal | 33 psi") rarely repeat it.
    /// Empty for every other sentence.
    let blockTerms: [Set<String>]
    /// Every term of the chunk, headings included (what the retriever indexed).
    let allTerms: Set<String>
    /// Whether each sentence states an amount (`SentenceShape.statesNumber`); a sentence introducing a
    /// table or list does when its block does ("Inflate the tires to:" above "Front | 230 kPa").
    let statesNumber: [Bool]
    /// Whether each sentence is a step of a numbered procedure or the sentence introducing one.
    let isStep: [Bool]

    init(position: Int, result: SearchResult) {
        self.position = position
        self.result = result
        let pathTerms = Set(result.chunk.headingPath.flatMap(TermsMemo.terms))
        var sentenceTerms: [Set<String>] = []
        var sectionTerms: [Set<String>] = []
        var innerHeading = Set<String>()
        for sentence in result.chunk.sentences {
            let terms = Set(TermsMemo.terms(sentence.text))
            sentenceTerms.append(terms)
            sectionTerms.append(pathTerms.union(innerHeading))
            if sentence.kind == .heading { innerHeading = terms }
        }
        self.sentenceTerms = sentenceTerms
        self.sectionTerms = sectionTerms
        blockTerms = AnalysedPassage.blockTerms(result.chunk.sentences, sentenceTerms: sentenceTerms,
                                                sectionTerms: sectionTerms)
        allTerms = sentenceTerms.reduce(into: pathTerms) { $0.formUnion($1) }
        statesNumber = AnalysedPassage.statesNumber(result.chunk.sentences, blockTerms: blockTerms)
        isStep = AnalysedPassage.steps(result.chunk.sentences)
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
        var out = sentences.map { SentenceShape.statesNumber($0.text) }
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

    var sentences: [Sentence] { result.chunk.sentences }

    /// The printed label of physical `page`: the retriever's page map, else the chunk's own first or last label.
    func label(ofPage page: Int) -> String? {
        if let label = result.pageLabels[page] { return label }
        let chunk = result.chunk
        if page == chunk.firstPage, let label = chunk.firstLabel { return label }
        if page == chunk.lastPage, let label = chunk.lastLabel { return label }
        return nil
    }
}
