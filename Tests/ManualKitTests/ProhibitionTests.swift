import Testing
import TestSupport
@testable import ManualKit

/// "How do I use cruise control?" is answered by how to use it, not by the warning not to use it in
/// heavy traffic, which holds every word of the question.
@Suite(.serialized) struct ProhibitionTests {
    static let library = FixtureLibrary()

    @Test func howToUseSomethingLeadsWithTheInstructionNotTheWarning() throws {
        let answer = try Self.library.library.ask("How do I use cruise control?", record: false).answer
        #expect(answer.answer.hasPrefix("Press the cruise control button on the right spoke of the steering wheel"), "\(answer.answer)")
        #expect(answer.citations.first?.page == 19, "\(answer.citations)")
    }
}
