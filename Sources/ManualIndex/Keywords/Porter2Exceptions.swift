/// The whole-word special cases of Porter2, which the suffix rules would get wrong.
enum Porter2Exceptions {
    /// Exceptional forms looked up before any rule runs ("skis" -> "ski", "news" stays "news").
    private static let beforeStemming: [[UInt8]: [UInt8]] = {
        let pairs: [(String, String)] = [
            ("skis", "ski"), ("skies", "sky"), ("dying", "die"), ("lying", "lie"), ("tying", "tie"),
            // -ly words whose -ly is not a suffix the rules would strip correctly
            ("idly", "idl"), ("gently", "gentl"), ("ugly", "ugli"), ("early", "earli"),
            ("only", "onli"), ("singly", "singl"),
            // invariant forms that look like plurals or -y words
            ("sky", "sky"), ("news", "news"), ("howe", "howe"),
            ("atlas", "atlas"), ("cosmos", "cosmos"), ("bias", "bias"), ("andes", "andes"),
        ]
        var table: [[UInt8]: [UInt8]] = [:]
        for (word, stem) in pairs { table[Array(word.utf8)] = Array(stem.utf8) }
        return table
    }()

    /// Words left exactly as they are once step 1a has run ("inning" is not "inn" + "ing").
    private static let afterStep1a: Set<[UInt8]> = Set(
        ["inning", "outing", "canning", "herring", "earring", "proceed", "exceed", "succeed"]
            .map { Array($0.utf8) }
    )

    /// The fixed stem of an exceptional word, or nil when the rules apply.
    static func wholeWordForm(_ word: [UInt8]) -> [UInt8]? {
        beforeStemming[word]
    }

    /// True when stemming must stop after step 1a.
    static func isInvariantAfterStep1a(_ word: [UInt8]) -> Bool {
        (6...7).contains(word.count) && afterStep1a.contains(word)
    }
}
