import Testing
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex
@testable import ManualQuestion

/// "What is the resolution of the PV1 output?" is answered by the sentence that names the resolution, not
/// by the one that holds the most of the other words.
@Suite struct AskedAttributeTests {
    @Test func theNounBeforeOfNamesTheAttributeAsked() {
        #expect(AskedAttribute.term(in: "What is the resolution of the PV1 programmable voltage output?") == "resolut")
        #expect(AskedAttribute.term(in: "What's the maximum length of the history buffer?") == "length")
        #expect(AskedAttribute.term(in: "What are the dimensions for the mounting bracket?") == "dimens")
        // Or the noun before a participle that says what it is of.
        #expect(AskedAttribute.term(in: "What is the default serial receive timeout used by the BusPirate programmer?") == "timeout")
        #expect(AskedAttribute.term(in: "What is the minimum voltage required for high-voltage programming?") == "voltag")
        // A participle before its noun is an adjective of it, and "speed" is no participle.
        #expect(AskedAttribute.term(in: "What is the maximum recommended speed with chains fitted?") == nil)
        #expect(AskedAttribute.term(in: "What is the recommended pressure of the spare tire?") == "pressur")
        #expect(AskedAttribute.term(in: "What is the top speed in fifth gear?") == nil)
        // A noun that asks what something is for or how to do it names no attribute a sentence states.
        #expect(AskedAttribute.term(in: "What is the purpose of the -F option?") == nil)
        #expect(AskedAttribute.term(in: "What's the best way to get red wine out of a carpet?") == nil)
        #expect(AskedAttribute.term(in: "What is PV1 used for?") == nil)
        #expect(AskedAttribute.term(in: "How is the resolution of PV1 set?") == nil)
    }

    @Test func theSentenceNamingTheAttributeLeads() {
        let chunk = Chunk(ordinal: 0, sentences: [
            Sentence(text: "PV1 and PV2: Programmable Voltages", page: 8, kind: .heading),
            Sentence(text: "The output of this programmable voltage terminal PV1 can be set anywhere from -5V to +5V.", page: 8),
            Sentence(text: "The resolution is 12 bits, a minimum voltage step of around 2.5 millivolts.", page: 8),
        ], headingPath: ["2 Hardware", "PV1 and PV2: Programmable Voltages"], vector: [0.6, 0.8])
        let result = SearchResult(chunkID: 1, documentID: 1, documentTitle: "Kit", fileName: "kit.pdf", chunk: chunk,
                                  keywordScore: 1, semanticScore: 1, relevance: 0.8, matchType: .hybrid)
        let answer = AnswerGenerator().answer(question: "What is the resolution of the PV1 programmable voltage output?",
                                              results: [result], libraryTopics: [])
        #expect(answer.answer.hasPrefix("The resolution is 12 bits"), "\(answer.answer)")
    }
}
