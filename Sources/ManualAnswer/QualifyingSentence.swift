import ManualIndex
/// Sentences that finish the statement right before them: a restriction without a subject of its own, or a
/// sentence that adds to the same requirement with "also". Quoting the statement without them misleads
/// ("Programmer will erase configuration section …" is true only of TPI devices) or answers half the question
/// ("you must define VM_PDP11" without "… you must also define USE_INT64 and USE_ADDR64").
enum QualifyingSentence {
    /// True for a restriction of the sentence before: "Only applicable to TPI devices (ATtiny 4/5/9/10/20/40).",
    /// "Not supported on Windows.", "Valid only for level 1 MOSFETs." It opens with "only" or "not" before a
    /// word that cannot start a subject (an adjective, a participle, a preposition), or with such a word before
    /// "only". "Only one program may run at a time." names its subject and states something new.
    static func restricts(_ sentence: Sentence) -> Bool {
        guard sentence.kind == .body, !SentenceShape.asks(sentence) else { return false }
        let words = openingWords(sentence.text, count: 2)
        guard words.count == 2 else { return false }
        if words[0] == "only" || words[0] == "not" { return qualifies(words[1]) }
        return words[1] == "only" && qualifies(words[0])
    }

    /// True for a sentence that adds to the statement before it with "also" in its first words: "If you want
    /// expanded file support, you must also define USE_INT64 and USE_ADDR64 …". Not "See also …", which points
    /// elsewhere.
    static func addsToStatement(_ sentence: Sentence) -> Bool {
        guard sentence.kind == .body, !SentenceShape.asks(sentence) else { return false }
        let words = openingWords(sentence.text, count: 12)
        guard let also = words.firstIndex(of: "also") else { return false }
        return also == 0 || words[also - 1] != "see"
    }

    /// Lower-cased letters of the first `count` words.
    private static func openingWords(_ text: String, count: Int) -> [String] {
        text.split(whereSeparator: \.isWhitespace).prefix(count).map {
            $0.drop { !$0.isLetter }.prefix { $0.isLetter }.lowercased()
        }
    }

    /// A word that starts a predicate, not a subject: an adjective of applicability, a past participle, or a
    /// preposition ("only for", "not on"). Endings count on words of five letters or more: "Only red LEDs
    /// flash." names its subject.
    private static func qualifies(_ word: String) -> Bool {
        if qualifiers.contains(word) { return true }
        return word.count >= 5 && (word.hasSuffix("able") || word.hasSuffix("ible") || word.hasSuffix("ed"))
    }

    private static let qualifiers: Set<String> = [
        "for", "in", "on", "with", "within", "when", "if", "after", "before", "during", "while", "by", "to",
        "valid", "relevant", "meaningful", "effective", "possible", "necessary", "needed", "required", "used",
    ]
}
