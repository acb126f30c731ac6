import Testing
import TestSupport
@testable import ManualKit

/// Asked for a kind of value of something, the sentences stating one beside the word it is asked of lead
/// (`ExpectedValue.subjectTerm`), and a heading's words stand beside the sentences under it.
@Suite(.serialized) struct ValueSubjectTests {
    static let library = FixtureLibrary()

    /// "22 °C is a comfortable setting" stands under "2.5 Climate Control"; the oil page's "In very cold
    /// climates … down to approx. −35 °C" holds the word itself, in another sense.
    @Test func aHeadingNamesWhatTheValuesBelowItAreOf() throws {
        let answer = try Self.library.library.ask("What temperature should I set the climate control to?", record: false).answer
        #expect(answer.answer.hasPrefix("Press AUTO and set the temperature with the rotary knob; 22 °C"), "\(answer.answer)")
        #expect(answer.citations.first?.page == 15, "\(answer.citations)")
    }
}
