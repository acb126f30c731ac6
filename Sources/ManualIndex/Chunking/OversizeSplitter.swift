/// Breaks units larger than the maximum chunk size into units that fit, keeping what must stay
/// together as together as it can: whole sentences, whole rows, the table header on every part.
struct OversizeSplitter: Sendable {
    let maximumCharacters: Int

    /// Splits every unit that does not fit in a chunk together with the headings right before it
    /// (a heading never ends a chunk, so it needs room in the chunk of what follows it).
    func split(_ units: [ChunkUnit]) -> [ChunkUnit] {
        var out: [ChunkUnit] = []
        out.reserveCapacity(units.count)
        var headingRun = 0
        for unit in units {
            defer { headingRun = unit.role == .heading ? headingRun + unit.size + 1 : 0 }
            let limit = max(maximumCharacters - headingRun, maximumCharacters / 4)
            guard unit.size > limit else {
                out.append(unit)
                continue
            }
            if unit.sentences.count == 1 {
                out += cutSentence(unit, limit: limit)
            } else {
                out += unit.role == .table ? splitTable(unit, limit: limit) : splitSentences(unit, limit: limit)
            }
        }
        return out
    }

    /// A lone sentence too long to follow its heading, cut between words; the pieces keep its pages.
    private func cutSentence(_ unit: ChunkUnit, limit: Int) -> [ChunkUnit] {
        let sentence = unit.sentences[0]
        guard unit.role != .heading else { return [unit] }
        return WordCutter.pieces(of: sentence.text, limit: limit).map { text in
            var piece = unit
            piece.sentences = [Sentence(text: text, page: sentence.page, lastPage: sentence.lastPage, kind: sentence.kind)]
            return piece
        }
    }

    /// Consecutive groups of whole sentences, each within the limit where a sentence allows.
    private func splitSentences(_ unit: ChunkUnit, limit: Int) -> [ChunkUnit] {
        groups(unit.sentences, prefix: [], limit: limit).map { ChunkUnit(sentences: $0, role: unit.role, section: unit.section) }
    }

    /// Row groups; every group after the first starts with the header rows again.
    private func splitTable(_ unit: ChunkUnit, limit: Int) -> [ChunkUnit] {
        let header = Array(unit.sentences.prefix(unit.headerRows))
        let rows = Array(unit.sentences.dropFirst(unit.headerRows))
        // A header that leaves no room for a row is not worth repeating.
        let repeated = ChunkUnit.size(of: header) * 2 < maximumCharacters ? header : []
        var out: [ChunkUnit] = []
        for (index, group) in groups(rows, prefix: repeated, limit: limit).enumerated() {
            let withHeader = index == 0 ? header + group.dropFirst(repeated.count) : group
            out.append(ChunkUnit(sentences: withHeader, role: .table, section: unit.section,
                                 headerRows: index == 0 ? header.count : repeated.count, continuesTable: index > 0))
        }
        return out
    }

    /// Greedy packing of `sentences` into groups no larger than `limit`, each group starting with `prefix`.
    private func groups(_ sentences: [Sentence], prefix: [Sentence], limit: Int) -> [[Sentence]] {
        let prefixSize = ChunkUnit.size(of: prefix)
        var out: [[Sentence]] = []
        var current = prefix
        var size = prefixSize
        var hasContent = false
        for sentence in sentences {
            let added = sentence.text.scalarCount + (current.isEmpty ? 0 : 1)
            if hasContent && size + added > limit {
                out.append(current)
                current = prefix
                size = prefixSize
            }
            size += sentence.text.scalarCount + (current.isEmpty ? 0 : 1)
            current.append(sentence)
            hasContent = true
        }
        if hasContent { out.append(current) }
        return out
    }
}
