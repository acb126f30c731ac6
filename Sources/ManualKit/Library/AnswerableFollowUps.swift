import ManualAnswer
import ManualIndex
/// Checks suggested follow-ups the way a reader would: asks each of the library, and keeps it only when
/// the answer comes from the same manual with medium confidence or better (issue 17: a suggestion the
/// library then declines is worse than none).
///
/// Checks are remembered per library state (documents added or removed, the library made anew), so a server asked the
/// same questions again does not check their follow-ups again, and kept in the library (`KeptFollowUpChecks`), so
/// the next process does not either.
struct AnswerableFollowUps {
    let store: Store
    /// What decides the answer besides the question: the library's state (`Store.stateKey`, read once: the
    /// caller's read transaction sees one) and the retrieval settings, as text for the memo's key.
    let scope: String
    /// Answers a question in the caller's read transaction, without follow-ups of its own.
    let ask: (String) throws -> Answer
    /// Checks kept in the library by earlier processes, and those this one makes (`KeptFollowUpChecks`).
    let kept: KeptFollowUpChecks

    /// `settings`: the retrieval settings the checks use, as text; `kept` the library's kept checks, read in
    /// the same transaction.
    init(store: Store, settings: String, kept: KeptFollowUpChecks, ask: @escaping (String) throws -> Answer) throws {
        self.store = store
        scope = [try store.stateKey(), settings].joined(separator: "\u{1}")
        self.kept = kept
        self.ask = ask
    }

    /// Answerability of questions, by library file, generation, settings, document and question.
    private static let memo = TextMemo<Bool>(capacity: 5_000)

    var source: FollowUpSource {
        FollowUpSource(
            outline: { documentID in (try? store.headings(documentID: documentID)) ?? [] },
            isAnswerable: { question, documentID in
                let key = [scope, "\(documentID)", question].joined(separator: "\u{1}")
                return AnswerableFollowUps.memo.value(for: key) { _ in
                    if let known = kept.known(question, documentID: documentID) { return known }
                    // A question that cannot be checked (a read error) is not offered, nor kept.
                    guard let answer = try? ask(question) else { return false }
                    let answerable = (answer.confidence == .medium || answer.confidence == .high)
                        && answer.citations.first?.documentID == documentID
                    kept.note(question, documentID: documentID, answerable: answerable)
                    return answerable
                }
            })
    }
}
