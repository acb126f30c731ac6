import Foundation

/// Judges a single line as a heading, by its font (layout rules) or its wording (text rules).
struct HeadingLineClassifier: Sendable {
    /// Why a line was taken for a heading; decides how its level is worked out.
    enum Evidence: Equatable {
        /// Larger or bold type than the body text.
        case layout
        /// A section number ("4.2 Tire Pressure").
        case number(depth: Int)
        /// CHAPTER / SECTION / APPENDIX or a stock section name (MAINTENANCE, SPECIFICATIONS).
        case keyword
        /// A short line in capitals.
        case capitals
    }

    /// What a line's surroundings say: the page's body size and whether the line stands apart.
    struct Context {
        var bodyFontSize: Double
        /// Characters in a full line of this page (pages without layout).
        var fullLineLength: Int
        /// The line starts a block: page start, a gap above, or the line above ended a sentence.
        var standsApart: Bool
    }

    static let chapterWords: Set<String> = ["chapter", "section", "appendix", "part", "annex", "kapitel", "chapitre"]

    static let numberWords: Set<String> = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
    ]

    /// Section names manuals use on their own; matched case-insensitively against the whole line.
    static let sectionNames: Set<String> = [
        "introduction", "maintenance", "specifications", "specification", "troubleshooting", "installation",
        "operation", "operating instructions", "safety", "safety instructions", "safety information", "warranty",
        "contents", "table of contents", "index", "glossary", "overview", "getting started", "technical data",
        "technical specifications", "cleaning", "storage", "preface", "foreword", "features", "appendix",
        "accessories", "care and maintenance", "setup", "assembly", "disposal", "faq",
    ]

    /// The evidence that `line` is a heading, or nil.
    func classify(_ line: LayoutLine, context: Context) -> Evidence? {
        guard mayBeHeading(line, context: context) else { return nil }
        let text = line.flatText
        let length = text.scalarCount
        guard length >= 2, length <= 150, !looksLikeContentsEntry(line.text) else { return nil }
        guard let first = text.first, first.isLetter || first.isNumber else { return nil }
        guard text.hasLetters(atLeast: 2), AdmonitionLabel.match(text) == nil else { return nil }
        let words = text.split(separator: " ")
        let last = text.last!
        let number = SectionNumber.parse(text)

        if line.hasGeometry && context.bodyFontSize > 0 {
            let larger = isLarger(line, context: context)
            let bold = line.isBold && line.fontSize >= context.bodyFontSize - 0.5
            let smaller = line.fontSize < context.bodyFontSize - 0.5
            let endsRight = !".,;".contains(last) && (last != ":" || larger)
            // A bold line that fills the measure is an emphasised sentence, not a title.
            let boldTitle = bold && context.standsApart && (line.isShort || length <= 60)
            if larger || boldTitle, words.count <= 16, endsRight, first.isUppercase || first.isNumber {
                return number.map { .number(depth: $0.depth) } ?? .layout
            }
            // Text rules still apply to body-size type, never to footnote-size type.
            if smaller { return nil }
        }
        guard context.standsApart, words.count <= 12, length <= 90, !".,;:".contains(last) else { return nil }
        if !line.hasGeometry, context.fullLineLength >= 50, Double(length) > 0.8 * Double(context.fullLineLength) {
            return nil  // a full-width line is prose that happens to lack a full stop
        }
        if let number, number.titleStartsUppercase, number.title.hasLetters(atLeast: 2),
           number.depth >= 2 || number.closer == nil, words.count >= 2, !looksLikeMeasurement(number) {
            return .number(depth: number.depth)
        }
        if isChapterLine(text) || HeadingLineClassifier.sectionNames.contains(stripNumber(text).lowercased()) {
            return .keyword
        }
        let letters = text.filter(\.isLetter)
        // Capitals made of words, not a line of code or values ("VCC 10 0 DC 6", "N+ N- POLY").
        let plainWords = words.filter { word in String(word).trimming(",:()&").allSatisfy(\.isLetter) }
        if letters.count >= 4, letters.allSatisfy(\.isUppercase), words.count <= 8, plainWords.count * 10 >= words.count * 7,
           words.contains(where: { $0.filter(\.isLetter).count >= 3 }), !ListMarker.starts(text) {
            return .capitals
        }
        return nil
    }

    /// Whether `classify` can find anything: a heading in body-size type must stand apart, and only
    /// larger type is a heading without (a bold title must stand apart too). Most lines are
    /// turned away by this alone, before their text is looked at.
    func mayBeHeading(_ line: LayoutLine, context: Context) -> Bool {
        context.standsApart || line.hasGeometry && context.bodyFontSize > 0 && isLarger(line, context: context)
    }

    private func isLarger(_ line: LayoutLine, context: Context) -> Bool {
        line.fontSize >= context.bodyFontSize + max(1, 0.08 * context.bodyFontSize)
    }

    /// "CHAPTER 2", "Chapter 2: Command Line Options", "APPENDIX A", "Part IV".
    func isChapterLine(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        guard let first = words.first, words.count <= 12 else { return false }
        let keyword = first.lowercased().trimming(":.")
        guard HeadingLineClassifier.chapterWords.contains(keyword) else { return false }
        guard words.count > 1 else { return true }
        let second = words[1].lowercased().trimming(":.")
        return second.allSatisfy(\.isNumber) || LinePattern.isRomanNumeral(second)
            || (second.count == 1 && second.first!.isLetter) || HeadingLineClassifier.numberWords.contains(second)
    }

    /// A piece of a chapter opener set on lines of its own: "CHAPTER", "Chapter 4", "FOUR", "4", "IV".
    func isOpenerPart(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        guard !words.isEmpty, words.count <= 2 else { return false }
        if isChapterLine(text) { return true }
        guard words.count == 1 else { return false }
        let word = words[0].lowercased().trimming(":.")
        return word.allSatisfy(\.isNumber) && word.count <= 3 || LinePattern.isRomanNumeral(word)
            || HeadingLineClassifier.numberWords.contains(word)
    }

    /// A bare section number on its own line ("1.2.2"), whose title follows on the next line.
    func isBareSectionNumber(_ text: String) -> Bool {
        guard text.count <= 12, let first = text.first, first.isNumber else { return false }
        return text.allSatisfy { $0.isNumber || $0 == "." } && text.contains(".") && !text.hasPrefix(".")
    }

    /// Table-of-contents lines: dot leaders, or a title followed by a page number after a gap.
    func looksLikeContentsEntry(_ text: String) -> Bool {
        if ASCIISearch.contains(text, ". . .") || ASCIISearch.contains(text, "....") { return true }
        // An all-ASCII line (nearly all of them) is answered on its bytes, any other by Foundation.
        guard let asciiGap = ASCIISearch.lastOffset(of: UnicodeCleaner.columnGapLiteral, in: text) else {
            if text.contains("\u{2026}") { return true }
            if let gap = text.range(of: UnicodeCleaner.columnGap, options: .backwards) {
                let tail = text[gap.upperBound...]
                return !tail.isEmpty && tail.allSatisfy { $0.isNumber } && text[..<gap.lowerBound].contains { $0.isLetter }
            }
            return false
        }
        guard let gap = asciiGap else { return false }
        let bytes = Array(text.utf8)
        let tail = bytes[(gap + UnicodeCleaner.columnGapLiteral.utf8CodeUnitCount)...]
        return !tail.isEmpty && tail.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            && bytes[..<gap].contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
    }

    /// The text without a leading section number or chapter keyword.
    func stripNumber(_ text: String) -> String {
        if let number = SectionNumber.parse(text) { return number.title }
        return text
    }

    /// "2.5 Bar" or "12 V supply" read like numbered headings but are values with units.
    private func looksLikeMeasurement(_ number: SectionNumber) -> Bool {
        guard let unit = number.title.split(separator: " ").first else { return true }
        return unit.filter(\.isLetter).count < 2
    }
}

private extension String {
    func trimming(_ set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
