import Foundation

/// Picks each chunk's most telling terms by tf-idf against the whole library.
///
/// Score of a term in a chunk = (occurrences in the text + headingWeight if it occurs in the heading path)
/// x ln(1 + chunkCount / documentFrequency). Only words of three or more letters, measurements ("35psi")
/// and codes ("0w20") qualify: bare numbers and short stems are poor keywords.
public struct KeywordExtractor: Sendable {
    /// Most keywords returned per chunk.
    public let limit: Int
    /// Extra occurrences credited to a term that appears in the chunk's heading path.
    public let headingWeight: Double

    /// Shortest stemmed word accepted as a keyword.
    package static let minimumWordLength = 3

    /// A limit of keywords per chunk and the extra count a term gets for appearing in the heading path.
    public init(limit: Int = 10, headingWeight: Double = 2) {
        self.limit = max(0, limit)
        self.headingWeight = headingWeight
    }

    /// For each chunk (text + heading path), its best keywords, highest tf-idf first (ties broken alphabetically).
    /// documentFrequency(term) = number of chunks in the library (including these) containing the term;
    /// chunkCount = total chunks in the library including these.
    public func keywords(for chunks: [Chunk], documentFrequency: (String) -> Int, chunkCount: Int) -> [[String]] {
        keywords(from: candidates(for: chunks), documentFrequency: documentFrequency, chunkCount: chunkCount)
    }

    /// Each chunk's candidate terms with their weighted counts: everything that does not depend on the
    /// library, so a batch worker can do it in parallel and leave only the scoring to the single writer.
    public func candidates(for chunks: [Chunk]) -> [KeywordCandidates] {
        // Analysing the texts is most of the work, and each chunk's is independent of the others'.
        var stems = StemCache()
        let extractor = self
        return SharedWork.map(count: chunks.count, minimumForHelper: 32, helper: {
            var helperStems = StemCache()
            return { extractor.candidates(for: chunks[$0], stems: &helperStems) }
        }) { candidates(for: chunks[$0], stems: &stems) }
    }

    /// The best keywords of each chunk from its candidates and the library's statistics.
    public func keywords(from candidates: [KeywordCandidates], documentFrequency: (String) -> Int,
                         chunkCount: Int) -> [[String]] {
        let total = Double(max(chunkCount, 1))
        return candidates.map { chunk in
            let scored = chunk.weightedCounts.map { term, count -> (term: String, score: Double) in
                let frequency = Double(max(documentFrequency(term), 1))
                return (term, count * log(1 + total / frequency))
            }
            // Sorted on score then term, so the output never depends on dictionary order.
            return scored
                .sorted { $0.score != $1.score ? $0.score > $1.score : $0.term < $1.term }
                .prefix(limit)
                .map(\.term)
        }
    }

    private func candidates(for chunk: Chunk, stems: inout StemCache) -> KeywordCandidates {
        candidates(text: TextAnalyzer.analyze(chunk.text, stems: &stems), headingPath: chunk.headingPath, stems: &stems)
    }

    /// The qualifying terms of a chunk's text (`text`, already analysed), each counted, plus `headingWeight`
    /// for a term of its heading path.
    package func candidates(text body: some Sequence<Token>, headingPath: [String], stems: inout StemCache) -> KeywordCandidates {
        let heading = TextAnalyzer.analyze(headingPath.joined(separator: "\n"), stems: &stems)
        var weightedCount: [String: Double] = [:]
        for token in body where qualifies(token) {
            weightedCount[token.text, default: 0] += 1
        }
        // A heading term counts once however often the path repeats it ("Tires" > "Tire Pressure").
        for term in Set(heading.lazy.filter(qualifies).map(\.text)) {
            weightedCount[term, default: 0] += headingWeight
        }
        return KeywordCandidates(weightedCounts: weightedCount)
    }

    private func qualifies(_ token: Token) -> Bool {
        switch token.kind {
        // `count >= minimumWordLength`, without counting the characters of long words to the end.
        case .word: return !token.text.dropFirst(Self.minimumWordLength - 1).isEmpty
        case .measurement, .code: return true
        case .number: return false
        }
    }
}

/// A chunk's candidate keywords with their weighted counts, before the library's term statistics are applied.
public struct KeywordCandidates: Sendable, Equatable {
    /// Each candidate term with its occurrences in the text, plus the heading weight when the heading path has it.
    public var weightedCounts: [String: Double]
}
