import Testing
import TestSupport
@testable import ManualKit

/// A question whose words only a specification row holds is answered from that row, though the hybrid
/// ranks the long table below pages that share one everyday word with the question.
@Suite(.serialized) struct KeywordBestMatchTests {
    static let library = FixtureLibrary()

    @Test func aRowTheHybridRanksLowStillAnswersWhenTheListDoesNotHoldTheQuestion() throws {
        // The five best results say "turn" (wheel nuts, cruise control, the light stalk); only the
        // specification table on p. 39 says "turning circle", and its mean vector reads far from the question.
        let result = try Self.library.library.ask("What is the turning circle?", record: false)
        let answer = result.answer
        #expect(answer.confidence != .none, "\(answer.answer)")
        #expect(answer.answer.contains("Turning circle (kerb to kerb) | 10.6 m"), "\(answer.answer)")
        #expect(answer.citations.first?.page == 39 && answer.citations.first?.label == "33", "\(answer.citations)")
        #expect(!answer.results.prefix(5).contains { $0.firstPage == 39 },
                "the table should rank below the list, or this test no longer shows the rescue")
    }

    @Test func aQuestionTheManualDoesNotCoverIsStillDeclined() throws {
        // "turning" is everywhere in the car's manual and "radius" nowhere: nothing holds the question.
        let answer = try Self.library.library.ask("What is the turning radius of the steering rack?", record: false).answer
        #expect(answer.confidence == .none, "\(answer.answer)")
        #expect(answer.citations.isEmpty)
    }
}
