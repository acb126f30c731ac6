/// The whole-word special cases of Porter2, which the suffix rules would get wrong.
enum Porter2Exceptions {
    /// Exceptional forms looked up before any rule runs ("skis" -> "ski", "news" stays "news"): each word, then
    /// its stem. Searched in order rather than hashed: a table keyed by byte arrays made the runtime look up
    /// `Array: Hashable` among all the binary's conformances in every process, and so few words are as
    /// quickly compared.
    private static let beforeStemming: [[UInt8]] = [
        "skis", "ski", "skies", "sky", "dying", "die", "lying", "lie", "tying", "tie",
        // -ly words whose -ly is not a suffix the rules would strip correctly
        "idly", "idl", "gently", "gentl", "ugly", "ugli", "early", "earli", "only", "onli", "singly", "singl",
        // invariant forms that look like plurals or -y words
        "sky", "sky", "news", "news", "howe", "howe",
        "atlas", "atlas", "cosmos", "cosmos", "bias", "bias", "andes", "andes",
    ].map { Array($0.utf8) }

    /// Words left exactly as they are once step 1a has run ("inning" is not "inn" + "ing").
    private static let afterStep1a: [[UInt8]] =
        ["inning", "outing", "canning", "herring", "earring", "proceed", "exceed", "succeed"].map { Array($0.utf8) }

    /// The fixed stem of an exceptional word, or nil when the rules apply.
    static func wholeWordForm(_ word: [UInt8]) -> [UInt8]? {
        // The exceptions are three to six letters long.
        guard word.count >= 3 && word.count <= 6 else { return nil }
        for index in stride(from: 0, to: beforeStemming.count, by: 2) where beforeStemming[index] == word {
            return beforeStemming[index + 1]
        }
        return nil
    }

    /// True when stemming must stop after step 1a.
    static func isInvariantAfterStep1a(_ word: [UInt8]) -> Bool {
        (6...7).contains(word.count) && afterStep1a.contains(word)
    }
}
