import Foundation

/// Turns a passage's terms into a hashed vector: word unigrams, word bigrams and character n-grams.
///
/// Weights, relative to a unigram's (1 + ln tf) x idf:
/// - unigram: x `unigramWeight` (1.0);
/// - bigram of adjacent terms: x `bigramWeight` (0.5), using the mean idf of its two terms;
/// - character n-grams (3 to 5, over "<term>"): together they carry `charGramWeight` (0.5) of the term's
///   weight in L2 terms (each gets weight / sqrt(n-gram count)), so long words do not dominate and
///   spelling variants ("tyre"/"tire") or derived forms share part of their mass.
struct FeatureExtractor {
    static let unigramWeight = 1.0
    static let bigramWeight = 0.5
    static let charGramWeight = 0.5
    static let charGramSizes = 3...5

    let dimension: Int
    let seed: UInt32

    /// The unit-length vector for a sequence of terms; `idf` gives each distinct term's weight.
    func vector(terms: [String], idf: (String) -> Double) -> [Float] {
        var vector = HashedFeatureVector(dimension: dimension, seed: seed)

        // Distinct terms in first-occurrence order: sums are added in the same order on every run.
        var slotOf: [String: Int] = [:]
        var distinct: [String] = []
        var counts: [Int] = []
        var sequence: [Int] = []
        sequence.reserveCapacity(terms.count)
        for term in terms {
            if let slot = slotOf[term] {
                counts[slot] += 1
                sequence.append(slot)
            } else {
                slotOf[term] = distinct.count
                sequence.append(distinct.count)
                distinct.append(term)
                counts.append(1)
            }
        }

        let idfs = distinct.map { term -> Double in
            let value = idf(term)
            return value.isFinite && value > 0 ? value : 0
        }

        var scratch = CharGramScratch()
        for (slot, term) in distinct.enumerated() {
            let weight = (1 + log(Double(counts[slot]))) * idfs[slot]
            guard weight > 0 else { continue }
            var contiguousTerm = term
            contiguousTerm.withUTF8 { vector.add(UnsafeRawBufferPointer($0), kind: .unigram, weight: Self.unigramWeight * weight) }
            scratch.addCharGrams(of: term, weight: Self.charGramWeight * weight, to: &vector)
        }

        addBigrams(sequence: sequence, distinct: distinct, idfs: idfs, to: &vector)
        return vector.normalized()
    }

    private func addBigrams(sequence: [Int], distinct: [String], idfs: [Double],
                            to vector: inout HashedFeatureVector) {
        guard sequence.count > 1 else { return }
        var slotOf: [UInt64: Int] = [:]
        var pairs: [(Int, Int)] = []
        var counts: [Int] = []
        for i in 1..<sequence.count {
            let pair = (sequence[i - 1], sequence[i])
            let key = UInt64(pair.0) << 32 | UInt64(pair.1)
            if let slot = slotOf[key] {
                counts[slot] += 1
            } else {
                slotOf[key] = pairs.count
                pairs.append(pair)
                counts.append(1)
            }
        }
        var bytes: [UInt8] = []
        for (slot, pair) in pairs.enumerated() {
            let weight = Self.bigramWeight * (1 + log(Double(counts[slot]))) * (idfs[pair.0] + idfs[pair.1]) / 2
            guard weight > 0 else { continue }
            bytes.removeAll(keepingCapacity: true)
            bytes.append(contentsOf: distinct[pair.0].utf8)
            bytes.append(0x20)
            bytes.append(contentsOf: distinct[pair.1].utf8)
            bytes.withUnsafeBytes { vector.add($0, kind: .bigram, weight: weight) }
        }
    }
}

/// Reusable buffers for a term's character n-grams, so hashing them allocates nothing per n-gram.
private struct CharGramScratch {
    private var padded: [UInt8] = []
    /// Byte offset where each character of `padded` starts, plus the end offset.
    private var starts: [Int] = []

    mutating func addCharGrams(of term: String, weight: Double, to vector: inout HashedFeatureVector) {
        padded.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        padded.append(UInt8(ascii: "<"))
        padded.append(contentsOf: term.utf8)
        padded.append(UInt8(ascii: ">"))
        // N-grams are of characters, not bytes: step over UTF-8 continuation bytes (10xxxxxx).
        for (offset, byte) in padded.enumerated() where byte & 0xC0 != 0x80 { starts.append(offset) }
        starts.append(padded.count)

        let characters = starts.count - 1
        var gramCount = 0
        for size in FeatureExtractor.charGramSizes where characters >= size { gramCount += characters - size + 1 }
        guard gramCount > 0 else { return }
        let each = weight / Double(gramCount).squareRoot()

        padded.withUnsafeBytes { buffer in
            for size in FeatureExtractor.charGramSizes where characters >= size {
                for first in 0...(characters - size) {
                    let gram = UnsafeRawBufferPointer(rebasing: buffer[starts[first]..<starts[first + size]])
                    vector.add(gram, kind: .charGram, weight: each)
                }
            }
        }
    }
}
