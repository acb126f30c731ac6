import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex

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
        // A key described in a phrase is a row of data: a header's cells are labels.
        let keys = rows(["TAB | complete a command or variable name", "history -w [file] | write history to file"])
        #expect(SentenceSelector.headerRow(of: 0..<2, in: keys) == nil)
        let labels = rows(["mode | input characters | output characters", "7B | high-order bit cleared | high-order bit cleared"])
        #expect(SentenceSelector.headerRow(of: 0..<2, in: labels) == 0)
    }

    @Test func askedForOneFuseTheAnswerIsItsRowNotTheFirstRowOfTheTable() throws {
        // The fixture's fuse table (p. 42): its header and the label "Engine compartment fuse box" stand
        // apart from the rows, and the main fuse's row was quoted above the horn's as if it were the header.
        let library = FixtureLibrary()
        let horn = try library.library.ask("How many amps is the fuse for the horn?", record: false).answer
        #expect(horn.answer.hasPrefix("7 | 10 A | Horn"), "\(horn.answer)")
        #expect(!horn.answer.contains("Main fuse"), "\(horn.answer)")
    }

    @Test func aHeaderLeftOnThePageBeforeDoesNotLeadTheRow() {
        // NUT's variable table runs over a page break: its header is the last line of p. 76, the row asked
        // about is on p. 77. Quoted first, the header's marker sent the reader to a page without the row.
        let sentences = [
            Sentence(text: "Name | Description | Example value", page: 76, kind: .tableRow),
            Sentence(text: "battery.charge.low | Remaining battery level when UPS switches to LB (percent) | 10", page: 77, kind: .tableRow),
            Sentence(text: "battery.runtime.low | Remaining battery runtime when UPS switches to LB (seconds) | 180", page: 77, kind: .tableRow),
        ]
        let passage = SearchResult(chunkID: 1, documentID: 1, documentTitle: "UPS Tools", fileName: "ups.pdf",
                                   chunk: Chunk(ordinal: 0, sentences: sentences, headingPath: ["Battery variables"], vector: [0.6, 0.8]),
                                   keywordScore: 1, semanticScore: 1, relevance: 0.8, matchType: .hybrid)
        let answer = AnswerGenerator().answer(question: "What is battery.runtime.low?", results: [passage], libraryTopics: [])
        #expect(answer.answer.hasPrefix("battery.runtime.low | "), "\(answer.answer)")
        #expect(answer.citations.map(\.page) == [77], "\(answer.citations)")
        // On one page, the header leads as before.
        var samePage = sentences
        samePage[0].page = 77
        let passageOnOnePage = SearchResult(chunkID: 1, documentID: 1, documentTitle: "UPS Tools", fileName: "ups.pdf",
                                            chunk: Chunk(ordinal: 0, sentences: samePage, headingPath: ["Battery variables"], vector: [0.6, 0.8]),
                                            keywordScore: 1, semanticScore: 1, relevance: 0.8, matchType: .hybrid)
        let onOnePage = AnswerGenerator().answer(question: "What is battery.runtime.low?", results: [passageOnOnePage], libraryTopics: [])
        #expect(onOnePage.answer.hasPrefix("Name | Description | Example value"), "\(onOnePage.answer)")
    }
}
