import Testing
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex
@testable import ManualQuestion

/// An API reference's code shares a question's words through its identifiers; it is quoted only when the
/// question asks about code.
@Suite struct CodeLineTests {
    private func body(_ text: String) -> Sentence { Sentence(text: text, page: 1, kind: .body) }

    @Test func codeLinesAreRecognised() {
        #expect(SentenceShape.isCode(body("HACKRF_TRANSCEIVER_MODE_TRANSMIT = 2,")))
        #expect(SentenceShape.isCode(body("int result = hackrf_init();")))
        #expect(SentenceShape.isCode(body("hackrf_set_freq(device, 2450000000);")))
        #expect(SentenceShape.isCode(body("#include <libhackrf/hackrf.h>")))
        #expect(SentenceShape.isCode(body("enum transceiver_mode_t {")))
    }

    @Test func proseIsNotCode() {
        #expect(!SentenceShape.isCode(body("HackRF can operate in four main transceiver modes: Receive, Transmit, Signal Source, and Sweep.")))
        #expect(!SentenceShape.isCode(body("Assigning NULL removes an inherited memory definition, e.g., as in memory \"efuse\" = NULL;")))
        #expect(!SentenceShape.isCode(body("Set MODE_SELECT to 2 for transmit.")))
    }

    @Test func aQuestionAboutCodeMayQuoteIt() {
        #expect(QuestionTerms("Which enum value selects transmit mode?").asksForCommand)
        #expect(QuestionTerms("What does hackrf_set_freq do?").asksForCommand)
        #expect(!QuestionTerms("Can I transmit with HackRF?").asksForCommand)
    }
}

/// A bare web address under a manual's title shares the product's name with "What is expEYES?" and says
/// nothing about it.
@Suite struct AddressLineTests {
    @Test func aBareAddressIsRecognised() {
        #expect(SentenceShape.isAddressOnly("http://expeyes.in"))
        #expect(SentenceShape.isAddressOnly("www.example.com."))
        #expect(SentenceShape.isAddressOnly("support@northwind.example"))
        #expect(!SentenceShape.isAddressOnly("See http://expeyes.in for the software."))
        #expect(!SentenceShape.isAddressOnly("expEYES is a low-cost laboratory."))
    }

    @Test func onlyAQuestionAboutWhereToFindItOnlineAsksForOne() {
        #expect(QuestionTerms("Where can I download the software?").asksForAddress)
        #expect(QuestionTerms("What is the project's website?").asksForAddress)
        #expect(!QuestionTerms("What is expEYES?").asksForAddress)
    }
}
