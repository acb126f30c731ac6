import ManualQuestion
/// The form of answer a question asks for, when its words say so: an occasion ("When must …?"), a place ("Where
/// is …?": `PlaceStatement`), a way to leave something out ("… without reading my startup file":
/// `AvoidanceStatement`), a sign ("How can I tell that …?": `SignStatement`), a kind of value ("How heavy
/// …?", "How many watts …?"), or, for a fault the question reports, a troubleshooting entry's statement of that
/// problem ("Problem: after flashing a firmware that reduces the target's clock
/// speed, further ISP connection attempts fail").
///
/// A sentence having the form has a direct answer's shape (`SentenceScorer`). An answer that passes the
/// guardrail by closeness in meaning alone is `low` (`EvidenceScore`), for few of the question's words vouch
/// for it, unless its leading sentence has the form: a second witness, of a different kind. "The system must
/// be calibrated every time you adjust a tire pressure" for "When must the thing that notices flat wheels be
/// reset?" says *when*, as asked, in a passage close in meaning.
struct AnswerForm {
    let asksForOccasion: Bool
    let asksForPlace: Bool
    let asksForSign: Bool
    /// The terms of what the question asks to leave out, nil when it asks for nothing left out.
    let avoidedTerms: Set<String>?
    let expectedValue: ExpectedValue?
    let reportsProblem: Bool

    init(terms: QuestionTerms, expectedValue: ExpectedValue?) {
        asksForOccasion = terms.asksForOccasion
        asksForPlace = terms.asksForPlace
        asksForSign = terms.asksForSign
        avoidedTerms = terms.avoidedTerms
        self.expectedValue = expectedValue
        reportsProblem = terms.reportsProblem
    }

    /// True when the question asks to leave something out and the sentence at `index` of `passage` says how a thing
    /// is not done, of what the question names (`AvoidanceStatement`).
    func avoids(_ passage: AnalysedPassage, at index: Int) -> Bool {
        guard let avoidedTerms else { return false }
        return AvoidanceStatement.states(passage.sentences[index].text)
            && AvoidanceStatement.concerns(passage.sentenceTerms[index], avoided: avoidedTerms)
    }

    /// True when the question asks for a form and the sentence at `index` of `passage` has it.
    func isAnswered(by passage: AnalysedPassage, at index: Int) -> Bool {
        let sentence = passage.sentences[index]
        if asksForOccasion, OccasionStatement.states(sentence.text) { return true }
        if asksForPlace, PlaceStatement.states(sentence.text) { return true }
        if avoids(passage, at: index) { return true }
        // A step that goes on until something flashes says what to do, not how to tell.
        if asksForSign, !passage.isStep[index], SignStatement.states(sentence.text) { return true }
        if reportsProblem, passage.isProblem[index] { return true }
        if let expectedValue, expectedValue.isStated(in: sentence.text, terms: passage.sentenceTerms[index]) { return true }
        return false
    }
}
