/// How text in scripts written without spaces between words (Chinese, Japanese, Korean) is cut into
/// terms: each run of such characters becomes its overlapping two-character pieces, and a lone
/// character stands for itself. The tokenizer, the keyword query and the full-text index all cut
/// the same way, so a word of two or more characters is found wherever it is written.
public enum CJKBigrams {
    /// Han ideographs, kana and Hangul: the characters cut into bigrams.
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF,   // Hiragana, Katakana
             0x31F0...0x31FF,   // Katakana phonetic extensions
             0x3400...0x4DBF,   // CJK extension A
             0x4E00...0x9FFF,   // CJK unified ideographs
             0xAC00...0xD7AF,   // Hangul syllables
             0x1100...0x11FF,   // Hangul Jamo
             0x3130...0x318F,   // Hangul compatibility Jamo
             0xF900...0xFAFF,   // CJK compatibility ideographs
             0xFF66...0xFF9F,   // half-width Katakana
             0x20000...0x2FA1F: // CJK extensions B and later, compatibility supplement
            return true
        default:
            return false
        }
    }

    /// `word` cut into its pieces: bigrams for each CJK run, other characters kept together as they were.
    public static func pieces(of word: String) -> [String] {
        let scalars = Array(word.unicodeScalars)
        var out: [String] = []
        var index = 0
        while index < scalars.count {
            var end = index
            let cjk = isCJK(scalars[index])
            while end < scalars.count && isCJK(scalars[end]) == cjk { end += 1 }
            if cjk {
                out += bigrams(of: scalars[index..<end])
            } else {
                out.append(String(String.UnicodeScalarView(scalars[index..<end])))
            }
            index = end
        }
        return out
    }

    /// The terms of one run of CJK characters: its overlapping bigrams, or the character itself when alone.
    static func bigrams(of run: ArraySlice<Unicode.Scalar>) -> [String] {
        guard run.count > 1 else { return run.map { String($0) } }
        return (run.startIndex..<(run.endIndex - 1)).map { String(String.UnicodeScalarView(run[$0...($0 + 1)])) }
    }
}
