import Testing
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex

/// A sentence ending in ":" announces what follows ("you can do the following instead:"); quoted without
/// it, the answer stops where the manual starts to answer.
@Suite struct AnnouncedLineTests {
    /// The answer to `question` from one passage of `sentences`.
    private func answer(_ question: String, from sentences: [Sentence]) -> String {
        OnePassage.answer(question, from: sentences, path: ["3 Devices", "3.1 Resistors"], title: "Resistors", file: "sim.pdf").answer
    }

    @Test func anAnswerEndingInAColonBringsTheLineItAnnounces() {
        let quoted = answer("How do I simulate a resistor without thermal noise?", from: [
            Sentence(text: "A resistor generates thermal noise unless it is told not to.", page: 77),
            Sentence(text: "It is possible to simulate a resistor without noise by setting its noisy keyword to zero, as in the following example: Example:", page: 77),
            Sentence(text: "Rmd 134 57 1.5k noisy=0", page: 77),
            Sentence(text: "Flicker noise can be used to model carbon resistors.", page: 77),
        ])
        #expect(quoted.contains("Rmd 134 57 1.5k noisy=0 [p. 77]"), "\(quoted)")
        #expect(!quoted.contains("carbon"), "\(quoted)")
    }

    @Test func aLeadInThatIsTheAnswerBringsTheCommandsAfterIt() {
        let quoted = answer("How do I install it without root access?", from: [
            Sentence(text: "By default the program is installed under /usr/local.", page: 52),
            Sentence(text: "If you do not have root access to your system, you can do the following instead:", page: 52),
            Sentence(text: "$ ./configure --prefix=$HOME/local $ make $ make install", page: 52),
        ])
        #expect(quoted.contains("instead: [p. 52] $ ./configure --prefix=$HOME/local"), "\(quoted)")
    }
    @Test func aLeadInThatIsTheAnswerBringsTheOptionLinesItAnnounces() {
        // The question does not ask for a command line in so many words, so option lines are not quoted
        // for their own sake; but the sentence that matched it announces them, and without them says nothing.
        let quoted = answer("Which tape image format is assumed, and which switches pick the others?", from: [
            Sentence(text: "The controller supports PDP-8, PDP-11 and 18b format tape images.", page: 24),
            Sentence(text: "ATTACH assumes the image is in PDP-11 format; the user can force other choices with switches:", page: 24),
            Sentence(text: "-t | PDP-8 format", page: 24, kind: .tableRow),
            Sentence(text: "-f | 18b format", page: 24, kind: .tableRow),
            Sentence(text: "The controller is a data-only simulator.", page: 25),
        ])
        #expect(quoted.hasPrefix("ATTACH assumes the image is in PDP-11 format; the user can force other choices with switches: [p. 24]\n-t | PDP-8 format [p. 24]\n-f | 18b format [p. 24]"), "\(quoted)")
        #expect(!quoted.contains("data-only"), "\(quoted)")
    }

    @Test func aDemonstrativeThatAnnouncesALineStartsANewStatement() {
        // "These switches …:" points at the list after it, not back at the memory size: the answer stops at
        // the size and what goes on with it.
        let quoted = answer("Default memory size of the simulator", from: [
            Sentence(text: "Initial memory size is 256KB.", page: 6),
            Sentence(text: "If memory size is increased to more than 256KB, the simulator disables some peripherals.", page: 6),
            Sentence(text: "These switches are recognized when examining or depositing in CPU memory:", page: 7),
            Sentence(text: "-v | interpret address as virtual", page: 7, kind: .tableRow),
            Sentence(text: "-d | force data space", page: 7, kind: .tableRow),
        ])
        #expect(quoted.hasPrefix("Initial memory size is 256KB. [p. 6]"), "\(quoted)")
        #expect(!quoted.contains("switches") && !quoted.contains("-v"), "\(quoted)")
    }

    @Test func aDemonstrativePronounBeforeAColonStillGoesOn() {
        // "This is done as follows:" stands for the sentence before it, and brings the steps it announces.
        #expect(SentenceShape.continuesStatement(Sentence(text: "This is done as follows:", page: 3)))
        #expect(SentenceShape.continuesStatement(Sentence(text: "These switches are recognized here.", page: 3)))
        #expect(!SentenceShape.continuesStatement(Sentence(text: "These switches are recognized here:", page: 3)))
        #expect(!SentenceShape.continuesStatement(Sentence(text: "Such settings include:", page: 3)))
    }
}
