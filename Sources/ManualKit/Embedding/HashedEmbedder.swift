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
        var stems = StemCache()
        let termLists = texts.map { TextAnalyzer.analyze($0, stems: &stems).map(\.text) }

        var documentFrequency: [String: Int] = [:]
        for terms in termLists {
            for term in Set(terms) { documentFrequency[term, default: 0] += 1 }
        }
        let passageCount = Double(texts.count)
        let idf: (String) -> Double = { term in
            log(1 + passageCount / Double(max(documentFrequency[term] ?? 1, 1)))
        }

        let extractor = FeatureExtractor(dimension: dimension, seed: seed)
        return termLists.map { extractor.vector(terms: $0, idf: idf) }
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
