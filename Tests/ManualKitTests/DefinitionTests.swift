import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex
@testable import ManualQuestion

/// "What is X?" is answered by the sentence saying what X is, which stands at the head of X's section,
/// often in an earlier chunk than the one ranked first.
@Suite struct DefinitionTests {
    @Test func aQuestionAskingWhatSomethingIsNamesIt() {
        #expect(Definition.askedTerms(in: "What is CIDER in ngspice?") == ["cider"])
        #expect(Definition.askedTerms(in: "What does UIC mean?") == ["uic"])
        #expect(Definition.askedTerms(in: "What is the ECO mode?") == Set(TextAnalyzer.terms("eco mode")))
        // Not a definition: a how-to, or a whole situation described.
        #expect(Definition.askedTerms(in: "How do I change a flat tire?").isEmpty)
        #expect(Definition.askedTerms(in: "What is the recommended pressure of the rear tires when the car is fully loaded?").isEmpty)
    }

    @Test func aDefiningSentenceHasTheThingItselfAsItsSubject() {
        let cider: Set<String> = ["cider"]
        #expect(Definition.defines("CIDER is a mixed-level circuit and device simulator.", terms: cider))
        #expect(Definition.defines("The uic keyword is optional.", terms: ["uic"]))
        // A kind of it, or a sentence that mentions it later, says what something else is.
        #expect(!Definition.defines("1D Cider models are level 1 NUMD and NBJT.", terms: cider))
        #expect(!Definition.defines("Ngspice implements mixed-level simulation with CIDER.", terms: cider))
    }

    @Test func askedWhatSomethingDoesItsListEntryDefinesIt() {
        // "What does X do?", X placed "in the Device menu": the entry "Reconnect: …" says what it does.
        let asked = Definition.askedTerms(in: "What does the Reconnect entry in the Device menu do?")
        #expect(asked == Set(TextAnalyzer.terms("reconnect entry")), "\(asked)")
        #expect(Definition.defines("• Reconnect: try to synchronize the computer and Eyes17 after a reconnection.", terms: asked))
        #expect(!Definition.defines("• Choose language: this allows one to select the language.", terms: asked))
        // A label far into the sentence is no entry's name.
        #expect(!Definition.defines("Use the menu of the window to reconnect: it is on the left.", terms: asked))
        #expect(Definition.askedTerms(in: "What does it do?").isEmpty)
    }

    @Test func askedWhatSomethingIsForItsItemsFirstSentenceAnswers() {
        let question = "What is the Ink Limit Value control for?"
        let asked = Definition.askedTerms(in: question)
        #expect(asked == Set(TextAnalyzer.terms("ink limit value control")), "\(asked)")
        // What it is for, not its value nor its limit, though its name holds both words.
        #expect(!QuestionTerms(question).asksForQuantity && !QuestionTerms(question).asksForLimit)
        #expect(QuestionTerms("What is the ink limit value?").asksForQuantity)
        #expect(Definition.namesItem("Ink Limit Value", terms: asked))
        #expect(Definition.namesItem("5.3 ECO Mode", terms: Definition.askedTerms(in: "What is ECO mode?")))
        #expect(!Definition.namesItem("Gray Balance Controls", terms: asked))

        // Gutenprint's item "Ink Limit Value" (p. 55) and the Gray Generation section (p. 57), which says more
        // of the question's words and states a number.
        func result(_ id: Int64, _ sentences: [Sentence], _ path: [String]) -> SearchResult {
            SearchResult(chunkID: id, documentID: 1, documentTitle: "Printer driver", fileName: "driver.pdf",
                         chunk: Chunk(ordinal: Int(id), sentences: sentences, headingPath: path, vector: [0.6, 0.8]),
                         keywordScore: 1, semanticScore: 1, relevance: 0.8, matchType: .hybrid)
        }
        let item = result(1, [
            Sentence(text: "These controls adjust the amount of ink used by each channel separately.", page: 55),
            Sentence(text: "Ink Limit Value", page: 55, kind: .heading),
            Sentence(text: "This control adjusts the maximum amount of ink that the driver will use to print with.", page: 55),
            Sentence(text: "This control should be used only by people very experienced in inkjet printing.", page: 55),
        ], ["7.2.4) Output Density (Ink Quantity) Controls"])
        let gray = result(2, [
            Sentence(text: "The upper limit for this control is 5 (in which case black will be printed with no more than 20% black ink).", page: 57),
            Sentence(text: "Setting this control to zero means that only black ink is used to print any gray value.", page: 57),
        ], ["7.3.1) Gray Generation Controls", "GCR Upper Bound Value"])
        let answer = AnswerGenerator().answer(question: question, results: [item, gray], libraryTopics: [])
        #expect(answer.answer.hasPrefix("This control adjusts the maximum amount of ink"), "\(answer.answer)")
    }

    @Test func theKindOfThingAloneIsNoSubject() {
        // "If this keyword is specified" names no keyword, though the question asks about "the uic keyword".
        let asked = Definition.askedTerms(in: "What does the uic keyword on a .tran line do?")
        #expect(asked == Set(TextAnalyzer.terms("uic keyword")), "\(asked)")
        #expect(!Definition.defines("If this keyword is specified, ngspice uses the values specified using IC=.", terms: asked))
        #expect(Definition.defines("The uic keyword is optional.", terms: asked))
    }

    /// A section of three chunks, whose first chunk defines the mode and whose last is what retrieval
    /// ranks first for "What is ECO mode?".
    private func library(_ folder: TemporaryFolder) throws -> Store {
        let store = try SQLiteStore(path: folder.path("lib.sqlite"))
        let path = ["5 Driving", "5.3 ECO Mode"]
        let chunks = [
            Chunk(ordinal: 0, sentences: [Sentence(text: "5.2 Cruise Control", page: 40, kind: .heading),
                                          Sentence(text: "Cruise control keeps the speed you set.", page: 40)],
                  headingPath: ["5 Driving", "5.2 Cruise Control"], vector: [0.6, 0.8]),
            Chunk(ordinal: 1, sentences: [Sentence(text: "5.3 ECO Mode", page: 41, kind: .heading),
                                          Sentence(text: "ECO mode is a driving mode that softens the throttle to save fuel.", page: 41)],
                  headingPath: path, vector: [0.6, 0.8]),
            Chunk(ordinal: 2, sentences: [Sentence(text: "The ECO light shows on the cluster.", page: 42)],
                  headingPath: path, vector: [0.6, 0.8]),
            Chunk(ordinal: 3, sentences: [Sentence(text: "ECO mode stays on after a restart of the engine.", page: 42)],
                  headingPath: path, vector: [0.6, 0.8]),
        ]
        let record = DocumentRecord(sourcePath: "/m/car.pdf", fileName: "car.pdf", sha256: "eco", byteSize: 10, title: "Car",
                                    pageCount: 42, ingestedAt: "2026-01-01T00:00:00Z", pipelineVersion: "test")
        _ = try store.save(DocumentContent(document: record, pages: (40...42).map {
            PageRecord(number: $0, label: String($0 - 6), text: "", cleanText: "") }, chunks: chunks, headings: [],
            termChunkCounts: [:], fingerprint: "test"))
        return store
    }

    @Test func theChunkOpeningTheBestResultsSectionIsFound() throws {
        let folder = TemporaryFolder()
        let store = try library(folder)
        let last = try #require(try store.chunk(documentID: 1, ordinal: 3))
        let result = SearchResult(chunkID: last.id, documentID: 1, documentTitle: "Car", fileName: "car.pdf", chunk: last.chunk,
                                  keywordScore: 1, semanticScore: 1, relevance: 0.8, matchType: .hybrid)
        let opening = try #require(try SectionOpening(store: store).opening(of: result))
        #expect(opening.chunk.ordinal == 1 && opening.chunk.sentences.first?.text == "5.3 ECO Mode")
        #expect(opening.evidence == result.evidence && opening.pageLabels[41] == "35")
        // A chunk that opens its own section needs none; nor one whose section starts further back than the limit.
        let first = try #require(try store.chunk(documentID: 1, ordinal: 1))
        var opener = result
        opener.chunk = first.chunk
        #expect(try SectionOpening(store: store).opening(of: opener) == nil)
        #expect(try SectionOpening(store: store, maximumDistance: 1).opening(of: result) == nil)

        // The answer quotes the definition from the opening, though only the last chunk was retrieved.
        let answer = AnswerGenerator().answer(question: "What is ECO mode?", results: [result], openings: [opening],
                                              libraryTopics: [])
        #expect(answer.answer.hasPrefix("ECO mode is a driving mode that softens the throttle to save fuel. [p. 41]"), "\(answer.answer)")
        #expect(answer.results.count == 1 && answer.results.first?.firstPage == 42)
        let without = AnswerGenerator().answer(question: "What is ECO mode?", results: [result], libraryTopics: [])
        #expect(!without.answer.contains("softens the throttle"), "\(without.answer)")
    }
}
