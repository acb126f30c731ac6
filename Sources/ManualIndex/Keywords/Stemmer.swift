/// The Porter2 ("Snowball English") stemmer, classic edition with the gener/commun/arsen region exceptions.
///
/// Written here rather than linked so the stems stored in a library never change under us;
/// any change to the output must bump `TextAnalyzer.version`.
public enum Stemmer {
    /// The term one lowercase English word stands for: its Porter2 stem, with a British spelling's stem folded
    /// into the American one's (`SpellingVariants`: "colour" and "color" are one term). Words with non-ASCII
    /// letters or digits come back unchanged.
    public static func stem(_ word: String) -> String {
        SpellingVariants.canonical(porter2(word))
    }

    /// Stems one lowercase English word by Porter2 alone; words with non-ASCII letters or digits come back unchanged.
    package static func porter2(_ word: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(word.utf8.count)
        for byte in word.utf8 {
            // Porter2 is defined over a-z and the apostrophe; anything else is not an English word.
            guard (byte >= 0x61 && byte <= 0x7A) || byte == 0x27 else { return word }
            bytes.append(byte)
        }
        guard let stemmed = stem(asciiLowercase: bytes) else { return word }
        return String(decoding: stemmed, as: UTF8.self)
    }

    /// Stems a word already known to be lowercase a-z (and apostrophes); nil when the word is unchanged.
    static func stem(asciiLowercase bytes: [UInt8]) -> [UInt8]? {
        if let special = Porter2Exceptions.wholeWordForm(bytes) {
            return special == bytes ? nil : special
        }
        // Words of one or two letters are left alone by definition.
        guard bytes.count > 2 else { return nil }
        var word = Porter2Word(bytes)
        word.run()
        return word.letters == bytes ? nil : word.letters
    }
}
