import Foundation

/// What queries work out again and again from the same texts: the terms of the candidate chunks a
/// question's retrieval weighs and of the sentences of the passages it quotes, and the words of the
/// chunks follow-ups are drawn from. A long-running process (`manual serve`, `manual query -`) meets
/// the same popular chunks question after question, and analysing them was a fifth of a question's
/// time. Keyed by the text itself, so a result is always that of exactly that text, whatever happened
/// to the library meanwhile.
package enum TermsMemo {
    private static let terms = TextMemo<[String]>()

    /// `TextAnalyzer.terms(text)`, from the memo when this text was analysed before.
    package static func terms(_ text: String) -> [String] {
        terms.value(for: text) { text in
            // One cache of words' terms for the texts analysed one after another: a question's
            // candidates are a hundred passages of one library's words. A new cache per text built a
            // dictionary of its words each time, and asked a shared memo, under its lock, for every
            // word (a tenth of a corpus question).
            var stems = LentCaches.stems.take()
            defer { LentCaches.stems.putBack(stems) }
            return TextAnalyzer.analyze(text, stems: &stems).map(\.text)
        }
    }

    /// The terms of a stored chunk's passage (`ChunkPassage.text`): those stored at ingest when there are
    /// any, kept in the memo for the re-ranker, which asks for the same passage's terms next; else analysed.
    package static func terms(_ passage: StoredPassage) -> [String] {
        let text = ChunkPassage.text(headingPath: passage.headingPath, text: passage.text)
        guard let stored = passage.terms?.terms else { return terms(text) }
        self.terms.keep(stored, for: text)
        return stored
    }
}

/// A bounded map from texts to what was computed from them; emptied when it reaches `capacity` texts,
/// so it stays a few megabytes (20,000 sentences, or 2,000 whole chunks).
///
/// An `NSLock` rather than a `Mutex`: ThreadSanitizer follows pthread locks, not the futex a `Mutex`
/// uses, and reported a `Mutex`-guarded memo as raced.
// @unchecked Sendable: `values` is read and written only while `lock` is held; `Value` is a value type
// copied out under the lock.
package final class TextMemo<Value>: @unchecked Sendable {
    let capacity: Int
    private let lock = NSLock()
    /// By the texts' bytes (`ExactText`).
    private var values: [ExactText: Value] = [:]

    package init(capacity: Int = 20_000) {
        self.capacity = capacity
    }

    /// The value kept for `text`, if any.
    package func known(_ text: String) -> Value? {
        let key = ExactText(text: text)
        return lock.withLock { values[key] }
    }

    /// Keeps `value` for `text` (emptying the memo first when it is full).
    package func keep(_ value: Value, for text: String) {
        let key = ExactText(text: text)
        lock.withLock {
            if values.count >= capacity { values.removeAll(keepingCapacity: true) }
            values[key] = value
        }
    }

    /// The memo's value for `text`, computing and keeping it (outside the lock) when missing.
    package func value(for text: String, _ compute: (String) -> Value) -> Value {
        let key = ExactText(text: text)
        if let known = lock.withLock({ values[key] }) { return known }
        let value = compute(text)
        lock.withLock {
            if values.count >= capacity { values.removeAll(keepingCapacity: true) }
            values[key] = value
        }
        return value
    }
}
