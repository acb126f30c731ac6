/// The distinct terms of a question, in the order asked.
struct QuestionTerms {
    /// Every distinct term `TextAnalyzer` keeps from the question.
    let all: [String]

    /// Words people phrase questions with ("what does the manual say about…") that name no topic.
    /// They count only where the retrieved text itself uses them, as in "manual transmission".
    static let phrasingTerms: Set<String> = Set([
        "manual", "guide", "handbook", "say", "says", "explain", "describe", "mean", "means",
        "know", "find", "need", "want", "show", "recommend", "recommended", "proper", "correct",
    ].flatMap(TextAnalyzer.terms))

    /// Words that ask for an interval rather than name a topic ("how often…"): the answer says "every
    /// 15,000 km", so a sentence that merely contains "often" ("twice as often") is no better for it.
    static let askingTerms: Set<String> = Set(["often", "frequently", "frequency"].flatMap(TextAnalyzer.terms))

    init(_ question: String) {
        var seen = Set<String>()
        all = TextAnalyzer.terms(question).filter { seen.insert($0).inserted }
    }

    /// The terms evidence is judged on: all of them, less phrasing words that `present` does not contain.
    func effective(present: Set<String>) -> [String] {
        all.filter { !QuestionTerms.askingTerms.contains($0)
            && (!QuestionTerms.phrasingTerms.contains($0) || present.contains($0)) }
    }

    /// True when every term of `text` is one of the question's, i.e. it names what was asked.
    func isSameTopic(as text: String) -> Bool {
        let topic = TextAnalyzer.terms(text)
        return !topic.isEmpty && topic.allSatisfy(all.contains)
    }
}
