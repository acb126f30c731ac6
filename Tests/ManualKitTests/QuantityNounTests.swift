import Testing
@testable import ManualKit
@testable import ManualIndex
@testable import ManualQuestion

/// A question naming a physical quantity asks for an amount of it, whatever its phrasing: "Up to what
/// capacitance …", "What amplitudes …" (`QuestionTerms.quantityWords`).
@Suite struct QuantityNounTests {
    @Test func aQuantityNamedAsksForAnAmountOfIt() {
        let capacitance = QuestionTerms("Up to what capacitance does IN1 measure accurately?")
        #expect(capacitance.asksForQuantity)
        #expect(capacitance.quantitiesNamed == Set(TextAnalyzer.terms("capacitance")))
        #expect(QuestionTerms("What amplitudes can the sine wave generator output?").asksForQuantity)
        #expect(!QuestionTerms("What does the IN1 terminal do?").asksForQuantity)
    }

    @Test func theSentenceStatingTheAmountLeadsTheOneNamingTheTopic() {
        let answer = OnePassage.answer("Up to what capacitance does IN1 measure accurately?", from: [
            Sentence(text: "Capacitance meter IN1:", page: 9, kind: .heading),
            Sentence(text: "Capacitance connected between IN1 and Ground can be measured.", page: 9),
            Sentence(text: "It works better for lower capacitance values, upto 10 nanoFarads, results may not be very accurate beyond that.", page: 9),
        ], path: ["External connections"], title: "expEYES-17", file: "eyes17.pdf")
        #expect(answer.answer.hasPrefix("It works better for lower capacitance values, upto 10 nanoFarads"), "\(answer.answer)")
    }
}
