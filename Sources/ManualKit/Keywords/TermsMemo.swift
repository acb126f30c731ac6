import Foundation

/// The terms of texts that queries analyse again and again: the candidate chunks a question's
/// retrieval weighs and the sentences of the passages it quotes. A long-running process (`manual
/// serve`, `manual query -`) meets the same popular chunks question after question, and analysing
/// them was a fifth of a question's time. Keyed by the text itself, so a result is always the
/// analysis of exactly that text, whatever happened to the library meanwhile.
///
/// In memory only; emptied when it reaches `capacity` texts, so it stays a few megabytes.
enum TermsMemo {
    static let capacity = 20_000
    private static let shared = Memo()

    /// `TextAnalyzer.terms(text)`, from the memo when this text was analysed before.
    static func terms(_ text: String) -> [String] {
        if let known = shared.lookup(text) { return known }
        let terms = TextAnalyzer.terms(text)
        shared.store(terms, for: text)
        return terms
    }

    /// An `NSLock` rather than a `Mutex`: ThreadSanitizer follows pthread locks, not the futex a
    /// `Mutex` uses, and reported the memo's dictionary as raced.
    // @unchecked Sendable: `texts` is read and written only while `lock` is held.
    private final class Memo: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [String: [String]] = [:]

        func lookup(_ text: String) -> [String]? {
            lock.withLock { texts[text] }
        }

        func store(_ terms: [String], for text: String) {
            lock.withLock {
                if texts.count >= TermsMemo.capacity { texts.removeAll(keepingCapacity: true) }
                texts[text] = terms
            }
        }
    }
}
