import Testing
import TestSupport
@testable import ManualKit
@testable import ManualQuestion

/// "How long …?" asks for a time or a length: its "long" names no topic.
@Suite struct HowLongTests {
    @Test func theLongOfHowLongIsNotATopicTerm() {
        #expect(QuestionTerms("How long is the powertrain warranty?").effective(present: ["long", "powertrain", "warranti"])
                == ["powertrain", "warranti"])
        // Elsewhere "long" may name what is asked about.
        #expect(QuestionTerms("What does a long press of the button do?").effective(present: ["long", "press", "button"])
                .contains("long"))
    }

    @Test func theWarrantyAnswerIsJudgedOnTheWarrantyNotOnLong() throws {
        // "long" is not in the quoted item, which states the period asked for: as a term it would count as
        // missing and keep a right answer at `medium`.
        let answer = try FixtureLibrary().library.ask("How long is the powertrain warranty?", record: false).answer
        #expect(answer.answer.hasPrefix("• Powertrain coverage: 5 years or 150,000 km"), "\(answer.answer)")
        #expect(answer.citations.first?.page == 44)
        #expect(answer.confidence == .high, "\(answer.confidence)")
    }
}
