import Foundation
import ManualIndex

/// Rewrites question words the library never uses into an equivalent it does use
/// ("tyre pressure" -> "tire pressure", "spanner symbol" -> "wrench symbol"), and "how wide is …" into
/// "what is the width of …" (`DimensionQuestion`), and "at most" into "maximum" (`BoundQuestion`).
///
/// A word the library knows is never touched, so a manual that says "tyre" is searched for "tyre".
/// A model name in the plural ("two PDP-11s") is searched as the manual names it ("PDP-11"): the
/// analyser keeps a code whole, plural "s" and all, where the stemmer would have dropped it from a word.
public struct QueryRewriter {
    public let store: Store

    public init(store: Store) {
        self.store = store
    }

    /// The question with unknown words replaced, a bound asked by a phrase asked by its word (`BoundQuestion`)
    /// and a dimension asked by its adjective asked by its noun (`DimensionQuestion`); the question itself
    /// when nothing applies.
    public func rewrite(_ question: String) throws -> String {
        let bounded = BoundQuestion.rewrite(question) ?? question
        return try equivalentWords(in: singularModelNames(in: DimensionQuestion.rewrite(bounded) ?? bounded))
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

    /// Stored terms fold British and American spellings (`SpellingVariants`), so a word the library writes in
    /// either spelling is known to them. Then only its spelling may be missing, counted in the full-text index,
    /// which keeps spellings apart: a library that only writes "color" is searched for "color", which the
    /// embedding table knows better than the spelling it lacks.
    private func equivalent(of word: String) throws -> String? {
        let stem = Stemmer.stem(word)
        guard !Stopwords.contains(word), let group = WordEquivalents.group(forStem: stem) else { return nil }
        let candidates = group.map { (word: $0, stem: Stemmer.stem($0)) }
        let frequencies = try store.chunkFrequencies(of: [stem] + candidates.map(\.stem))
        let best: String?
        if (frequencies[stem] ?? 0) > 0 {
            let others = SpellingVariants.otherSpellings(of: word)
            guard !others.isEmpty else { return nil }
            let spelled = try store.chunkCounts(spelling: [word] + others)
            guard (spelled[word] ?? 0) == 0 else { return nil }
            best = others.filter { (spelled[$0] ?? 0) > 0 }.max { (spelled[$0] ?? 0) < (spelled[$1] ?? 0) }
        } else {
            best = candidates.filter { $0.stem != stem && (frequencies[$0.stem] ?? 0) > 0 }
                .max { (frequencies[$0.stem] ?? 0) < (frequencies[$1.stem] ?? 0) }?.word
        }
        // Keep the plural when the question had one: "tyres" -> "tires".
        guard let best else { return nil }
        return word.hasSuffix("s") && !best.hasSuffix("s") && word != Stemmer.porter2(word) ? best + "s" : best
    }
}
