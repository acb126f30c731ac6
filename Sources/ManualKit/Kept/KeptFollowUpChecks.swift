/// Follow-up checks kept in the library (issue 51): a question's suggested follow-ups are each asked of the
/// library before they are offered (`AnswerableFollowUps`), three or more extra retrievals, and a `manual
/// query` process started empty every time. Checks done by one process are kept for the next one, valid for
/// the library's state and the program that did them.
///
/// A check's outcome is a function of what the key names: the library's identity and changes (the `state`:
/// every document added, removed or moved makes another), the program (`ProgramIdentity`), the retrieval and
/// answer settings the check asked with, the manual and the question. So reading it back gives the answer
/// doing it again would. Read inside the caller's read transaction; new checks are written after it ends
/// (`save`), best-effort, without waiting for a writer that holds the library.
final class KeptFollowUpChecks {
    static let kind = "follow-up-check"
    let store: Store
    /// The library state the checks are valid for.
    let state: String
    /// Program and settings, the start of every key.
    private let scope: String
    /// Checks done by this process since the last `save`.
    private var found: [String: String] = [:]

    /// `retrieval` and `answer`: the settings the checks use. Reads the library's state: call it inside the
    /// read transaction the checks are made in.
    init(store: Store, retrieval: RetrievalSettings, answer: AnswerSettings) throws {
        self.store = store
        state = "\(try store.libraryID()):\(try store.libraryChanges())"
        // The default answer settings by name: describing them field by field takes reflection (3 M
        // instructions, 2 % of a question); the program's identity already names what the defaults are.
        let answerText = answer == AnswerSettings() ? "default" : "\(answer)"
        scope = [ProgramIdentity.text, retrieval.memoKey, answerText].joined(separator: "\u{1}")
    }

    private func key(_ question: String, _ documentID: Int64) -> String {
        [scope, "\(documentID)", question].joined(separator: "\u{1}")
    }

    /// The kept outcome of checking `question` for `documentID`, nil when it was never kept (or cannot be read).
    func known(_ question: String, documentID: Int64) -> Bool? {
        let key = key(question, documentID)
        if let value = found[key] { return value == "1" }
        guard let value = try? store.keptValue(kind: KeptFollowUpChecks.kind, state: state, key: key) else { return nil }
        return value == "1"
    }

    /// Notes a check this process made, to be kept by `save`.
    func note(_ question: String, documentID: Int64, answerable: Bool) {
        found[key(question, documentID)] = answerable ? "1" : "0"
    }

    /// Writes the checks noted since the last save; a library that cannot be written now (read-only, busy,
    /// full) keeps none, and the next process checks again.
    func save() {
        guard !found.isEmpty else { return }
        try? store.keep(found, kind: KeptFollowUpChecks.kind, state: state, waitMilliseconds: 0)
        found = [:]
    }
}
