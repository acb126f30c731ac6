/// British and American spellings of one word ("colour" and "color", "tyre" and "tire"), and a word and the
/// short form manuals print ("maximum" and "max"): one term to every stage that matches on terms, and both
/// spellings to the full-text search.
///
/// A library may hold manuals written in either spelling: a Gutenprint guide says "color", an appliance
/// guide "colour". A question in the other spelling matched none of the guide's words, and "How do I adjust
/// the colour balance?" lost the colour pages to whatever else it named. Folding the stems makes the two
/// spellings one term in the stored term counts, a passage's coverage and the sentence scores.
///
/// Only pairs that are one word in two spellings: not "disc" and "disk" (a CD, a hard disk), nor "metre"
/// and "meter" (a unit, an instrument). Nor a British spelling whose stem another word shares: "programme"
/// and "programmer" are both "programm", "calibre" and "calibrate" both "calibr" (an owner's "programme" is
/// searched as the library writes it by `WordEquivalents`). Changing the list changes stored terms: bump
/// `TextAnalyzer.version`, and run `scripts/make-spelling-stems`.
package enum SpellingVariants {
    /// American spelling first; the stems of both fold to the American one. Read from the resource
    /// `Words/spelling-variants.txt` (compiled in), whose comments give its source.
    static let pairs: [(american: String, british: String)] = WordList.lines(PackageResources.spelling_variants_txt).map {
        let words = $0.split(separator: " ").map(String.init)
        return (american: words[0], british: words[1])
    }

    /// A word and the short form manuals print on marks, labels and in tables ("the MAX mark of 1.7 litres",
    /// "Max. load"): one term, as two spellings are, so "What is the maximum amount of water?" finds the MAX
    /// mark. Not "min", which stands for minutes as often as for minimum.
    static let shortForms: [(full: String, short: String)] = [("maximum", "max")]

    /// The spelling pairs and the short forms, the full word in the American place.
    static let allPairs: [(american: String, british: String)] =
        pairs + shortForms.map { (american: $0.full, british: $0.short) }

    /// The stem `stem` stands for: a British spelling's stem becomes its American one's, anything else is kept.
    static func canonical(_ stem: String) -> String {
        keptFolded[stem] ?? stem
    }

    /// The other spellings of `word` (lowercase), for the full-text search, whose own stemmer keeps
    /// them apart: ["color"] for "colours", ["colour"] for "color", ["max"] for "maximum"; empty for a word
    /// with one spelling.
    package static func otherSpellings(of word: String) -> [String] {
        keptOtherSpellings[Stemmer.porter2(word)] ?? []
    }

    /// The tables `canonical` and `otherSpellings` read, worked out from the list by the stemmer. Every
    /// process used to work them out at start-up (stemming every pair: a fortieth of a question's time);
    /// they are kept in `SpellingVariants+Kept.swift`, which `scripts/make-spelling-stems` writes from this
    /// and `SpellingVariantsTests` checks against it.
    /// `folded`: British stem -> American stem, for the pairs whose Porter2 stems differ (the first pair
    /// wins). `otherSpellings`: either spelling's Porter2 stem -> the spellings of its (first) pair whose
    /// stems are not that stem.
    static func derivedTables() -> (folded: [String: String], otherSpellings: [String: [String]]) {
        let stems = allPairs.map { (american: Stemmer.porter2($0.american), british: Stemmer.porter2($0.british)) }
        var folded: [String: String] = [:]
        for stem in stems where stem.american != stem.british && folded[stem.british] == nil {
            folded[stem.british] = stem.american
        }
        var others: [String: [String]] = [:]
        for (pair, stem) in zip(allPairs, stems) {
            for stem in [stem.american, stem.british] where others[stem] == nil {
                others[stem] = [pair.american, pair.british].filter { Stemmer.porter2($0) != stem }
            }
        }
        return (folded, others)
    }
}
