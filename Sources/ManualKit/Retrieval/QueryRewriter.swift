import Foundation

/// Rewrites question words the library never uses into an equivalent it does use
/// ("tyre pressure" -> "tire pressure", "spanner symbol" -> "wrench symbol"), and "how wide is …" into
/// "what is the width of …" (`DimensionQuestion`).
///
/// A word the library knows is never touched, so a manual that says "tyre" is searched for "tyre".
/// A model name in the plural ("two PDP-11s") is searched as the manual names it ("PDP-11"): the
/// analyser keeps a code whole, plural "s" and all, where the stemmer would have dropped it from a word.
public struct QueryRewriter {
    public let store: Store

    public init(store: Store) {
        self.store = store
    }

    /// The question with unknown words replaced, and a dimension asked by its adjective asked by its noun
    /// (`DimensionQuestion`); the question itself when nothing applies.
    public func rewrite(_ question: String) throws -> String {
        try equivalentWords(in: singularModelNames(in: DimensionQuestion.rewrite(question) ?? question))
    }

    /// "PDP-11s" as "PDP-11", "Z80s" as "Z80", when the library never uses the plural and uses the name: a
    /// letter, then digits, then "s" ("10s" may be ten seconds and "1990s" a decade; they are left alone).
    private func singularModelNames(in question: String) throws -> String {
        var rewritten = ""
        var copied = question.startIndex
        for token in question.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") })
        where token.count > 2 && token.last == "s" {
            let base = token.dropLast()
            guard let last = base.last, last.isNumber,
                  base.first(where: { $0.isLetter || $0.isNumber })?.isLetter == true else { continue }
            let plural = TextAnalyzer.terms(String(token)), singular = TextAnalyzer.terms(String(base))
            guard !plural.isEmpty, !singular.isEmpty, plural != singular else { continue }
            let frequencies = try store.chunkFrequencies(of: plural + singular)
            guard plural.contains(where: { (frequencies[$0] ?? 0) == 0 }),
                  singular.allSatisfy({ (frequencies[$0] ?? 0) > 0 }) else { continue }
            rewritten += question[copied..<base.endIndex]
            copied = token.endIndex
        }
        return rewritten + question[copied...]
    }

    /// The question with words the library never uses replaced by an equivalent it uses (`WordEquivalents`).
    private func equivalentWords(in question: String) throws -> String {
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

    /// Counted by spelling, not by stored term: "colour" is one term with "color", yet a library that only
    /// writes "color" is searched for "color", which the embedding table knows better than the spelling it lacks.
    private func equivalent(of word: String) throws -> String? {
        guard !Stopwords.contains(word), let group = WordEquivalents.group(forStem: Stemmer.stem(word)) else { return nil }
        let frequencies = try store.chunkCounts(spelling: [word] + group)
        guard (frequencies[word] ?? 0) == 0 else { return nil }
        let best = group.filter { Stemmer.porter2($0) != Stemmer.porter2(word) && (frequencies[$0] ?? 0) > 0 }
            .map { (word: $0, count: frequencies[$0] ?? 0) }
            .max { $0.count < $1.count }
        // Keep the plural when the question had one: "tyres" -> "tires".
        guard let best else { return nil }
        return word.hasSuffix("s") && !best.word.hasSuffix("s") && word != Stemmer.porter2(word) ? best.word + "s" : best.word
    }
}
