import Foundation

/// Reads what a sentence's wording says about the text around it.
enum SentenceShape {
    /// True for a sentence ending in ":", which introduces the table or list after it.
    static func introducesBlock(_ sentence: Sentence) -> Bool {
        sentence.text.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix(":")
    }
}
