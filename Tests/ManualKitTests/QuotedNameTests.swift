import Testing
@testable import ManualKit

/// A word the question quotes is what it asks about (`QuotedName`).
@Suite struct QuotedNameTests {
    @Test func aQuotedWordIsFoundAndAnApostropheOpensNoQuote() {
        #expect(QuotedName.terms(in: "What does a battery.charger.status value of 'floating' mean?") == ["float"])
        #expect(QuotedName.terms(in: "What does “LB” stand for on the display?") == ["lb"])
        #expect(QuotedName.terms(in: "What's the charger's status when it doesn't charge?") == nil)
        #expect(QuotedName.terms(in: "What does \"a very long phrase of many words here\" mean?") == nil)
        #expect(QuotedName.terms(in: "What does 'floating mean?") == nil)
    }

    @Test func whatAQuotedValueMeansIsAskedOfTheValue() {
        #expect(Definition.askedTerms(in: "What does a battery.charger.status value of 'floating' mean?") == ["float"])
        #expect(QuestionTerms("What does a battery.charger.status value of 'floating' mean?").definesQuoted)
        #expect(!QuestionTerms("What does CIDER mean?").definesQuoted)
    }

    @Test func theEntryDefiningTheQuotedValueLeadsTheVariablesRow() {
        func result(_ id: Int64, _ sentences: [Sentence], path: [String], relevance: Double) -> SearchResult {
            SearchResult(chunkID: id, documentID: 1, documentTitle: "UPS tools", fileName: "ups.pdf",
                         chunk: Chunk(ordinal: Int(id), sentences: sentences, headingPath: path, vector: [0.6, 0.8]),
                         keywordScore: 1, semanticScore: 1, relevance: relevance, matchType: .hybrid)
        }
        let table = result(1, [
            Sentence(text: "Name | Description | Example value", page: 76, kind: .tableRow),
            Sentence(text: "battery.charger.status | Status of the battery charger (see the note below) | charging", page: 76, kind: .tableRow),
        ], path: ["Variables", "Battery"], relevance: 1)
        let note = result(2, [
            Sentence(text: "The battery.charger.status can have one of the following values:", page: 77),
            Sentence(text: "• charging: battery is charging,", page: 77, kind: .listItem),
            Sentence(text: "• floating: battery has completed its charge cycle, and waiting to go to resting mode,", page: 77, kind: .listItem),
        ], path: ["Variables", "Battery"], relevance: 0.9)
        let answer = AnswerGenerator().answer(question: "What does a battery.charger.status value of 'floating' mean?",
                                              results: [table, note], libraryTopics: [])
        #expect(answer.answer.hasPrefix("• floating: battery has completed its charge cycle"), "\(answer.answer)")
        #expect(answer.citations.first?.page == 77)
    }
}
