/// How the model's values are written to and read from scratch records.
extension ScratchRecord {
    mutating func put(_ page: PageRecord) {
        put(page.number)
        put(page.label)
        put(page.text)
        put(page.cleanText)
        put(page.source.rawValue)
        put(page.ocrConfidence.map { String($0) })
    }

    /// A chunk without its keywords and vector, which are found later.
    mutating func put(_ chunk: Chunk) {
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

    mutating func put(_ candidates: KeywordCandidates) {
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
    mutating func page() -> PageRecord {
        PageRecord(number: int(), label: optionalString(), text: string(), cleanText: string(),
                   source: PageTextSource(rawValue: string()) ?? .text, ocrConfidence: optionalString().flatMap(Double.init))
    }

    mutating func chunk() -> Chunk {
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

    mutating func keywordCandidates() -> KeywordCandidates {
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
