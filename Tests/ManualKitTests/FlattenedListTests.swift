import Testing
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex

/// A table or list that the text layer gives as one run-on "sentence" names things and states nothing
/// about them: the sentence that answers leads it.
@Suite struct FlattenedListTests {
    private func result(_ id: Int64, _ text: String, page: Int, path: [String], relevance: Double) -> SearchResult {
        SearchResult(chunkID: id, documentID: 1, documentTitle: "Simulator", fileName: "simulator.pdf",
                     chunk: Chunk(ordinal: Int(id), sentences: [Sentence(text: text, page: page)], headingPath: path, vector: [0.6, 0.8]),
                     keywordScore: 1, semanticScore: 1, relevance: relevance, matchType: .hybrid)
    }

    @Test func aListReadAsOneRunOnSentenceStatesNothing() {
        let devices = "RQDX3/UDA50 MSCP controller with four drives second RQDX3/UDA50 MSCP controller with four drives "
            + "third RQDX3/UDA50 MSCP controller with four drives TM11/TU10 magnetic tape controller with eight drives "
            + "TS11/TSV05 magnetic tape controller with one drive"
        let note = "For example, the PDP-11 can support either a TM11 or a TS11, but not both, since they use the same I/O addresses."
        #expect(SentenceShape.isFlattenedList(devices))
        #expect(!SentenceShape.isFlattenedList(note))
        let answer = AnswerGenerator().answer(
            question: "Can a TM11 and a TS11 be configured at the same time?",
            results: [result(1, devices, page: 4, path: ["1 Simulator Features"], relevance: 1),
                      result(2, note, page: 10, path: ["1 Simulator Features", "1.2 Autoconfiguration"], relevance: 0.9)],
            libraryTopics: [])
        #expect(answer.answer.hasPrefix("For example, the PDP-11 can support either a TM11 or a TS11"), "\(answer.answer)")
    }
}
