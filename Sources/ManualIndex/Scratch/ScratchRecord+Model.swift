/// How the model's values are written to and read from scratch records.
extension ScratchRecord {
    /// A page as extraction read it (text, lines with boxes and sizes, how it was read): what a worker
    /// sends its parent and what the OCR cache keeps.
    package mutating func put(_ page: Page) {
        put(page.number)
        put(page.label)
        put(page.text)
        put(page.width)
        put(page.height)
        put(page.lines.count)
        for line in page.lines {
            put(line.text)
            put(line.top)
            put(line.bottom)
            put(line.left)
            put(line.right)
            put(line.fontSize)
            put(line.isBold)
        }
        put(page.source.rawValue)
        put(page.ocrConfidence.map { String($0) })
    }

    package mutating func put(_ page: PageRecord) {
        put(page.number)
        put(page.label)
        put(page.text)
        put(page.cleanText)
        put(page.source.rawValue)
        put(page.ocrConfidence.map { String($0) })
    }

    /// A chunk without its keywords and vector, which are found later.
    package mutating func put(_ chunk: Chunk) {
        put(chunk.ordinal)
        put(chunk.sentences.count)
        for sentence in chunk.sentences {
            put(sentence.text)
            put(sentence.page)
            put(sentence.lastPage)
            put(sentence.kind.rawValue)
        }
        put(chunk.headingPath)
        put(chunk.firstLabel)
        put(chunk.lastLabel)
        put(chunk.hasAdmonition)
        put(chunk.navigationMarks?.encoded)
        put(chunk.passageTerms?.encoded)
    }

    package mutating func put(_ candidates: KeywordCandidates) {
        // Sorted, so the file is the same on every run (dictionary order is seeded per process).
        let terms = candidates.weightedCounts.keys.sorted()
        put(terms.count)
        for term in terms {
            put(term)
            put(candidates.weightedCounts[term] ?? 0)
        }
    }
}

extension ScratchRecord.Reader {
    package mutating func page() -> PageRecord {
        PageRecord(number: int(), label: optionalString(), text: string(), cleanText: string(),
                   source: PageTextSource(rawValue: string()) ?? .text, ocrConfidence: optionalString().flatMap(Double.init))
    }

    package mutating func chunk() -> Chunk {
        let ordinal = int()
        let count = int()
        var sentences: [Sentence] = []
        if count > 0, count <= bytes.count {
            sentences.reserveCapacity(count)
            for _ in 0..<count {
                let text = string(), page = int(), lastPage = int()
                sentences.append(Sentence(text: text, page: page, lastPage: lastPage,
                                          kind: SentenceKind(rawValue: string()) ?? .body))
            }
        }
        var chunk = Chunk(ordinal: ordinal, sentences: sentences, headingPath: strings(), firstLabel: optionalString(),
                          lastLabel: optionalString(), hasAdmonition: bool())
        chunk.navigationMarks = optionalString().flatMap(NavigationMarks.init(encoded:))
        chunk.passageTerms = optionalString().flatMap(PassageTerms.init(encoded:))
        return chunk
    }

    /// Moves past what `put(_ chunk:)`, `put(_ values: [Float])` and `put(bytes:)` wrote, in that order, to
    /// what follows (a chunk record's keyword candidates) without making any of it.
    package mutating func skipChunkVectorAndPieces() {
        _ = int()
        let sentences = int()
        if sentences > 0, sentences <= bytes.count {
            for _ in 0..<sentences {
                skipString()
                _ = int()
                _ = int()
                skipString()
            }
        }
        let headings = int()
        if headings > 0, headings <= bytes.count {
            for _ in 0..<headings { skipString() }
        }
        skipOptionalString()
        skipOptionalString()
        _ = bool()
        skipOptionalString()
        skipOptionalString()
        let floats = int()
        if floats > 0, floats * 4 <= bytes.count { skip(floats * 4) }
        skip(int())
    }

    package mutating func keywordCandidates() -> KeywordCandidates {
        let count = int()
        var counts: [String: Double] = [:]
        if count > 0, count <= bytes.count {
            counts.reserveCapacity(count)
            for _ in 0..<count {
                let term = string()
                counts[term] = double()
            }
        }
        return KeywordCandidates(weightedCounts: counts)
    }
}

extension ScratchRecord.Reader {
    /// The page `put(_: Page)` wrote.
    package mutating func extractedPage() -> Page {
        var page = Page(number: int(), label: optionalString(), text: string())
        page.width = double()
        page.height = double()
        let count = int()
        page.lines = (0..<max(0, count)).map { _ in
            TextLine(text: string(), top: double(), bottom: double(), left: double(), right: double(),
                     fontSize: double(), isBold: bool())
        }
        page.source = PageTextSource(rawValue: string()) ?? .text
        page.ocrConfidence = optionalString().flatMap(Double.init)
        return page
    }
}
