/// `DefaultStatement`'s regular expression, matched by hand for the texts whose every character it can judge
/// without ICU: compiling the process's first `NSRegularExpression` set up ICU's regular expressions (its
/// Unicode property sets), a twentieth of the time of a question asking for a default.
///
/// The expression, case-insensitive: `\(default\b | \bby default\b | \bdefault value\b |
/// \b(is|are|as) (the )?default\b | \bdefaults? (to|is|are|was|=|:) | \b(default|initial)\s+\w+(\s+\w+)?\s+(is|are)\b |
/// \bdefault\s*[:=]`. Judged here: printable ASCII, tab, line feed and carriage return (where ICU's `\w`,
/// `\s`, `\b` and case folding are the plain ASCII ones), and a few punctuation marks and symbols that are
/// neither word characters nor white space and fold to no ASCII letter (quotes, dashes, bullets, the degree
/// sign ...). Any other character (a letter with an accent, "ſ", a ligature, a combining mark, a control
/// character) returns nil and the expression decides. `DefaultStatementMatcherTests` holds the two to the
/// same answers.
enum DefaultStatementMatcher {
    /// Whether the expression matches somewhere in `text`, or nil when `text` holds a character not judged here.
    static func matches(_ text: String) -> Bool? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value >= 0x20 && value < 0x7F || value == 0x09 || value == 0x0A || value == 0x0D {
                // ASCII letters lowercased: case-insensitive matching, as ICU folds them.
                bytes.append(value >= 0x41 && value <= 0x5A ? UInt8(value + 0x20) : UInt8(value))
            } else if isNeutral(value) {
                bytes.append(UInt8(ascii: "#")) // no word character, no space, in no literal of the expression
            } else {
                return nil
            }
        }
        return bytes.withUnsafeBufferPointer { Scan(text: $0).anyMatch() }
    }

    /// Characters outside ASCII that are neither `\w` nor `\s` for ICU and whose case folding is themselves:
    /// quotes, dashes, a bullet, an ellipsis, signs of degrees, times, plus or minus, copyright, trade marks,
    /// arrows, a middle dot, minus, at most and at least, guillemets, a black circle and square, primes.
    private static func isNeutral(_ value: UInt32) -> Bool {
        switch value {
        case 0x2018, 0x2019, 0x201C, 0x201D, 0x2013, 0x2014, 0x2022, 0x2026, 0x00B0, 0x00D7, 0x00B1, 0x00A9, 0x00AE,
             0x2122, 0x2192, 0x2190, 0x00B7, 0x2212, 0x2264, 0x2265, 0x00AB, 0x00BB, 0x25CF, 0x25A0, 0x2032, 0x2033:
            return true
        default:
            return false
        }
    }

    private struct Scan {
        let text: UnsafeBufferPointer<UInt8>

        func isWord(_ index: Int) -> Bool {
            guard index >= 0 && index < text.count else { return false }
            let byte = text[index]
            return (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
        }

        func isSpace(_ index: Int) -> Bool {
            index < text.count && (text[index] == 0x20 || text[index] == 0x09 || text[index] == 0x0A || text[index] == 0x0D)
        }

        /// The index after `literal` when it stands at `index`, else nil.
        func after(_ literal: StaticString, at index: Int) -> Int? {
            let count = literal.utf8CodeUnitCount
            guard index >= 0 && index + count <= text.count else { return nil }
            for offset in 0..<count where text[index + offset] != literal.utf8Start[offset] { return nil }
            return index + count
        }

        /// The index after a literal of `literals` at `index` that ends a word (`\b` after it), else nil.
        func afterWord(_ literals: [StaticString], at index: Int) -> Int? {
            for literal in literals {
                if let end = after(literal, at: index), !isWord(end) { return end }
            }
            return nil
        }

        /// The first index at or after `index` that is not white space.
        func skipSpaces(_ index: Int) -> Int {
            var end = index
            while isSpace(end) { end += 1 }
            return end
        }

        /// The first index at or after `index` that is not a word character.
        func skipWord(_ index: Int) -> Int {
            var end = index
            while isWord(end) { end += 1 }
            return end
        }

        func anyMatch() -> Bool {
            for start in 0..<text.count where matches(at: start) { return true }
            return false
        }

        /// Whether one of the alternatives matches starting at `start`.
        func matches(at start: Int) -> Bool {
            // `\(default\b`
            if let end = after("(default", at: start), !isWord(end) { return true }
            // Every other alternative opens with `\b` before a word character.
            guard isWord(start), !isWord(start - 1) else { return false }
            // `\bby default\b`, `\bdefault value\b`
            if afterWord(["by default", "default value"], at: start) != nil { return true }
            // `\b(is|are|as) (the )?default\b`
            for verb: StaticString in ["is ", "are ", "as "] {
                guard let next = after(verb, at: start) else { continue }
                if afterWord(["default", "the default"], at: next) != nil { return true }
            }
            if let word = after("default", at: start) {
                // `\bdefaults? (to|is|are|was|=|:)`: no `\b` after the verb.
                for spaced in [after(" ", at: word), after("s ", at: word)] {
                    guard let next = spaced else { continue }
                    for verb: StaticString in ["to", "is", "are", "was", "=", ":"] where after(verb, at: next) != nil {
                        return true
                    }
                }
                // `\bdefault\s*[:=]`
                let sign = skipSpaces(word)
                if sign < text.count && (text[sign] == UInt8(ascii: ":") || text[sign] == UInt8(ascii: "=")) { return true }
            }
            // `\b(default|initial)\s+\w+(\s+\w+)?\s+(is|are)\b`
            guard let word = after("default", at: start) ?? after("initial", at: start) else { return false }
            return namesThenVerb(from: word)
        }

        /// `\s+\w+(\s+\w+)?\s+(is|are)\b` from `index`. White space runs and word runs alternate, and each
        /// `\s+` or `\w+` here must take its whole run (what follows it cannot start inside it).
        func namesThenVerb(from index: Int) -> Bool {
            var position = index
            for words in 1...2 {
                let wordStart = skipSpaces(position)
                guard wordStart > position, isWord(wordStart) else { return false }
                let wordEnd = skipWord(wordStart)
                let verbStart = skipSpaces(wordEnd)
                guard verbStart > wordEnd else { return false }
                if afterWord(["is", "are"], at: verbStart) != nil { return true }
                if words == 2 { return false }
                position = wordEnd
            }
            return false
        }
    }
}
