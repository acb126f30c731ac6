import ManualIndex
/// What a question asks, read once from its words before anything is searched: retrieval and the answer
/// both read this value rather than each parsing the text again.
///
/// Two texts: what the user typed, and what retrieval searches (`QueryRewriter`: words the library never
/// uses become ones it does; "how wide is …" becomes "what is the width of …"). Terms and named options are
/// read from the searched text, so that they match what retrieval found; the kind of value asked for and the
/// attribute asked of something from the typed one, where the user's own words say it ("how wide", not
/// "width of").
public struct QuestionIntent: Sendable {
    /// The question as the user typed it.
    public let typed: String
    /// The question as retrieval searches it.
    public let text: String
    /// Its distinct terms, in the order asked, and what they ask for (`QuestionTerms`).
    package let terms: QuestionTerms
    /// The kind of value asked for, when the words name one unmistakably (`ExpectedValue`).
    package let expectedValue: ExpectedValue?
    /// The attribute asked of something: "accuracy" in "the accuracy of the AX2 input" (`AskedAttribute`).
    package let askedAttribute: String?
    /// The terms of what the question asks to have defined; empty unless it asks what something is or does.
    package let definedTerms: Set<String>
    /// The command-line options named as written ("-O"; `NamedOptions`).
    package let options: NamedOptions
    /// It asks about several manuals at once ("which of my manuals …", "in all guides").
    package let acrossManuals: Bool

    /// `text`: the question as searched, when retrieval rewrote what was `typed`.
    public init(typed: String, text: String? = nil) {
        let searched = text ?? typed
        self.typed = typed
        self.text = searched
        terms = QuestionTerms(searched)
        expectedValue = ExpectedValue.asked(in: searched, typed: typed)
        askedAttribute = AskedAttribute.term(in: typed)
        definedTerms = Definition.askedTerms(in: searched)
        options = NamedOptions(searched)
        let lowered = searched.lowercased()
        acrossManuals = lowered.contains("manuals") || lowered.contains("which manual") || lowered.contains("guides")
    }

    /// The question as the user typed it, with the words `store`'s library never uses rewritten.
    public static func read(_ question: String, store: Store) throws -> QuestionIntent {
        QuestionIntent(typed: question, text: try QueryRewriter(store: store).rewrite(question))
    }
}
