import Testing
@testable import ManualKit

/// "…, see Section 2.3 [Example Command Line Invocations]": the manual says where the answer is.
@Suite struct CrossReferenceTests {
    @Test func aPointerNamesASectionByTitleOrNumber() {
        let pointer = "For a trick how to find out the serial numbers of all JTAG ICEs attached to USB, see Section 2.3 [Example Command Line Invocations]."
        #expect(CrossReference.names(["2 Command Line Options", "Example Command Line Invocations"], in: pointer))
        #expect(CrossReference.names(["2 Usage", "2.3 Worked Examples"], in: pointer))
        #expect(!CrossReference.names(["2 Usage", "2.31 Worked Examples"], in: pointer))
        #expect(!CrossReference.names(["2 Usage", "2.3.1 Worked Examples"], in: "see Section 2.3.4 for more."))
        #expect(!CrossReference.names(["Options"], in: "See the Options page."), "a one-word title is too common to be named")
    }

    @Test func aSentenceSendingTheReaderToAnUnnumberedSectionPointsElsewhere() {
        // Step 8 of the oil change ("Reset the maintenance light as described in the next section.") led the
        // answer to "how do I reset the oil light", with the oil-change steps before it, as if it said how.
        #expect(SentenceShape.pointsElsewhere("8. Reset the maintenance light as described in the next section."))
        #expect(SentenceShape.pointsElsewhere("See Section 2.3 for an example."))
        #expect(SentenceShape.pointsElsewhere("The fuse assignments are printed on the inside of each cover and listed in Section 7.5."))
        #expect(SentenceShape.pointsElsewhere("The capacities are given in Table 7.2."))
        #expect(!SentenceShape.pointsElsewhere("The jack is found in the luggage compartment."))
        // The table this sentence introduces is here, not elsewhere.
        #expect(!SentenceShape.pointsElsewhere("Inflate the tires to the pressures shown in the table below:"))
        #expect(!SentenceShape.pointsElsewhere("The values are shown in the following table:"))
    }

    private func result(_ id: Int64, _ sentences: [Sentence], path: [String], relevance: Double) -> SearchResult {
        SearchResult(chunkID: id, documentID: 1, documentTitle: "Programmer", fileName: "programmer.pdf",
                     chunk: Chunk(ordinal: Int(id), sentences: sentences, headingPath: path, vector: [0.6, 0.8]),
                     keywordScore: 1, semanticScore: 1, relevance: relevance, matchType: .hybrid)
    }

    @Test func aTableRowThatSendsTheReaderOnStillStatesWhatItStates() {
        // "Maintenance (wrench) | Amber | A scheduled service is due; see Chapter 5." answers what the wrench
        // light means; its closing pointer cost it what a sentence that only points loses.
        func score(_ rows: [String], _ question: String) -> [String: Double] {
            let sentences = rows.map { Sentence(text: $0, page: 13, kind: .tableRow) }
            let passage = AnalysedPassage(position: 0, result: result(1, sentences, path: ["2.2 Warning Lights"], relevance: 1))
            let weights = TermWeights(terms: TextAnalyzer.terms(question), passages: [passage])
            let candidates = SentenceScorer(weights: weights, bestRelevance: 1).candidates(in: [passage])
            return Dictionary(candidates.map { ($0.sentence.text, $0.score) }, uniquingKeysWith: max)
        }
        let pointing = score(["Light | Colour | What to do", "Maintenance (wrench) | Amber | A scheduled service is due; see Chapter 5."],
                             "What does the wrench light mean?")
        let plain = score(["Light | Colour | What to do", "Maintenance (wrench) | Amber | A scheduled service is due."],
                          "What does the wrench light mean?")
        #expect(SentenceShape.pointsElsewhere("Maintenance (wrench) | Amber | A scheduled service is due; see Chapter 5."))
        let withPointer = pointing["Maintenance (wrench) | Amber | A scheduled service is due; see Chapter 5."]
        let without = plain["Maintenance (wrench) | Amber | A scheduled service is due."]
        #expect(withPointer != nil && withPointer == without, "\(pointing) \(plain)")
    }

    @Test func theSectionAMatchingPointerNamesIsQuoted() {
        let options = result(1, [
            Sentence(text: "If a serial number is given, it is matched against the serial number of any probe found on USB.", page: 19),
            Sentence(text: "To find out the serial numbers of all probes on USB, see Section 2.3 [Example Command Line Invocations].", page: 19),
        ], path: ["2 Command Line Options", "2.1 Option Descriptions"], relevance: 0.8)
        let examples = result(2, [
            Sentence(text: "Example Command Line Invocations", page: 33, kind: .heading),
            Sentence(text: "List the serial numbers of all probes attached to USB.", page: 33),
            Sentence(text: "This is done by giving an invalid serial number and raising the verbosity.", page: 33),
        ], path: ["2 Command Line Options", "Example Command Line Invocations"], relevance: 0.6)
        let answer = AnswerGenerator().answer(question: "How do I find the serial numbers of the probes on USB?",
                                              results: [options, examples], libraryTopics: [])
        #expect(answer.answer.hasPrefix("List the serial numbers of all probes attached to USB. [p. 33]"), "\(answer.answer)")
    }
}
