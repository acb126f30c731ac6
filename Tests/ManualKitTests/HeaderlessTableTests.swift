import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex

/// Tables that open with a row of data, as GNU manuals set a parameter's values under its item line and a
/// simulator's SET commands under the sentence that introduces them: the row asked about is quoted, under its
/// item line, without the rows of a table taken as asked whole.
@Suite struct HeaderlessTableTests {
    private func answer(_ question: String, _ sentences: [Sentence], heading: String) -> Answer {
        let passage = SearchResult(chunkID: 1, documentID: 1, documentTitle: "Programmer Guide", fileName: "guide.pdf",
                                   chunk: Chunk(ordinal: 0, sentences: sentences, headingPath: [heading], vector: [0.6, 0.8]),
                                   keywordScore: 1, semanticScore: 1, relevance: 0.8, matchType: .hybrid)
        return AnswerGenerator().answer(question: question, results: [passage], libraryTopics: [])
    }

    /// "spifreq" is "SPI frequency" run together (`CompoundTerms`): its values' default row is the answer, not
    /// the next parameter's lead-in, which holds more of the question's words, nor its speeds.
    @Test func aParameterNamedByRunTogetherWordsLabelsItsDefault() {
        let sentences = [
            Sentence(text: "‘spifreq=0..7’", page: 26, kind: .tableRow),
            Sentence(text: "0 | 30 kHz (default)", page: 26, kind: .tableRow),
            Sentence(text: "1 | 125 kHz", page: 26, kind: .tableRow),
            Sentence(text: "2 | 250 kHz", page: 26, kind: .tableRow),
            Sentence(text: "‘rawfreq=0..3’", page: 27, kind: .body),
            Sentence(text: "Sets the SPI speed and uses the Bus Pirate’s binary raw-wire mode instead of the default binary SPI mode:", page: 27),
            Sentence(text: "0 | 5 kHz", page: 27, kind: .tableRow),
            Sentence(text: "1 | 50 kHz", page: 27, kind: .tableRow),
        ]
        let reply = answer("Default SPI frequency of the Bus Pirate programmer", sentences, heading: "Bus Pirate extended parameters")
        #expect(reply.answer.hasPrefix("‘spifreq=0..7’"), "\(reply.answer)")
        #expect(reply.answer.contains("0 | 30 kHz (default)"), "\(reply.answer)")
        #expect(!reply.answer.contains("125 kHz") && !reply.answer.contains("5 kHz [") && !reply.answer.contains("raw-wire"), "\(reply.answer)")
        #expect(reply.citations.map(\.page) == [26], "\(reply.citations)")
    }

    @Test func compoundTermsAreReadAsTheWordsTheyRunTogether() {
        let found = CompoundTerms.find(in: ["spifreq", "rawfreq", "baudrat", "carpet", "frequenc"],
                                       terms: ["default", "spi", "frequenc", "baud", "rate"])
        #expect(found == ["spifreq": ["spi", "frequenc"], "baudrat": ["baud", "rate"]])
        // One word alone is no compound, nor are pieces shorter than three letters.
        #expect(CompoundTerms.find(in: ["spispi", "sfreq"], terms: ["spi", "frequenc"]).isEmpty)
        // A very long run of letters is no name of three pieces, and is not searched.
        let long = "spi" + String(repeating: "f", count: 10_000)
        #expect(CompoundTerms.find(in: [long], terms: ["spi", "frequenc"]).isEmpty)
    }

    /// Asked for one setting of two, the row holding the number asked is quoted, and the registers table further
    /// on is not.
    @Test func aFirstRowOfDataIsNoHeader() {
        let sentences = [
            Sentence(text: "2.3.6 KW11-L Line-Time Clock (CLK)", page: 13, kind: .heading),
            Sentence(text: "The line-time clock (CLK) frequency can be adjusted as follows:", page: 13),
            Sentence(text: "SET CLK 60HZ | set frequency to 60Hz", page: 13, kind: .tableRow),
            Sentence(text: "SET CLK 50HZ | set frequency to 50Hz", page: 13, kind: .tableRow),
            Sentence(text: "The default is 60Hz.", page: 13),
            Sentence(text: "The line-time clock implements these registers:", page: 13),
            Sentence(text: "name | size | comments", page: 13, kind: .tableRow),
            Sentence(text: "CSR | 16 | control/status register", page: 13, kind: .tableRow),
            Sentence(text: "INT | 1 | interrupt pending flag", page: 13, kind: .tableRow),
            Sentence(text: "DONE | 1 | device done flag (CSR<7>)", page: 13, kind: .tableRow),
        ]
        let reply = answer("How do I set the KW11-L line-time clock to 50 Hz?", sentences, heading: "2.3 Programmed I/O Devices")
        #expect(reply.answer.contains("SET CLK 50HZ | set frequency to 50Hz"), "\(reply.answer)")
        #expect(!reply.answer.contains("CSR | 16"), "\(reply.answer)")
    }
    /// A command table whose first row is the command asked about: that row is the answer, not the first rows of
    /// the table quoted as if its header had matched.
    @Test func theFirstCommandOfATableIsQuotedAlone() {
        let sentences = [
            Sentence(text: "AVRDUDE has an interactive mode called terminal mode.", page: 35),
            Sentence(text: "flush | Synchronise with the device all pending cached writes to EEPROM or flash.", page: 35, kind: .tableRow),
            Sentence(text: "erase | Perform a chip erase and discard all pending writes to EEPROM and flash.", page: 36, kind: .tableRow),
            Sentence(text: "sig | Display the device signature bytes.", page: 36, kind: .tableRow),
            Sentence(text: "part | Display the current part settings and parameters.", page: 36, kind: .tableRow),
        ]
        let reply = answer("What does the flush command do in terminal mode?", sentences, heading: "Terminal Mode Commands")
        #expect(reply.answer.hasPrefix("flush | Synchronise"), "\(reply.answer)")
        #expect(!reply.answer.contains("sig |") && !reply.answer.contains("part |"), "\(reply.answer)")
    }
}
