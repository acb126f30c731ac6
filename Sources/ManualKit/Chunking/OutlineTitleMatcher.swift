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

    /// Whether `lines` (all on one page, starting at the line to try) begin with the title `key`.
    func match(key: [Unicode.Scalar], lines: ArraySlice<LayoutLine>) -> Match? {
        guard !key.isEmpty, let firstLine = lines.first,
              firstLine.text.unicodeScalars.count <= maximumLineLength else { return nil }
        var matched = 0
        var lineNumber = 0
        for line in lines.prefix(3) {
            let text = (lineNumber == 0 ? stripPrefix(line.flatText) : line.flatText).unicodeScalars
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
                    for folded in String(c).lowercased().unicodeScalars {
                        guard matched < key.count, folded == key[matched] else { return nil }
                        matched += 1
                    }
                }
                separated = isAlphanumeric(c) ? false : separated || ":.|\u{2013}\u{2014}".unicodeScalars.contains(c)
                index = text.index(after: index)
            }
            lineNumber += 1
            if matched == key.count { return Match(lineCount: lineNumber, remainder: nil) }
            // Only a short line (a number, the first half of a wrapped title) continues onto the next.
            if line.text.unicodeScalars.count > 150 { return nil }
        }
        return nil
    }

    private func isAlphanumeric(_ c: Unicode.Scalar) -> Bool {
        c.properties.isAlphabetic || c.properties.numericType != nil
    }

    /// Drops a leading section number ("4.2", "4.1)", "A.3"), chapter keyword with its number
    /// ("Chapter 2", "APPENDIX A") or part numeral ("II").
    func stripPrefix(_ text: String) -> String {
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
