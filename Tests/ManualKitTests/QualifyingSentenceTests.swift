import Testing
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex

/// A statement is quoted with the sentence that finishes it: a restriction ("Only applicable to …") or more of
/// the same requirement ("you must also define …"). Without them the answer claims more, or asks for less, than
/// the manual does.
@Suite struct QualifyingSentenceTests {
    private func answer(_ question: String, from sentences: [Sentence]) -> String {
        OnePassage.answer(question, from: sentences, path: ["2 Building", "2.1 Firmware"], title: "Loom controller",
                          file: "loom.pdf").answer
    }

    @Test func aRestrictionWithoutASubjectQualifiesTheSentenceBefore() {
        #expect(QualifyingSentence.restricts(Sentence(text: "Only applicable to bootloader version 3 and later.", page: 1)))
        #expect(QualifyingSentence.restricts(Sentence(text: "Not available with the Quick programme.", page: 1)))
        #expect(QualifyingSentence.restricts(Sentence(text: "Valid only for the first shuttle.", page: 1)))
        #expect(QualifyingSentence.restricts(Sentence(text: "Only for boards with a boot button.", page: 1)))
        // A sentence with a subject of its own states something new.
        #expect(!QualifyingSentence.restricts(Sentence(text: "Only one shuttle may run at a time.", page: 1)))
        #expect(!QualifyingSentence.restricts(Sentence(text: "Not all boards have a boot button.", page: 1)))
        #expect(!QualifyingSentence.restricts(Sentence(text: "Only red lamps flash twice.", page: 1)))
        #expect(!QualifyingSentence.restricts(Sentence(text: "Only applicable to version 3?", page: 1)))
    }

    @Test func alsoAddsToTheStatementButSeeAlsoPointsElsewhere() {
        #expect(QualifyingSentence.addsToStatement(Sentence(text: "For the wide shuttle you must also define WIDE_SHUTTLE.", page: 1)))
        #expect(!QualifyingSentence.addsToStatement(Sentence(text: "See also the chapter on shuttles.", page: 1)))
        #expect(!QualifyingSentence.addsToStatement(Sentence(text: "The build takes about two minutes.", page: 1)))
    }

    @Test func anOptionsDescriptionComesWithItsRestriction() {
        let quoted = answer("What does the quick_erase parameter do?", from: [
            Sentence(text: "The loom controller accepts these extended parameters:", page: 12),
            Sentence(text: "‘quick_erase’", page: 12),
            Sentence(text: "The programmer erases only the boot section with option -e, rather than the whole flash.", page: 12),
            Sentence(text: "Only applicable to bootloader version 3 and later.", page: 12),
            Sentence(text: "‘slow_clock’", page: 12),
            Sentence(text: "Halves the programming clock for long cables.", page: 12),
        ])
        #expect(quoted.contains("rather than the whole flash. [p. 12] Only applicable to bootloader version 3 and later."), "\(quoted)")
        #expect(!quoted.contains("Halves"), "\(quoted)")
    }

    @Test func whatMustBeDefinedIsAnsweredWithWhatMustAlsoBeDefined() {
        let quoted = answer("What must be defined to build the loom controller firmware?", from: [
            Sentence(text: "To build the loom controller firmware, you must define BOARD_LOOM on the compiler command line.", page: 4),
            Sentence(text: "If you want the wide shuttle, you must also define WIDE_SHUTTLE and SHUTTLE_COUNT=4 on the command line.", page: 4),
            Sentence(text: "The build takes about two minutes on a laptop.", page: 4),
        ])
        #expect(quoted.hasPrefix("To build the loom controller firmware, you must define BOARD_LOOM"), "\(quoted)")
        #expect(quoted.contains("you must also define WIDE_SHUTTLE and SHUTTLE_COUNT=4"), "\(quoted)")
        #expect(!quoted.contains("two minutes"), "\(quoted)")
    }
}
