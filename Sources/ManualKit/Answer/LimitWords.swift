/// Words that ask for, or state, the bounds of an amount: "Allowed size range for an RAUSER disk" is
/// answered by "The minimum size is 5MB; the maximum size is 2GB …", which shares only "size" with the
/// question. A sentence that states a bound right after an anchor that states none goes on with it,
/// however few question words it repeats (`SentenceSelector.continuation`).
enum LimitWords {
    /// A question with one of these asks for bounds.
    static let asking: Set<String> = [
        "range", "limit", "limits", "minimum", "maximum", "min", "max", "lowest", "highest", "smallest",
        "largest", "allowed", "between",
    ]
    /// A sentence with one of these (or "up to", "at most", "at least") states a bound.
    static let stating: Set<String> = ["minimum", "maximum", "min", "max", "limit", "limited", "range", "between"]

    static func asks(_ question: String) -> Bool {
        words(question).contains(where: asking.contains)
    }

    static func states(_ sentence: String) -> Bool {
        let words = words(sentence)
        if words.contains(where: stating.contains) { return true }
        let pairs = zip(words, words.dropFirst()).map { "\($0) \($1)" }
        return pairs.contains { $0 == "up to" || $0 == "at most" || $0 == "at least" }
    }

    private static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter }.map(String.init)
    }
}
