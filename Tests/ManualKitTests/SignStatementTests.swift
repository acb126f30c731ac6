import Testing
@testable import ManualKit
@testable import ManualIndex
@testable import ManualQuestion

/// "How can I tell that the alarm is on?" asks for a sign, answered by "A bell symbol on the display shows
/// that the alarm is set", not by the steps of setting the alarm (`SignStatement`).
@Suite struct SignStatementTests {
    private func words(_ question: String) -> [String] {
        question.lowercased().split { !$0.isLetter }.map(String.init)
    }

    @Test func howCanITellAsksForASign() {
        #expect(SignStatement.isAsked(in: words("How can I tell that the alarm is on?")))
        #expect(SignStatement.isAsked(in: words("How do I know if a version is a development release?")))
        #expect(!SignStatement.isAsked(in: words("How do I tell it how hard my water is?")), "to tell it is to instruct it")
        #expect(!SignStatement.isAsked(in: words("How do I set the alarm?")))
        #expect(!QuestionTerms("How can I tell that the alarm is on?").asksForSteps)
        #expect(QuestionTerms("How can I set the alarm?").asksForSteps)
    }

    @Test func aSentenceShowingOrMeaningAStateGivesItsSign() {
        #expect(SignStatement.states("A bell symbol on the display shows that the alarm is set."))
        #expect(SignStatement.states("The charging light turns green when the battery is full."))
        #expect(SignStatement.states("If the middle number is odd, it's a development tree."))
        #expect(!SignStatement.states("Turn the TUNE knob to set the hour, then press ALARM."))
    }

    @Test func theSignLeadsTheStepsThatShareTheQuestionsWords() {
        let answer = OnePassage.answer("How can I tell that the alarm is on?", from: [
            Sentence(text: "3 Setting the Alarm", page: 5, kind: .heading),
            Sentence(text: "To set the alarm:", page: 5),
            Sentence(text: "1. Press and hold the ALARM button until the alarm time flashes.", page: 5, kind: .listItem),
            Sentence(text: "2. Press ALARM once more to save the alarm.", page: 5, kind: .listItem),
            Sentence(text: "A bell symbol on the display shows that the alarm is set.", page: 5),
        ], path: ["3 Setting the Alarm"], title: "Weather Radio", file: "radio.pdf")
        #expect(answer.answer.hasPrefix("A bell symbol on the display shows that the alarm is set."), "\(answer.answer)")
    }
}
