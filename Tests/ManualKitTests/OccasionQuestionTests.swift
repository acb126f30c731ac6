import Testing
import TestSupport
@testable import ManualKit
@testable import ManualQuestion

/// "When should the engine oil be changed?" is answered by the sentence that says when (every 15,000 km or
/// 12 months), not by one that shares more of its words ("If you change the oil yourself, use SAE 0W-20").
@Suite(.serialized) struct OccasionQuestionTests {
    static let library = FixtureLibrary()

    @Test func aQuestionOpeningWithWhenAndAVerbAsksForAnOccasion() {
        #expect(QuestionTerms("When should the engine oil be changed?").asksForOccasion)
        #expect(QuestionTerms("When must the system be calibrated again?").asksForOccasion)
        #expect(QuestionTerms("when is the lubricant due for replacement").asksForOccasion)
        // "When" that sets the scene asks for something else.
        #expect(!QuestionTerms("When the light flashes, what should I do?").asksForOccasion)
        #expect(!QuestionTerms("What should I do when the light flashes?").asksForOccasion)
    }

    @Test func aSentenceSayingEveryOrWheneverStatesAnOccasion() {
        #expect(OccasionStatement.states("Change the engine oil and the oil filter every 15,000 km (10,000 miles) or every 12 months."))
        #expect(OccasionStatement.states("The system must be calibrated every time you adjust a tire pressure."))
        #expect(OccasionStatement.states("Descale the kettle about once a month, or whenever you can see white deposits."))
        #expect(OccasionStatement.states("Have the brake fluid replaced every two years."))
        #expect(!OccasionStatement.states("Every seat has a three-point belt."))
        #expect(!OccasionStatement.states("If you change the oil yourself, use SAE 0W-20 engine oil."))
    }

    @Test func whenToChangeTheOilIsAnsweredByTheInterval() throws {
        let answer = try Self.library.answer("When should the engine oil be changed?")
        #expect(answer.answer.hasPrefix("Change the engine oil and the oil filter every 15,000 km"), "\(answer.answer)")
        #expect(answer.citations.first?.page == 26)
    }
}
