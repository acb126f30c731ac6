/// Prose gathered line by line, possibly across a page break, cut into page-attributed sentences.
struct ParagraphText: Sendable {
    private var scalars: [Unicode.Scalar] = []
    /// Where each page's text begins in `scalars`, in order.
    private var pageStarts: [(offset: Int, page: Int)] = []

    var isEmpty: Bool { scalars.isEmpty }

    /// Adds a line of text, separated from what came before by a space.
    mutating func append(_ text: String, page: Int) {
        guard !text.isEmpty else { return }
        if !scalars.isEmpty { scalars.append(" ") }
        if pageStarts.last?.page != page { pageStarts.append((scalars.count, page)) }
        scalars.reserveCapacity(scalars.count + text.utf8.count)
        for scalar in text.unicodeScalars { scalars.append(scalar) }
    }

    /// The sentences, each with the page it starts on and the page it ends on; a sentence longer
    /// than `maximumCharacters` is cut at word boundaries into pieces no longer than that.
    func sentences(kind: SentenceKind, maximumCharacters: Int, splitter: SentenceSplitter) -> [Sentence] {
        var out: [Sentence] = []
        var cursor = 0  // index into pageStarts, advanced as the ranges move forward
        func page(at offset: Int) -> Int {
            while cursor + 1 < pageStarts.count && pageStarts[cursor + 1].offset <= offset { cursor += 1 }
            return pageStarts.isEmpty ? 0 : pageStarts[cursor].page
        }
        for range in splitter.split(scalars) {
            for piece in WordCutter.pieces(of: range, in: scalars, limit: maximumCharacters) {
                let first = page(at: piece.lowerBound)
                let last = lastPage(before: piece.upperBound, from: cursor)
                out.append(Sentence(text: String(scalars: scalars[piece]), page: first,
                                    lastPage: max(first, last), kind: kind))
            }
        }
        return out
    }

    /// The page holding the character just before `end`, searching forward from `start` (a small
    /// walk: a sentence rarely spans more than one page break).
    private func lastPage(before end: Int, from start: Int) -> Int {
        var index = start
        while index + 1 < pageStarts.count && pageStarts[index + 1].offset < end { index += 1 }
        return pageStarts.isEmpty ? 0 : pageStarts[index].page
    }
}
