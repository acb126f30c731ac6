import Testing
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex

/// A question naming a model by its code ("SOLA-330") is answered from what the manual says of that model,
/// not from a general passage that shares more of its everyday words (`NamedModel`).
@Suite struct NamedModelTests {
    private func result(_ id: Int64, _ sentences: [Sentence], path: [String], relevance: Double) -> SearchResult {
        SearchResult(chunkID: id, documentID: 1, documentTitle: "UPS cables", fileName: "cables.pdf",
                     chunk: Chunk(ordinal: Int(id), sentences: sentences, headingPath: path, vector: [0.6, 0.8]),
                     keywordScore: 1, semanticScore: 1, relevance: relevance, matchType: .hybrid)
    }

    private var cables: SearchResult {
        result(1, [
            Sentence(text: "3.3 SOLA-330", page: 10, kind: .heading),
            Sentence(text: "Just uses a normal serial cable, with pin 1-1 through to 9-9.", page: 10),
        ], path: ["3 Cables", "3.3 SOLA-330"], relevance: 0.9)
    }

    private var general: SearchResult {
        result(2, [
            Sentence(text: "Only one computer can be connected to the serial port of a typical UPS, and that computer is the primary.", page: 17),
        ], path: ["Monitoring"], relevance: 0.8)
    }

    @Test func theSentencesUnderTheModelsHeadingLead() {
        let answer = AnswerGenerator().answer(question: "How should I connect a SOLA-330 UPS to my computer's serial port?",
                                              results: [cables, general], libraryTopics: [])
        #expect(answer.answer.hasPrefix("Just uses a normal serial cable"), "\(answer.answer)")
        #expect(answer.citations.first?.page == 10)
    }

    @Test func withoutTheCodeTheSentenceSharingMoreWordsLeads() {
        // The same question without the model's name: the general sentence holds more of it, and leads.
        let answer = AnswerGenerator().answer(question: "How should I connect a UPS to my computer's serial port?",
                                              results: [cables, general], libraryTopics: [])
        #expect(answer.answer.hasPrefix("Only one computer can be connected"), "\(answer.answer)")
    }

    @Test func aCodeIsLettersThenDigitsNotAMeasurement() {
        let weights = TermWeights(terms: ["connect", "sola330", "3.3v"], weights: ["connect": 1, "sola330": 3, "3.3v": 3])
        #expect(NamedModel.asked(by: weights) == "sola330")
        // A word of the question rarer than the code: the code is what the whole manual is about.
        let common = TermWeights(terms: ["boot", "pdp11"], weights: ["boot": 3, "pdp11": 1])
        #expect(NamedModel.asked(by: common) == nil)
    }
}
