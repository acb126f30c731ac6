import Testing
@testable import ManualKit
@testable import ManualIndex

/// A sentence that joins the answer for a question word the quote lacks comes with what goes on with it, as the
/// leading sentence does: "Another issue is slow writing …" without "This can be addressed by …" names the
/// problem and leaves out the fix.
@Suite struct SupportingContinuationTests {
    @Test func aSupportingSentenceComesWithItsContinuation() {
        let quoted = OnePassage.answer("Writing the EEPROM of the Z80 board through the serial adapter is very slow", from: [
            Sentence(text: "The Z80 board's EEPROM is written through the serial adapter at 115200 baud.", page: 51),
            Sentence(text: "A board file describes one board.", page: 51),
            Sentence(text: "Another issue you might notice is slow EEPROM writing through the adapter.", page: 51),
            Sentence(text: "This can be addressed by setting the page size to 32 in the board file.", page: 51),
            Sentence(text: "Flash is written a page at a time.", page: 51),
        ], path: ["5 Programmers", "5.3 Serial adapter"], title: "Z80 board", file: "z80.pdf").answer
        #expect(quoted.hasPrefix("The Z80 board's EEPROM is written through the serial adapter"), "\(quoted)")
        #expect(quoted.contains("Another issue you might notice is slow EEPROM writing through the adapter. [p. 51] This can be addressed by setting the page size to 32"), "\(quoted)")
        #expect(!quoted.contains("Flash is written"), "\(quoted)")
    }
}
