import Testing
import TestSupport
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex

/// A quoted sentence that runs over a page break cites both pages: the words asked about may stand on the
/// second ("Clean the interior with a vacuum cleaner and a damp cloth;" ends p. 32, "dashboard surfaces and
/// the touch screen should be wiped with a soft dry cloth only." opens p. 33).
@Suite(.serialized) struct PageBreakCitationTests {
    static let library = FixtureLibrary()

    @Test func theMarkerNamesBothPages() {
        let text = AnswerText.compose([Sentence(text: "One page.", page: 12),
                                       Sentence(text: "Runs over.", page: 32, lastPage: 33)], document: "Tern")
        #expect(text == "One page. [Tern p. 12] Runs over. [Tern pp. 32-33]")
    }

    @Test func theCitationAndTheSourcePagesHoldTheLastPageAndItsLabel() throws {
        let answer = try Self.library.library.ask("How should I clean the touch screen?", record: false).answer
        let citation = try #require(answer.citations.first)
        #expect(citation.page == 32 && citation.label == "26", "\(citation)")
        #expect(citation.lastPage == 33 && citation.lastLabel == "27", "\(citation)")
        #expect(citation.pages == 32...33)
        #expect(answer.answer.hasSuffix("soft dry cloth only. [Northwind Tern 2024 pp. 32-33]"), "\(answer.answer)")
        #expect(answer.sourcePages.map(\.page).prefix(2) == [32, 33], "\(answer.sourcePages)")
    }
}
