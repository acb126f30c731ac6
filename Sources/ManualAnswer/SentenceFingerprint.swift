/// A sentence reduced to lowercase letters and digits, so copies that differ only in spacing,
/// case or punctuation (chunks overlap, so a sentence can arrive twice) compare equal.
struct SentenceFingerprint: Equatable {
    let text: String

    /// Shortest fingerprint that counts as a duplicate when found inside a longer one;
    /// shorter strings ("front", "35 psi") are too common to mean the same sentence.
    static let minimumContainedLength = 24

    init(_ sentence: String) {
        text = SentenceFingerprint.asciiText(sentence) ?? SentenceFingerprint.characterText(sentence)
    }

    /// The fingerprint of an all-ASCII sentence, byte by byte (nil for any other): the same text as
    /// `characterText(_:)` gives, since an ASCII character is a letter or a number only when it is A-Z, a-z or
    /// 0-9. Every sentence of every passage read is fingerprinted, and walking characters made this
    /// a thirtieth of a question's time.
    private static func asciiText(_ sentence: String) -> String? {
        var sentence = sentence
        return sentence.withUTF8 { bytes -> String? in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var pendingSpace = false
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                if (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39) {
                    if pendingSpace && !out.isEmpty { out.append(0x20) }
                    pendingSpace = false
                    out.append(lower)
                } else {
                    pendingSpace = true
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The fingerprint by characters, for any text.
    static func characterText(_ sentence: String) -> String {
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
        return out
    }

    /// True when both are the same sentence, or one is a long enough piece of the other.
    func duplicates(_ other: SentenceFingerprint) -> Bool {
        if text == other.text { return true }
        let (short, long) = text.count <= other.text.count ? (text, other.text) : (other.text, text)
        return short.count >= SentenceFingerprint.minimumContainedLength && long.contains(short)
    }
}
