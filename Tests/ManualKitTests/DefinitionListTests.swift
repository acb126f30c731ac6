import Testing
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex

/// GNU manuals print option and parameter tables as definition lists: an item line in quotes
/// ("‘section_config’"), then the text that says what it does. The item names the topic; the
/// description is the answer, and the two are quoted together.
@Suite struct DefinitionListTests {
    @Test func anItemLineIsATermAloneInQuotes() {
        #expect(SentenceShape.namesTerm(Sentence(text: "‘section_config’", page: 1)))
        #expect(SentenceShape.namesTerm(Sentence(text: "‘spifreq=0..7’", page: 1)))
        #expect(SentenceShape.namesTerm(Sentence(text: "“serial port”", page: 1)))
        #expect(!SentenceShape.namesTerm(Sentence(text: "Press ‘OK’ to continue.", page: 1)), "a sentence that quotes a term")
        #expect(!SentenceShape.namesTerm(Sentence(text: "“Keep the lid closed while the water boils.”", page: 1)), "a quoted sentence")
        #expect(!SentenceShape.namesTerm(Sentence(text: "‘1..7’", page: 1)), "no name in it")
        // A term above a table of its values is read as the table's one-cell first row; a row of cells is no term.
        #expect(SentenceShape.namesTerm(Sentence(text: "‘spifreq=0..7’", page: 1, kind: .tableRow)))
        #expect(!SentenceShape.namesTerm(Sentence(text: "‘section_config’ | erase", page: 1, kind: .tableRow)))
    }

    private func parameters() -> SearchResult {
        let sentences = [
            Sentence(text: "Extended parameters:", page: 29),
            Sentence(text: "‘clockrate=rate’", page: 29),
            Sentence(text: "Sets the SPI clocking rate in Hz (default is 100kHz).", page: 29),
            Sentence(text: "USBasp Extended parameters:", page: 29),
            Sentence(text: "‘section_config’", page: 29),
            Sentence(text: "Programmer will erase the configuration section with option -e, rather than the entire chip.", page: 29),
            Sentence(text: "Only applicable to TPI devices.", page: 29),
            Sentence(text: "‘showversion’", page: 30),
            Sentence(text: "Show bootloader version and capabilities, then exit.", page: 30),
        ]
        return SearchResult(chunkID: 1, documentID: 1, documentTitle: "Programmer", fileName: "programmer.pdf",
                            chunk: Chunk(ordinal: 0, sentences: sentences, headingPath: ["2 Command Line Options", "2.1 Programmers"],
                                         vector: [0.6, 0.8]),
                            keywordScore: 1, semanticScore: 1, relevance: 0.8, matchType: .hybrid)
    }

    @Test func theItemAskedAboutIsQuotedWithWhatItDoes() {
        let answer = AnswerGenerator().answer(question: "What does the USBasp section_config extended parameter do?",
                                              results: [parameters()], libraryTopics: [])
        #expect(answer.answer.contains("‘section_config’ Programmer will erase the configuration section with option -e, rather than the entire chip. [p. 29]"),
                "\(answer.answer)")
        #expect(!answer.answer.contains("‘section_config’ [p."), "an item line is never quoted on its own")
        #expect(!answer.answer.contains("clockrate"), "\(answer.answer)")
        #expect(answer.citations.allSatisfy { $0.page == 29 })
    }

    @Test func aDescriptionIsReadUnderItsItem() {
        // Only the item line holds the question's name; its description answers.
        let answer = AnswerGenerator().answer(question: "What does showversion do?", results: [parameters()], libraryTopics: [])
        #expect(answer.answer.hasPrefix("‘showversion’ Show bootloader version and capabilities, then exit. [p. 30]"), "\(answer.answer)")
        #expect(answer.citations.count == 1)
    }
}
