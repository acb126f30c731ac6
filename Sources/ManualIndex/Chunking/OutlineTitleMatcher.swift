/// Finds an outline title in a page's lines, ignoring case, spacing, punctuation and any leading
/// section number or chapter keyword on either side ("2 Circuit Description" matches
/// "Circuit Description", "4.1) Printer Installation" matches "4.1   Printer installation").
struct OutlineTitleMatcher: Sendable {
    struct Match: Equatable {
        /// How many lines, from the first one tried, the title covers.
        var lineCount: Int
        /// Text left on the last line after the title (a run-in heading), nil when the title fills it.
        var remainder: String?
    }

    /// Lines longer than this are prose, even when they begin with the title.
    private let maximumLineLength = 400
    /// A run-in heading must be at least this long to be told apart from a common word.
    private let minimumRunInKey = 8

    /// The letters and digits of `title` that have to be found, after its own number prefix.
    func key(_ title: String) -> [Unicode.Scalar] {
        let stripped = LinePattern.alphanumerics(stripPrefix(title))
        return Array((stripped.isEmpty ? LinePattern.alphanumerics(title) : stripped).unicodeScalars)
    }

    /// Whether the lines `range` of `texts` (all on one page, starting at the line to try) begin
    /// with the title `key`.
    func match(key: [Unicode.Scalar], lines range: Range<Int>, in texts: MatchableLines) -> Match? {
        guard !key.isEmpty, let first = range.first,
              !Self.isLonger(texts.lines[first].text, than: maximumLineLength) else { return nil }
        var matched = 0
        var lineNumber = 0
        for i in range.prefix(3) {
            let text = (lineNumber == 0 ? texts.strippedText(i) : texts.flatText(i)).unicodeScalars
            var index = text.startIndex
            var separated = false  // punctuation since the last letter or digit
            while index < text.endIndex {
                let c = text[index]
                if isAlphanumeric(c) {
                    guard matched < key.count else {
                        // The title ended inside the line: a run-in heading ("Cleaning: Wipe ..."), or prose.
                        guard lineNumber == 0, key.count >= minimumRunInKey, separated else { return nil }
                        let rest = String(text[index...])
                        return Match(lineCount: 1, remainder: rest)
                    }
                    if c.value < 0x80 {
                        // ASCII lowercases to one scalar, without making a String of it.
                        let folded = c.value >= 0x41 && c.value <= 0x5A ? c.value + 0x20 : c.value
                        guard folded == key[matched].value else { return nil }
                        matched += 1
                    } else {
                        for folded in String(c).lowercased().unicodeScalars {
                            guard matched < key.count, folded == key[matched] else { return nil }
                            matched += 1
                        }
                    }
                }
                separated = isAlphanumeric(c) ? false : separated || Self.isSeparator(c)
                index = text.index(after: index)
            }
            lineNumber += 1
            if matched == key.count { return Match(lineCount: lineNumber, remainder: nil) }
            // Only a short line (a number, the first half of a wrapped title) continues onto the next.
            if Self.isLonger(texts.lines[i].text, than: 150) { return nil }
        }
        return nil
    }

    private func isAlphanumeric(_ c: Unicode.Scalar) -> Bool {
        ScalarClass.isAlphabetic(c) || ScalarClass.isNumeric(c)
    }

    private static func isSeparator(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case ":", ".", "|", "\u{2013}", "\u{2014}": return true
        default: return false
        }
    }

    /// Whether the first word is ASCII letters that are neither a chapter keyword nor a roman
    /// numeral: then no rule of `stripPrefix` applies (a section number would start with a digit,
    /// or a letter and a full stop).
    private static func startsWithPlainWord(_ text: ASCIICharacters) throws(ASCIICharacters.Undecided) -> Bool {
        var word: [UInt8] = []
        var i = 0
        while let c = try text.at(i), c != 0x20 {
            guard ASCIICharacters.isLetter(c) else { return false }
            word.append(c | 0x20)
            i += 1
        }
        guard !word.isEmpty, !word.allSatisfy({ $0 == UInt8(ascii: "i") || $0 == UInt8(ascii: "v") || $0 == UInt8(ascii: "x") }) else {
            return false
        }
        return !HeadingLineClassifier.chapterWords.contains(String(decoding: word, as: UTF8.self))
    }

    /// Whether `text` has more than `limit` scalars; the byte count, never smaller, usually settles it.
    private static func isLonger(_ text: String, than limit: Int) -> Bool {
        text.utf8.count > limit && text.scalarCount > limit
    }

    /// Drops a leading section number ("4.2", "4.1)", "A.3"), chapter keyword with its number
    /// ("Chapter 2", "APPENDIX A") or part numeral ("II").
    func stripPrefix(_ text: String) -> String {
        // Most lines start with a plain word, which is no prefix: settled on the first word's bytes.
        if ASCIICharacters.read(text, Self.startsWithPlainWord) == true { return text }
        if let number = SectionNumber.parse(text) { return number.title }
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first else { return text }
        // A number alone on its line ("1.2.2", "IV") is all prefix.
        if words.count == 1, first.allSatisfy({ $0.isNumber || ".)".contains($0) }) || LinePattern.isRomanNumeral(first.lowercased()) {
            return ""
        }
        let keyword = first.lowercased().filter(\.isLetter)
        if HeadingLineClassifier.chapterWords.contains(keyword) {
            var drop = 1
            if words.count > 1 {
                let second = words[1].lowercased().filter { $0.isLetter || $0.isNumber }
                if second.allSatisfy(\.isNumber) || LinePattern.isRomanNumeral(second) || second.count == 1
                    || HeadingLineClassifier.numberWords.contains(second) { drop = 2 }
            }
            return words.dropFirst(drop).joined(separator: " ")
        }
        let bare = first.filter { $0.isLetter || $0.isNumber }
        if words.count > 1, bare.allSatisfy(\.isNumber) || LinePattern.isRomanNumeral(bare.lowercased()) && bare == bare.uppercased() {
            if first.allSatisfy({ $0.isNumber || ".)".contains($0) }) || LinePattern.isRomanNumeral(first.lowercased()) {
                return words.dropFirst().joined(separator: " ")
            }
        }
        return text
    }
}

/// The line texts titles are matched against, worked out once per line: every outline entry of a
/// page is tried on each of the page's lines.
final class MatchableLines {
    let lines: [LayoutLine]
    private let matcher: OutlineTitleMatcher
    private var flat: [String?]
    private var stripped: [String?]

    init(_ lines: [LayoutLine], matcher: OutlineTitleMatcher) {
        self.lines = lines
        self.matcher = matcher
        flat = Array(repeating: nil, count: lines.count)
        stripped = Array(repeating: nil, count: lines.count)
    }

    /// `lines[i].flatText`.
    func flatText(_ i: Int) -> String {
        if let known = flat[i] { return known }
        let text = lines[i].flatText
        flat[i] = text
        return text
    }

    /// `stripPrefix` of `lines[i].flatText`: the line as it is compared when a title starts on it.
    func strippedText(_ i: Int) -> String {
        if let known = stripped[i] { return known }
        let text = matcher.stripPrefix(flatText(i))
        stripped[i] = text
        return text
    }
}
