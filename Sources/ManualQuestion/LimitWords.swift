/// Words that ask for, or state, the bounds of an amount: "Permitted size range of a QX7 volume" is
/// answered by "The minimum size is 5MB; the maximum size is 2GB …", which shares only "size" with the
/// question. A sentence that states a bound right after an anchor that states none goes on with it,
/// however few question words it repeats (`SentenceSelector.continuation`).
package enum LimitWords {
    /// A question with one of these asks for bounds (`QuestionTerms.asksForLimit`).
    static let asking: Set<String> = [
        "range", "limit", "limits", "minimum", "maximum", "min", "max", "lowest", "highest", "smallest",
        "largest", "allowed", "between",
    ]
    /// A sentence with one of these (or "up to", "at most", "at least") states a bound.
    static let stating: Set<String> = ["minimum", "maximum", "min", "max", "limit", "limited", "range", "between"]

    /// Pairs of words that state a bound.
    static let statingPairs: Set<String> = ["up to", "at most", "at least"]

    package static func states(_ sentence: String) -> Bool {
        let words = sentence.lowercased().split { !$0.isLetter }
        return words.contains { stating.contains(String($0)) }
            || zip(words, words.dropFirst()).contains { statingPairs.contains("\($0) \($1)") }
    }
}
