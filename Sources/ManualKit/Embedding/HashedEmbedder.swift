import Foundation

/// Embeds text as a hashed bag of stemmed words, word pairs and character n-grams: no model, fully offline.
///
/// See `FeatureExtractor` for the features and their weights. Vectors are L2-normalised `[Float]` of
/// `dimension` entries, identical on every run and machine (stable hashes, fixed summation order).
public struct HashedEmbedder: Sendable {
    /// Number of entries in every vector.
    public let dimension: Int
    /// Seed from which the hash seeds of all feature kinds are derived.
    public let seed: UInt32

    /// An embedder with `dimension` hashed dimensions (at least 1) and a hash seed.
    public init(dimension: Int = 512, seed: UInt32 = 0x6d61_6e75) {
        self.dimension = max(1, dimension)
        self.seed = seed
    }

    /// Identifies everything that changes the vectors (name, dimension, seeds, n-gram range, weights, TextAnalyzer.version);
    /// stored with every chunk so stale vectors can be found.
    public var fingerprint: String {
        let grams = FeatureExtractor.charGramSizes
        return "hashed-v1;dim=\(dimension);seed=\(String(seed, radix: 16));hash=murmur3_32+fnv1a64"
            + ";uni=\(FeatureExtractor.unigramWeight);bi=\(FeatureExtractor.bigramWeight)"
            + ";char\(grams.lowerBound)-\(grams.upperBound)=\(FeatureExtractor.charGramWeight)"
            + ";tf=1+ln;idf=ln(1+N/df);terms=\(TextAnalyzer.version)"
    }

    /// Embeds the passages of one document; idf is computed across these passages (ln(1 + N/df)),
    /// so a document's vectors do not depend on the rest of the library.
    public func embedPassages(_ texts: [String]) -> [[Float]] {
        let termLists = TextAnalyzer.termLists(texts)
        return embedPassages(termLists: termLists, documentFrequency: HashedEmbedder.passageCounts(termLists))
    }

    /// `embedPassages(_:)` for passages already analysed (`TextAnalyzer.termLists`), with
    /// `passageCounts(termLists)`: the ingest needs both for itself too, and works them out once.
    func embedPassages(termLists: [[String]], documentFrequency: [String: Int]) -> [[Float]] {
        termLists.map { embedPassage($0, passageCount: termLists.count, documentFrequency: documentFrequency) }
    }

    /// The vector of one passage (its terms) among `passageCount` passages whose term counts are
    /// `documentFrequency`: each passage's vector is independent of the others', given those.
    func embedPassage(_ terms: [String], passageCount: Int, documentFrequency: [String: Int]) -> [Float] {
        let count = Double(passageCount)
        let idf: (String) -> Double = { term in
            log(1 + count / Double(max(documentFrequency[term] ?? 1, 1)))
        }
        return FeatureExtractor(dimension: dimension, seed: seed).vector(terms: terms, idf: idf)
    }

    /// For each term, how many of the passages contain it.
    static func passageCounts(_ termLists: [[String]]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for terms in termLists {
            for term in Set(terms) { counts[term, default: 0] += 1 }
        }
        return counts
    }

    /// Embeds a query; idf(term) gives the library-wide weight of a stemmed term (the caller supplies it
    /// from stored document frequencies). Negative or non-finite weights count as 0.
    public func embedQuery(_ text: String, idf: (String) -> Float) -> [Float] {
        var stems = StemCache()
        let terms = TextAnalyzer.analyze(text, stems: &stems).map(\.text)
        let extractor = FeatureExtractor(dimension: dimension, seed: seed)
        return extractor.vector(terms: terms, idf: { Double(idf($0)) })
    }
}
