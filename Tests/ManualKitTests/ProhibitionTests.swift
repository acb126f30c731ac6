import Testing
import TestSupport
@testable import ManualKit

/// "How do I use cruise control?" is answered by how to use it, not by the warning not to use it in
/// heavy traffic, which holds every word of the question.
@Suite(.serialized) struct ProhibitionTests {
    static let library = FixtureLibrary()

    @Test func aProhibitionIsToldFromAnInstruction() {
        #expect(SentenceShape.forbids("WARNING Do not use cruise control in heavy traffic."))
        #expect(SentenceShape.forbids("Do not open the bonnet until the steam has stopped."))
        #expect(SentenceShape.forbids("Never fasten a belt around a child on a lap."))
        #expect(SentenceShape.forbids("CAUTION: Don't overfill the kettle."))
        #expect(!SentenceShape.forbids("Press the cruise control button on the right spoke."))
        #expect(!SentenceShape.forbids("Do the check every month."))
        #expect(!SentenceShape.forbids("CAUTION The spark plug gap of iridium plugs must not be adjusted."))
    }

    @Test func howToUseSomethingLeadsWithTheInstructionNotTheWarning() throws {
        let answer = try Self.library.library.ask("How do I use cruise control?", record: false).answer
        #expect(answer.answer.hasPrefix("Press the cruise control button on the right spoke of the steering wheel"), "\(answer.answer)")
        #expect(answer.citations.first?.page == 19, "\(answer.citations)")
    }
}
