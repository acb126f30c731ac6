import Testing
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex

/// A number the question writes itself ("Gutenprint 5.2") is what it asks about, not the amount it asks for.
@Suite struct QuestionNumberTests {
    @Test func numbersAreReadAsWritten() {
        #expect(SentenceShape.numbers(in: "Gutenprint 5.2 requires CUPS 1.1.9 or higher.") == ["5.2", "1.1.9"])
        #expect(SentenceShape.numbers(in: "every 15,000 km, or rastertogutenprint.5.2.") == ["15,000", "5.2"])
        #expect(SentenceShape.numbers(in: "MC_2 and PDP11 hold none") == [])
    }

    @Test func aSentenceRepeatingOnlyTheQuestionsNumberStatesNoAmount() {
        let sentences = [
            Sentence(text: "If any Gutenprint numbered 5.2 is installed, you do not need to reinstall your CUPS queues when you upgrade.", page: 22),
            Sentence(text: "Gutenprint 5.2 requires CUPS 1.1.9 or higher.", page: 12),
        ]
        let answer = OnePassage.answer("What is the minimum CUPS version that Gutenprint 5.2 needs?", from: sentences,
                                       path: ["2 Installation"])
        #expect(answer.answer.hasPrefix("Gutenprint 5.2 requires CUPS 1.1.9 or higher."), "\(answer.answer)")
    }
}
