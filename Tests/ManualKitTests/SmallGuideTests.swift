import Testing
import TestSupport
@testable import ManualKit

/// A library of one short guide (the weather radio's, eight pages, three chunks): the phrasing and
/// everyday words of a question are often in none of its chunks.
@Suite(.serialized) struct SmallGuideTests {
    static let library = FixtureLibrary([Fixtures.radioGuide])

    @Test func aPhrasingWordNoChunkHoldsDoesNotSinkTheQuestion() throws {
        // "go" is in no chunk: as the rarest term it outweighed "antenna" and put every chunk under the
        // evidence floor, so the question was declined.
        let antenna = try Self.library.answer("Where does the antenna go?")
        #expect(antenna.confidence != .none, "\(antenna.answer)")
        #expect(antenna.citations.first?.page == 3, "\(antenna.citations)")
        #expect(antenna.answer.contains("antenna"), "\(antenna.answer)")
    }

    @Test func anOwnersWordForTheComputerIsTheGuidesWord() throws {
        // The guide says "computer", never "PC": the question was declined as naming something no manual mentions.
        let scan = try Self.library.answer("How do I scan the FM band from my PC?")
        #expect(scan.confidence != .none, "\(scan.answer)")
    }
}
