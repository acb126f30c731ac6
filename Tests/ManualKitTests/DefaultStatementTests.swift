import Testing
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex
@testable import ManualQuestion

/// "Default X" is answered by the manual's statement of the default, not by the sentence that holds the
/// most question words and some other number.
@Suite struct DefaultStatementTests {
    @Test func aStatedDefaultIsToldFromAMentionedOne() {
        for text in ["The default mode is 8B.", "0 | 30 kHz (default)", "The additional terminals are disabled by default.",
                     "RELTOL, which default value is 10−3, sets the relative tolerance.", "The seed defaults to 1.",
                     "Initial memory size is 256KB."] {
            #expect(DefaultStatement.states(text), "\(text)")
        }
        for text in ["Sets the SPI speed and uses raw-wire mode instead of the default binary SPI mode:",
                     "Restore the default settings from the menu.", "The port speed is 9600 baud."] {
            #expect(!DefaultStatement.states(text), "\(text)")
        }
    }

    /// A parameter table with a "Default Value" column, under an example line that the PDF printed as a
    /// row of one cell: its rows state defaults, its header and the example do not.
    private let pulse: [Sentence] = [
        Sentence(text: "4.1.1 Pulse", page: 94, kind: .heading),
        Sentence(text: "Examples:", page: 94),
        Sentence(text: "VIN 3 0 PULSE ( -1 1 2 NS 2 NS 50 NS 100 NS 5)", page: 94, kind: .tableRow),
        Sentence(text: "Name | Parameter | Default Value | Units", page: 95, kind: .tableRow),
        Sentence(text: "V1 | Initial value | - | V, A", page: 95, kind: .tableRow),
        Sentence(text: "TD | Delay time | 0.0 | sec", page: 95, kind: .tableRow),
        Sentence(text: "TR | Rise time | TSTEP | sec", page: 95, kind: .tableRow),
        Sentence(text: "A single pulse, without repetition count or phase offset, is described by the following table:", page: 95),
        Sentence(text: "Time | Value", page: 95, kind: .tableRow),
        Sentence(text: "0 | V1", page: 95, kind: .tableRow),
        Sentence(text: "TD+TR | V2", page: 95, kind: .tableRow),
    ]

    @Test func theRowsUnderADefaultColumnStateDefaults() {
        let marks = DefaultStatement.marks(pulse)
        #expect(marks == [false, true, false, false, true, true, true, false, false, false, false])
        #expect(SentenceShape.isTableHeader(at: 8, in: pulse) && !SentenceShape.isTableHeader(at: 9, in: pulse))
        #expect(SentenceSelector.run(of: .tableRow, around: 6, in: pulse) == 3..<7)
    }

    private func result(_ sentences: [Sentence], path: [String]) -> SearchResult {
        SearchResult(chunkID: 1, documentID: 1, documentTitle: "Guide", fileName: "guide.pdf",
                     chunk: Chunk(ordinal: 0, sentences: sentences, headingPath: path, vector: [0.6, 0.8]),
                     keywordScore: 1, semanticScore: 1, relevance: 0.8, matchType: .hybrid)
    }

    @Test func askedForADefaultTheRowLabelledWithTheQuestionsWordsLeads() {
        // The one-shot model's sentence holds "pulse", "rise", "fall" and "times"; the PULSE table's row
        // labelled "Rise time" states the default asked for.
        let oneShot = SearchResult(chunkID: 2, documentID: 1, documentTitle: "Guide", fileName: "guide.pdf",
                                   chunk: Chunk(ordinal: 1, sentences: [
                                       Sentence(text: "The one-shot source will output a pulse of the values given, with specified rise and fall times.", page: 223),
                                   ], headingPath: ["12 Digital Models", "One-Shot"], vector: [0.6, 0.8]),
                                   keywordScore: 1, semanticScore: 1, relevance: 1, matchType: .hybrid)
        let answer = AnswerGenerator().answer(question: "If I leave out the rise and fall times of a PULSE source, what values does it use?",
                                              results: [oneShot, result(pulse, path: ["4 Voltage and Current Sources", "4.1.1 Pulse"])],
                                              libraryTopics: [])
        #expect(answer.citations.first?.page == 95, "\(answer.answer)")
        #expect(answer.answer.contains("TR | Rise time | TSTEP | sec"), "\(answer.answer)")
    }

    @Test func askedForADefaultTheAnswerLeadsWithTheDefault() {
        let serial = result([
            Sentence(text: "4.2 Serial Port", page: 12, kind: .heading),
            Sentence(text: "Set the baud rate of the serial port with the BAUD command, from 1200 to 115200.", page: 12),
            Sentence(text: "By default the baud rate is 9600.", page: 13),
        ], path: ["4 Connections", "4.2 Serial Port"])
        let answer = AnswerGenerator().answer(question: "Default baud rate of the serial port", results: [serial], libraryTopics: [])
        #expect(answer.answer.hasPrefix("By default the baud rate is 9600. [p. 13]"), "\(answer.answer)")
        // What is used when the user gives nothing is the default, however it is asked.
        let unset = AnswerGenerator().answer(question: "What baud rate does the serial port use if I don't specify one?",
                                             results: [serial], libraryTopics: [])
        #expect(unset.answer.hasPrefix("By default the baud rate is 9600. [p. 13]"), "\(unset.answer)")
        for question in ["If I leave out the rise time, what does ngspice use?", "Which port is used when it is omitted?",
                         "Out of the box, which tty does it open?",
                         "What saturation current does a diode model get if I don't set IS?",
                         "I declared a bare .model QN NPN with no parameters. What gain will it have?",
                         "If my BSIM4 model card has no version parameter, which version does ngspice simulate?"] {
            #expect(QuestionTerms(question).asksForDefault, "\(question)")
        }
        #expect(!QuestionTerms("How do I leave the menu?").asksForDefault)
        #expect(!QuestionTerms("How do I omit the header line?").asksForDefault)
        #expect(!QuestionTerms("How do I set the baud rate?").asksForDefault)
        #expect(!QuestionTerms("Why is there no sound?").asksForDefault)
        // Asked for the range, not the default, the sentence with the numbers and the words leads.
        let range = AnswerGenerator().answer(question: "Baud rate range of the serial port", results: [serial], libraryTopics: [])
        #expect(range.answer.hasPrefix("Set the baud rate"), "\(range.answer)")
    }

    @Test func aDefaultInAParameterTableIsQuotedUnderItsHeader() {
        let answer = AnswerGenerator().answer(question: "Default rise time of a PULSE source",
                                              results: [result(pulse, path: ["4 Sources", "4.1.1 Pulse"])], libraryTopics: [])
        #expect(answer.answer.hasPrefix("Name | Parameter | Default Value | Units [p. 95]\nTR | Rise time | TSTEP | sec [p. 95]"),
                "\(answer.answer)")
        #expect(!answer.answer.contains("VIN 3 0"), "\(answer.answer)")
    }
}
