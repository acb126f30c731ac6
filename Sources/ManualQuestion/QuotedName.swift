import ManualIndex
/// A word or short phrase the question puts in quotes: "What does a battery.charger.status value of
/// 'floating' mean?" asks what 'floating' means, whatever else the question names around it.
///
/// The asker quotes what they read on a display or in a file; the manual's entry for it ("• floating:
/// battery has completed its charge cycle …") answers, not the table row of the variable it is a value of.
enum QuotedName {
    /// The terms of the first quoted span of one to four words, or nil when the question quotes none. An
    /// apostrophe inside a word ("What's", "don't") opens no quote: a quote opens after a space or at the start.
    static func terms(in question: String) -> Set<String>? {
        let characters = Array(question)
        var index = 0
        while index < characters.count {
            let opening = characters[index]
            guard let closing = pairs[opening], index == 0 || characters[index - 1].isWhitespace || characters[index - 1] == "(" else {
                index += 1
                continue
            }
            // The closing quote ends a word: followed by a space, punctuation or the end.
            var end = index + 1
            while end < characters.count, !(closing.contains(characters[end])
                                             && (end + 1 == characters.count || !characters[end + 1].isLetter)) {
                end += 1
            }
            guard end < characters.count else { return nil }
            let quoted = String(characters[(index + 1)..<end])
            let words = quoted.split(whereSeparator: \.isWhitespace)
            if (1...4).contains(words.count) {
                let terms = Set(TermsMemo.terms(quoted))
                if !terms.isEmpty { return terms }
            }
            index = end + 1
        }
        return nil
    }

    /// Each opening quote and the quotes that may close it (a straight quote may close a curly one).
    private static let pairs: [Character: Set<Character>] = [
        "'": ["'", "’"], "\"": ["\"", "”"], "‘": ["’", "'"], "“": ["”", "\""],
    ]
}
