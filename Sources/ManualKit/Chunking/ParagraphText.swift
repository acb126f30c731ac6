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
        scalars.append(contentsOf: text.unicodeScalars)
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
            for piece in pieces(range, limit: maximumCharacters) {
                let first = page(at: piece.lowerBound)
                let last = lastPage(before: piece.upperBound, from: cursor)
                out.append(Sentence(text: String(String.UnicodeScalarView(scalars[piece])), page: first,
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

    /// Splits an over-long range at the last space before each limit, or hard at the limit when a
    /// word is longer than that, never inside a character's combining marks.
    private func pieces(_ range: Range<Int>, limit: Int) -> [Range<Int>] {
        guard range.count > limit, limit > 0 else { return [range] }
        var out: [Range<Int>] = []
        var start = range.lowerBound
        while range.upperBound - start > limit {
            var cut = start + limit
            while cut > start && !scalars[cut].properties.isWhitespace { cut -= 1 }
            if cut == start {
                cut = start + limit
                while cut > start + 1 && isAttached(scalars[cut]) { cut -= 1 }
            }
            out.append(trimmed(start..<cut))
            start = cut
            while start < range.upperBound && scalars[start].properties.isWhitespace { start += 1 }
        }
        if start < range.upperBound { out.append(trimmed(start..<range.upperBound)) }
        return out.filter { !$0.isEmpty }
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        var a = range.lowerBound, b = range.upperBound
        while a < b && scalars[a].properties.isWhitespace { a += 1 }
        while b > a && scalars[b - 1].properties.isWhitespace { b -= 1 }
        return a..<b
    }

    /// Marks that belong to the character before them.
    private func isAttached(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value)
        }
    }
}
