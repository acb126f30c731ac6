/// A name in the question that no manual of the library mentions: "CH341A", "MicroPython", "RS-485".
///
/// A question about a thing the library never names is not answered, however well its other words match:
/// "Does avrdude support the CH341A programmer?" retrieves avrdude's list of programmers, and quoting it
/// would answer a question the manual does not. Only words written as names count: with a digit, or a
/// capital letter anywhere but at the start of the question. An everyday word the manuals happen not to
/// use ("cheap", "megohm"), or a misspelling, is left to the coverage guardrail, which weighs it by rarity
/// and lets the meaning of the rest carry a paraphrase.
///
/// On the development set this declines 9 of the 15 unanswerable questions and none of the answerable
/// ones (docs/quality.md, seventh session).
struct UnknownName {
    /// The first word of `question` that is written as a name and has a term in `unknownTerms` (terms no
    /// chunk of the library contains), as typed with its outer punctuation trimmed; nil when there is none.
    static func first(in question: String, unknownTerms: Set<String>) -> String? {
        guard !unknownTerms.isEmpty else { return nil }
        var atStart = true
        for raw in question.split(whereSeparator: \.isWhitespace) {
            let word = String(raw).trimmingOuterPunctuation
            defer { if !word.isEmpty { atStart = false } }
            guard isWrittenAsName(word, atStart: atStart),
                  TextAnalyzer.terms(word).contains(where: unknownTerms.contains) else { continue }
            return word
        }
        return nil
    }

    /// A digit anywhere, or a capital letter past the first character of the question.
    static func isWrittenAsName(_ word: String, atStart: Bool) -> Bool {
        if word.contains(where: \.isNumber) { return true }
        let capitals = word.enumerated().filter { $0.element.isUppercase }.map(\.offset)
        return capitals.contains { !atStart || $0 > 0 }
    }
}

private extension String {
    /// The word without the punctuation around it ("(RP2040)?" -> "RP2040"); the punctuation inside stays.
    var trimmingOuterPunctuation: String {
        let isOuter: (Character) -> Bool = { !($0.isLetter || $0.isNumber) }
        guard let first = firstIndex(where: { !isOuter($0) }), let last = lastIndex(where: { !isOuter($0) }) else { return "" }
        return String(self[first...last])
    }
}
