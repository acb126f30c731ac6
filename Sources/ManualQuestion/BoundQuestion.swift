/// A question that asks for a bound with "at most" or "at least" ("how much flour can I add at
/// most") asks for a maximum or minimum, and a manual states it by the word: "the MAX mark of 1.7 litres",
/// "Maximum roof load | 75 kg". "At", "most" and "least" are stopwords, so such a question keeps only its
/// noun and verb and is answered by any sentence that shares them ("Do not put it in household waste.").
/// Asked with the bound's own word, it is searched, weighed and answered by it, and asks for a limit
/// (`LimitWords`).
enum BoundQuestion {
    /// The phrases that ask for a bound, longest first, and the word a manual states that bound by.
    static let phrases: [(words: [String], bound: String)] = [
        (["at", "the", "most"], "maximum"), (["at", "the", "least"], "minimum"),
        (["at", "most"], "maximum"), (["at", "least"], "minimum"),
    ]

    /// The question with each bound phrase replaced by its word, or nil when it has none:
    /// "How much flour can I add at most?" → "How much flour can I add maximum?".
    static func rewrite(_ question: String) -> String? {
        let words = question.split(separator: " ", omittingEmptySubsequences: false)
        let lower = words.map { $0.lowercased().filter(\.isLetter) }
        var out: [String] = []
        var index = 0
        var changed = false
        while index < words.count {
            let match = phrases.first { phrase in
                index + phrase.words.count <= words.count
                    && lower[index..<(index + phrase.words.count)].elementsEqual(phrase.words)
                    // Only the phrase's last word may carry punctuation: "at, most" is no phrase.
                    && words[index..<(index + phrase.words.count - 1)].allSatisfy { $0.allSatisfy(\.isLetter) }
                    && words[index + phrase.words.count - 1].first?.isLetter == true
            }
            guard let match else {
                out.append(String(words[index]))
                index += 1
                continue
            }
            // Whatever follows the phrase's last letter ("most?") follows the bound word.
            let last = words[index + match.words.count - 1]
            let trailing = last.drop(while: \.isLetter)
            out.append(match.bound + trailing)
            index += match.words.count
            changed = true
        }
        return changed ? out.joined(separator: " ") : nil
    }
}
