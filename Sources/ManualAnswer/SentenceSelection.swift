/// The sentences an answer quotes, and the ones its evidence rests on.
struct SentenceSelection {
    /// The quoted sentences in reading order.
    let quoted: [SentenceRef]
    /// The best-scoring sentence. It may be left out of the quote when it only introduces a table or list
    /// too long to quote with it, yet its words still say what the quoted rows or steps answer.
    let anchor: SentenceRef
    /// The best sentence of each other manual that would have joined the answer had it been in the
    /// anchor's manual: where else the library says something about the question ("Also in").
    var alsoIn: [SentenceRef] = []
    /// The page a procedure cut at `AnswerSettings.maxSteps` goes on from, when it was cut.
    var continuesOn: Int?

    /// Sentences whose terms count toward the answer's coverage.
    var evidence: [SentenceRef] { quoted.contains(anchor) ? quoted : quoted + [anchor] }
}
