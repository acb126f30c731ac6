import ManualAnswer
import ManualIndex
import ManualRetrieval
/// Whole answers, remembered per library state by every `ManualLibrary` of the process: a server asked
/// a question it has answered before (by any client, on any reader) answers from memory, and so does
/// `manual query -` given the same question twice (issue 51: two cores did about 270 answers a second of
/// a question the server had just answered).
///
/// Safe because an answer is a function of what the key names and nothing else: the library's state
/// (`Store.stateKey`, read in the answer's own read transaction, so a document another process adds,
/// removes or moves makes another key), the question as typed, the filter, the retrieval settings and
/// the embedding table; the answer settings are kept beside the answer and compared whole. The history is
/// not part of an answer: each ask still records its own row. Bounded (`capacity` answers, then emptied).
enum AnswerMemo {
    static let capacity = 256
    private static let answers = TextMemo<(settings: AnswerSettings, answer: Answer)>(capacity: capacity)

    static func key(state: String, question: String, filter: SearchFilter, retrieval: RetrievalSettings,
                    embedder: StaticEmbedder) -> String {
        let filterText = [filter.documentID.map { "\($0)" } ?? "-", filter.page.map { "\($0)" } ?? "-", filter.section ?? "-"]
        return ([state, question] + filterText + [retrieval.memoKey, embedder.fingerprint]).joined(separator: "\u{1}")
    }

    static func answer(for key: String, settings: AnswerSettings) -> Answer? {
        guard let known = answers.known(key), known.settings == settings else { return nil }
        return known.answer
    }

    static func keep(_ answer: Answer, for key: String, settings: AnswerSettings) {
        answers.keep((settings, answer), for: key)
    }
}
