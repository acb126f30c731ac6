import Testing
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex
@testable import ManualQuestion

/// The form a question asks its answer to have (`AnswerForm`): what lifts an answer close in meaning from `low`.
@Suite struct AnswerFormTests {
    private let passage = AnalysedPassage(position: 0, result: OnePassage.result([
        Sentence(text: "• Problem: after flashing a firmware that reduces the target's clock speed, further ISP connection attempts fail.", page: 60),
        Sentence(text: "Solution: lower the ISP clock frequency with -B.", page: 60),
        Sentence(text: "Check the connection every 12 months.", page: 60),
        Sentence(text: "The adapter weighs 120 g.", page: 60),
    ], path: ["Troubleshooting"], title: "AVRDUDE", file: "avrdude.pdf"))

    private func form(_ question: String) -> AnswerForm {
        AnswerForm(terms: QuestionTerms(question), expectedValue: ExpectedValue.asked(in: question))
    }

    @Test func aFaultReportIsAnsweredInFormByTheEntryStatingItsProblem() {
        let fault = form("After I uploaded a slower firmware my programmer can't talk to the chip anymore")
        #expect(fault.isAnswered(by: passage, at: 0))
        #expect(!fault.isAnswered(by: passage, at: 1), "the solution states no problem")
        #expect(!form("What does the ISP clock do?").isAnswered(by: passage, at: 0), "no fault reported")
    }

    @Test func whenIsAnsweredByAnOccasionAndHowHeavyByAWeight() {
        #expect(form("When should the connection be checked?").isAnswered(by: passage, at: 2))
        #expect(!form("When should the connection be checked?").isAnswered(by: passage, at: 3))
        #expect(form("How heavy is the adapter?").isAnswered(by: passage, at: 3))
        #expect(!form("How heavy is the adapter?").isAnswered(by: passage, at: 2))
    }
}
