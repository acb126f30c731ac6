import Foundation
import Testing
import TestSupport
@testable import ManualKit

/// A row quoted from a table comes under the header that says what its columns are, and never under a row
/// of data taken for one.
@Suite struct TableHeaderTests {
    private func rows(_ texts: [String], kinds: [SentenceKind]? = nil) -> [Sentence] {
        texts.enumerated().map { Sentence(text: $0.element, page: 42, kind: kinds?[$0.offset] ?? .tableRow) }
    }

    @Test func theHeaderIsTheFirstRowWithoutNumbers() {
        let table = rows(["Axle and load | kPa | bar | psi", "Front, normal load | 230 | 2.3 | 33"])
        #expect(SentenceSelector.headerRow(of: 0..<2, in: table) == 0)
        // A chunk that begins inside the table has no header to quote.
        let inside = rows(["1 | 100 A | Main fuse, charging system", "7 | 10 A | Horn"])
        #expect(SentenceSelector.headerRow(of: 0..<2, in: inside) == nil)
        // A group label parts the rows from their header.
        let grouped = rows(["No. | Rating | Circuit", "Engine compartment fuse box", "1 | 100 A | Main fuse", "7 | 10 A | Horn"],
                           kinds: [.tableRow, .body, .tableRow, .tableRow])
        #expect(SentenceSelector.headerRow(of: 2..<4, in: grouped) == 0)
    }

    @Test func askedForOneFuseTheAnswerIsItsRowNotTheFirstRowOfTheTable() throws {
        // The fixture's fuse table (p. 42): its header and the label "Engine compartment fuse box" stand
        // apart from the rows, and the main fuse's row was quoted above the horn's as if it were the header.
        let library = FixtureLibrary()
        let horn = try library.library.ask("How many amps is the fuse for the horn?", record: false).answer
        #expect(horn.answer.hasPrefix("7 | 10 A | Horn"), "\(horn.answer)")
        #expect(!horn.answer.contains("Main fuse"), "\(horn.answer)")
    }
}
