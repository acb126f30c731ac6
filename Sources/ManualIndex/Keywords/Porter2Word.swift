/// A word being stemmed by Porter2: its letters plus the R1/R2 region starts.
///
/// Letters are lowercase ASCII except `Y`, which marks a y that acts as a consonant.
struct Porter2Word {
    private(set) var letters: [UInt8]
    /// Start of region R1 (index into `letters`, computed once before the steps, as Porter2 requires).
    private(set) var r1 = 0
    /// Start of region R2.
    private(set) var r2 = 0

    init(_ letters: [UInt8]) {
        self.letters = letters
    }

    var count: Int { letters.count }

    static let apostrophe = UInt8(ascii: "'")
    static let consonantY = UInt8(ascii: "Y")

    /// Porter2 vowels: a e i o u y (a `Y` is a consonant by construction).
    @inline(__always)
    static func isVowel(_ c: UInt8) -> Bool {
        switch c {
        case 0x61, 0x65, 0x69, 0x6F, 0x75, 0x79: return true // a e i o u y
        default: return false
        }
    }

    // MARK: Prelude and regions

    /// Drops a leading apostrophe and marks consonant y's as `Y`.
    mutating func prepare() {
        if letters.first == Self.apostrophe { letters.removeFirst() }
        guard !letters.isEmpty else { return }
        if letters[0] == UInt8(ascii: "y") { letters[0] = Self.consonantY }
        var i = 1
        while i < letters.count {
            if letters[i] == UInt8(ascii: "y") && Self.isVowel(letters[i - 1]) {
                letters[i] = Self.consonantY
            }
            i += 1
        }
    }

    private static let fixedR1Prefixes: [[UInt8]] = ["gener", "commun", "arsen"].map { Array($0.utf8) }

    /// R1 follows the first non-vowel after a vowel (or a listed prefix); R2 is the same rule applied inside R1.
    mutating func markRegions() {
        r1 = count
        if let prefix = Self.fixedR1Prefixes.first(where: { hasPrefix($0) }) {
            r1 = prefix.count
        } else {
            r1 = regionStart(from: 0)
        }
        r2 = regionStart(from: r1)
    }

    /// Index just past the first non-vowel that follows a vowel, searching from `start`; `count` if none.
    private func regionStart(from start: Int) -> Int {
        var i = start
        while i < count && !Self.isVowel(letters[i]) { i += 1 }
        i += 1
        while i < count && Self.isVowel(letters[i]) { i += 1 }
        return i < count ? i + 1 : count
    }

    /// Turns every `Y` back into a y.
    mutating func finish() {
        for i in letters.indices where letters[i] == Self.consonantY { letters[i] = UInt8(ascii: "y") }
    }

    // MARK: Suffix helpers

    private func hasPrefix(_ prefix: [UInt8]) -> Bool {
        guard prefix.count <= count else { return false }
        for i in 0..<prefix.count where letters[i] != prefix[i] { return false }
        return true
    }

    func hasSuffix(_ suffix: [UInt8]) -> Bool {
        hasSuffix(suffix, endingAt: count)
    }

    /// True when `letters[..<end]` ends with `suffix`.
    func hasSuffix(_ suffix: [UInt8], endingAt end: Int) -> Bool {
        guard suffix.count <= end else { return false }
        var i = end - suffix.count
        for c in suffix {
            if letters[i] != c { return false }
            i += 1
        }
        return true
    }

    /// The longest of `suffixes` (ordered longest first) the word ends with.
    func longestSuffix<Rule>(in rules: [(suffix: [UInt8], rule: Rule)]) -> (start: Int, rule: Rule)? {
        guard let last = letters.last else { return nil }
        for index in rules.indices {
            // Most suffixes fail on the final letter: check it before comparing the rest.
            guard rules[index].suffix.last == last, hasSuffix(rules[index].suffix) else { continue }
            return (count - rules[index].suffix.count, rules[index].rule)
        }
        return nil
    }

    mutating func replace(from start: Int, with replacement: [UInt8]) {
        letters.replaceSubrange(start..<count, with: replacement)
    }

    mutating func truncate(to length: Int) {
        letters.removeSubrange(length..<count)
    }

    mutating func append(_ c: UInt8) {
        letters.append(c)
    }

    func letter(at i: Int) -> UInt8 { letters[i] }

    /// True when `letters[..<end]` contains a vowel.
    func containsVowel(before end: Int) -> Bool {
        var i = 0
        while i < end {
            if Self.isVowel(letters[i]) { return true }
            i += 1
        }
        return false
    }

    /// Porter2's short syllable at the end of `letters[..<end]`: non-vowel, vowel, non-vowel other than w, x, Y;
    /// or a vowel at the start of the word followed by a non-vowel.
    func endsWithShortSyllable(_ end: Int) -> Bool {
        if end >= 3 {
            let last = letters[end - 1]
            return !Self.isVowel(last) && last != UInt8(ascii: "w") && last != UInt8(ascii: "x")
                && last != Self.consonantY && Self.isVowel(letters[end - 2]) && !Self.isVowel(letters[end - 3])
        }
        return end == 2 && Self.isVowel(letters[0]) && !Self.isVowel(letters[1])
    }
}
