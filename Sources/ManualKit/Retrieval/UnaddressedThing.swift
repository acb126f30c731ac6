/// A thing a "How do I …?" question names word for word, which the library names too, but only in passages
/// that do not say how to do what is asked: a question about operating a piece of optional equipment ("how
/// do I switch on the seat cooling") of a manual that names that equipment only in its list of equipment
/// sold in some markets and in its fuse table.
///
/// Retrieval then finds passages close to the question's other words ("switch", "seat": a procedure's
/// "Switch off the engine before adjusting the seat"), and the answer would quote them at `medium`. When the
/// passages the answer reads (`AnswerSettings.passagesConsidered`) do not name the thing, and no sentence of
/// the library that names it names the action too, the library does not say how: the question is declined.
/// A thing named in a passage the answer reads, or in a sentence with the action's verb, declines nothing;
/// neither does one the library never names word for word (a paraphrase's "tyres" for "tires").
public struct UnaddressedThing: Sendable, Equatable {
    /// The thing as the question names it ("seat cooling").
    public let thing: String
    /// The action as asked, its particle after the object: "turn it on", "replace it".
    public let action: String

    /// Phrases of fewer words are too common to say a passage is about something else ("the filter").
    static let minimumWords = 2

    /// A thing named in more chunks than this is a topic of the library: reading them all to be sure none says
    /// how would cost more than the question, and the answer is left to the passages found.
    static let chunkLimit = 100

    /// The thing `question` asks how to act on, when it is named by the library (the manuals `named`, or the
    /// one `filter` restricts to, when there are such) but neither in the first `considered` of `results` nor in
    /// any sentence naming the action. Nil otherwise, or when the question asks no action on a named thing.
    static func find(in question: String, results: [SearchResult], considered: Int, named: NamedDocuments?,
                     filter: SearchFilter, store: Store) throws -> UnaddressedThing? {
        guard let action = AskedAction(words: QuestionTerms.askingClause(question)),
              action.objectPhrase.count >= minimumWords else { return nil }
        let thing = action.objectPhrase.joined(separator: " ")
        let matcher = PhraseMatcher(thing)
        // A section titled by the thing is about it, whatever its sentences call it.
        func namesInHeading(_ chunk: Chunk) -> Bool { matcher.occurs(in: chunk.headingPath.joined(separator: " ")) }
        func naming(_ chunk: Chunk) -> [Sentence] { chunk.sentences.filter { matcher.occurs(in: $0.text) } }
        if results.prefix(considered).contains(where: { namesInHeading($0.chunk) || !naming($0.chunk).isEmpty }) { return nil }
        let found = try store.chunks(matchingPhrase: thing, in: filter.documents(named: named), filter: filter,
                                     limit: chunkLimit).map(\.chunk)
        guard found.count < chunkLimit else { return nil }
        if found.contains(where: namesInHeading) { return nil }
        let sentences = found.flatMap(naming)
        guard !sentences.isEmpty else { return nil }
        let verbTerms = action.verbTerms
        if sentences.contains(where: { sentence in verbTerms.allSatisfy(Set(TermsMemo.terms(sentence.text)).contains) }) {
            return nil
        }
        return UnaddressedThing(thing: thing, action: ([action.verb, "it"] + (action.particle.map { [$0] } ?? [])).joined(separator: " "))
    }
}
