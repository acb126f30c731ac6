import Synchronization

/// The terms of texts that queries analyse again and again: the candidate chunks a question's
/// retrieval weighs and the sentences of the passages it quotes. A long-running process (`manual
/// serve`, `manual query -`) meets the same popular chunks question after question, and analysing
/// them was a fifth of a question's time. Keyed by the text itself, so a result is always the
/// analysis of exactly that text, whatever happened to the library meanwhile.
///
/// In memory only; emptied when it reaches `capacity` texts, so it stays a few megabytes.
enum TermsMemo {
    static let capacity = 20_000
    private static let memo = Mutex<[String: [String]]>([:])

    /// `TextAnalyzer.terms(text)`, from the memo when this text was analysed before.
    static func terms(_ text: String) -> [String] {
        if let known = memo.withLock({ $0[text] }) { return known }
        let terms = TextAnalyzer.terms(text)
        memo.withLock { memo in
            if memo.count >= capacity { memo.removeAll(keepingCapacity: true) }
            memo[text] = terms
        }
        return terms
    }
}
