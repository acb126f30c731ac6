import ManualIndex
/// What the answer stage reads of the library beside the passages retrieval found: how rare each word is,
/// which words and names it holds, what its manuals are called, and what it can offer next. `ManualLibrary`
/// fills it in; every part has a default, so an answer can be built from passages alone.
public struct AnswerContext {
    /// Top-level headings of the library, offered as follow-ups when nothing matches; read only for such an answer.
    public var libraryTopics: () -> [String] = { [] }
    /// Weighs the question's terms for the no-answer guardrail and the confidence; empty weighs them by
    /// rarity among the results.
    public var libraryIDF: [String: Double] = [:]
    /// The question's terms that no chunk of the library contains: they never count for or against coverage,
    /// and a name among them (`UnknownName`) means the library does not cover the question, unless it is in
    /// `documentNameTerms` (a manual's title, file name, make or model holds it).
    public var unknownTerms: Set<String> = []
    public var documentNameTerms: Set<String> = []
    /// The manuals the question names by their own name, with the question's terms that name each: every
    /// passage of such a manual holds them, though a page of it may never write the manual's name.
    public var namedDocuments: [Int64: Set<String>] = [:]
    /// What page markers call each manual (`DocumentShortName.markerNames`), given when the library holds
    /// several; nil leaves markers unnamed.
    public var markerNames: [Int64: String]? = nil
    /// The retriever's, so sentences are chosen by meaning as well as by words (`SentenceScorer`).
    public var embedder: StaticEmbedder? = nil
    /// The manuals' outlines and which questions the library answers; nil makes follow-ups the nearest
    /// unquoted headings, unchecked.
    public var followUps: FollowUpSource? = nil

    public init() {}
}
