/// A sentence reduced to lowercase letters and digits, so copies that differ only in spacing,
/// case or punctuation (chunks overlap, so a sentence can arrive twice) compare equal.
struct SentenceFingerprint: Equatable {
    let text: String

    /// Shortest fingerprint that counts as a duplicate when found inside a longer one;
    /// shorter strings ("front", "35 psi") are too common to mean the same sentence.
    static let minimumContainedLength = 24

    init(_ sentence: String) {
        var out = ""
        var pendingSpace = false
        for character in sentence.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingSpace && !out.isEmpty { out.append(" ") }
                pendingSpace = false
                out.append(character)
            } else {
                pendingSpace = true
            }
        }
        text = out
    }

    /// True when both are the same sentence, or one is a long enough piece of the other.
    func duplicates(_ other: SentenceFingerprint) -> Bool {
        if text == other.text { return true }
        let (short, long) = text.count <= other.text.count ? (text, other.text) : (other.text, text)
        return short.count >= SentenceFingerprint.minimumContainedLength && long.contains(short)
    }
}
