import Foundation

/// Rewrites question words the library never uses into an equivalent it does use
/// ("tyre pressure" -> "tire pressure", "spanner symbol" -> "wrench symbol").
///
/// A word the library knows is never touched, so a manual that says "tyre" is searched for "tyre".
public struct QueryRewriter {
    public let store: Store

    public init(store: Store) {
        self.store = store
    }

    /// The question with unknown words replaced; the question itself when nothing applies.
    public func rewrite(_ question: String) throws -> String {
        var replacements: [(range: Range<String.Index>, word: String)] = []
        var index = question.startIndex
        while index < question.endIndex {
            guard question[index].isLetter else {
                index = question.index(after: index)
                continue
            }
            var end = index
            while end < question.endIndex && question[end].isLetter { end = question.index(after: end) }
            let word = question[index..<end].lowercased()
            if let better = try equivalent(of: word) { replacements.append((index..<end, better)) }
            index = end
        }
        var rewritten = question
        for replacement in replacements.reversed() {
            rewritten.replaceSubrange(replacement.range, with: replacement.word)
        }
        return rewritten
    }

    private func equivalent(of word: String) throws -> String? {
        let stem = Stemmer.stem(word)
        guard !Stopwords.contains(word), let group = WordEquivalents.group(forStem: stem) else { return nil }
        let candidates = group.map { (word: $0, stem: Stemmer.stem($0)) }
        let frequencies = try store.chunkFrequencies(of: [stem] + candidates.map(\.stem))
        guard (frequencies[stem] ?? 0) == 0 else { return nil }
        let best = candidates.filter { $0.stem != stem && (frequencies[$0.stem] ?? 0) > 0 }
            .max { (frequencies[$0.stem] ?? 0) < (frequencies[$1.stem] ?? 0) }
        // Keep the plural when the question had one: "tyres" -> "tires".
        guard let best else { return nil }
        return word.hasSuffix("s") && !best.word.hasSuffix("s") && word != stem ? best.word + "s" : best.word
    }
}
