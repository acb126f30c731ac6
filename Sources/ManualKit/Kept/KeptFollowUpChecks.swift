import ManualAnswer
import ManualRetrieval
/// Follow-up checks kept in the library (`KeptWork`): a question's suggested follow-ups are each asked of the
/// library before they are offered (`AnswerableFollowUps`), three or more extra retrievals, and a `manual
/// query` process started empty every time.
///
/// A check's outcome is a function of what its key names besides the library's state and the program: the
/// retrieval and answer settings the check asked with, the manual and the question.
struct KeptFollowUpChecks {
    static let kind = "follow-up-check"
    let kept: KeptWork
    /// The settings, the start of every key.
    private let scope: String

    /// `retrieval` and `answer`: the settings the checks use.
    init(kept: KeptWork, retrieval: RetrievalSettings, answer: AnswerSettings) {
        self.kept = kept
        // The default answer settings by name: describing them field by field takes reflection (3 M
        // instructions, 2 % of a question); the program's identity already names what the defaults are.
        let answerText = answer == AnswerSettings() ? "default" : "\(answer)"
        scope = retrieval.memoKey + "\u{1}" + answerText
    }

    private func key(_ question: String, _ documentID: Int64) -> String {
        [scope, "\(documentID)", question].joined(separator: "\u{1}")
    }

    /// The kept outcome of checking `question` for `documentID`, nil when it was never kept.
    func known(_ question: String, documentID: Int64) -> Bool? {
        kept.value(kind: KeptFollowUpChecks.kind, key: key(question, documentID)).map { $0 == "1" }
    }

    /// Notes a check this process made, to be kept.
    func note(_ question: String, documentID: Int64, answerable: Bool) {
        kept.note(kind: KeptFollowUpChecks.kind, key: key(question, documentID), value: answerable ? "1" : "0")
    }
}
