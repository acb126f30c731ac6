import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex
@testable import ManualQuestion

/// "What does the -e option do?" is answered by the option's own entry in the option list. The FTS
/// tokenizer reads "-e" as the letter "e" of every "e.g.", and an example command line that uses "-e"
/// shares more of the question's words than the entry does, so the entry was neither retrieved nor quoted.
@Suite(.serialized) struct OptionEntryTests {
    /// A flashing tool's manual: an option list whose prose says "e.g." throughout, examples that use
    /// every option, and a troubleshooting page that mentions "-e" in passing; beside the kettle guide.
    static let folder = TemporaryFolder()
    static let library: FixtureLibrary = {
        let filler = "Options may be given in any order, e.g. before or after the file name, and repeated, e.g. twice."
        let tool = Self.folder.write("zflash-manual.pdf", MiniPDF(pages: [
            MiniPDF.Page(lines: ["1 Introduction",
                                 "zflash writes firmware to Zorro boards over USB, e.g. the Zorro One and the Zorro Mini.",
                                 "It runs on Linux, e.g. Debian or Fedora, and needs no driver.", filler]),
            MiniPDF.Page(lines: ["2 Option Descriptions", filler,
                                 "-B period",
                                 "Set the clock period of the programming interface in microseconds.",
                                 "-c board",
                                 "Select the board type, e.g. one or mini.",
                                 "-e Erase the whole flash memory of the board before writing.",
                                 "This also clears the lock bits.",
                                 "-n Do not write anything; show what would be written.",
                                 "-q Print no progress bar.", filler]),
            MiniPDF.Page(lines: ["3 Examples",
                                 "Write a firmware image to a Zorro One, e.g. after a failed update:",
                                 "% zflash -c one -e -w firmware.bin",
                                 "Check an image without writing it, e.g. before a release:",
                                 "% zflash -c mini -n -e -w firmware.bin",
                                 "Slow the clock for long cables, e.g. over two metres:",
                                 "% zflash -c one -B 8 -e -w firmware.bin"]),
            // An option typeset with a dash for its hyphen, as some manuals print them.
            MiniPDF.Page(lines: ["4 Locked Boards", "\u{2013}k key Unlock a locked board with its key."], font: .unicode),
            MiniPDF.Page(lines: ["5 Troubleshooting",
                                 "If zflash stops with a lock error, e.g. after an interrupted write, run it again with -e.",
                                 "A board that is not found, e.g. behind a hub, must be plugged in directly.", filler]),
        ]).data())
        return FixtureLibrary([tool, Fixtures.edge("small.pdf")])
    }()

    private func ask(_ question: String) throws -> Answer {
        try Self.library.library.ask(question, record: false).answer
    }

    @Test func anOptionLineWithOnlyItsArgumentIsAnsweredWithTheDescriptionBelowIt() throws {
        let answer = try ask("What does the -B option do?")
        #expect(answer.answer.contains("Set the clock period of the programming interface in microseconds."), "\(answer.answer)")
        #expect(answer.citations.first?.page == 2)
    }

    @Test func anOptionTypesetWithADashIsFound() throws {
        // Typeset with a dash for its hyphen ("–k"), the option is there.
        let dashed = try ask("What does the -k option do in zflash?")
        #expect(dashed.confidence != .none, "\(dashed.answer)")
    }

    @Test func theEntryLeadsOnlyWhenTheQuestionIsAboutTheOptionItself() {
        let names: Set<String> = ["zflash"]
        #expect(NamedOptions("What does the -e option do in zflash?").isTopic(ofQuestionTerms: ["e", "option", "zflash"], besides: names))
        #expect(NamedOptions("What is -B used for?").isTopic(ofQuestionTerms: ["b", "use"], besides: []))
        // The program the option is given to, written before it, is no other topic: a manual describes several.
        #expect(NamedOptions("What does the escputil -e option do?").isTopic(ofQuestionTerms: ["escputil", "e", "option"], besides: []))
        #expect(!NamedOptions("What does -e do to escputil's ink report?")
            .isTopic(ofQuestionTerms: ["e", "escputil", "ink", "report"], besides: []))
        // A detail of the option is answered where the detail is.
        #expect(!NamedOptions("Does using -F on a locked device erase it?")
            .isTopic(ofQuestionTerms: ["use", "f", "lock", "devic", "eras"], besides: []))
    }

    @Test func anEntryIsTheOptionFollowedByWhatItDoesOrItsArgument() {
        let e = NamedOptions("What does -e do?")
        #expect(e.defined(in: "-e Erase the whole flash memory of the board."))
        #expect(e.defined(in: "• -e Erase the whole flash memory."))
        #expect(!e.defined(in: "% zflash -c one -e -w firmware.bin"))
        #expect(!e.defined(in: "run it again with -e."))
        let u = NamedOptions("What does -U do?")
        #expect(u.defined(in: "-U memtype:op:filename[:format]"))
        #expect(!u.defined(in: "-U flash:w:diag.hex"))
        #expect(NamedOptions.isBareEntry("-B bitclock") && !NamedOptions.isBareEntry("-B 8 -e -w firmware.bin"))
    }
}

/// The byte scan that finds an option as a whole token, and where it may start a sentence.
@Suite struct OptionPlacesTests {
    @Test func anOptionIsFoundAsAWholeTokenOnly() {
        #expect(NamedOptions.places(of: "-e", in: "run it with (-e), or -e alone").count == 2)
        #expect(NamedOptions.places(of: "-e", in: "a-e -each --e e.g.").isEmpty)
    }

    @Test func anEntryMayStartAfterASentenceOrABullet() {
        #expect(NamedOptions.places(of: "-e", in: "-e Erase.").first?.startsSentence == true)
        #expect(NamedOptions.places(of: "-e", in: "Implies -A. -e Erase the chip.").first?.startsSentence == true)
        #expect(NamedOptions.places(of: "-e", in: "Options: • -e Erase the chip.").first?.startsSentence == true)
        #expect(NamedOptions.places(of: "-e", in: "% zflash -c one -e -w fw.bin").first?.startsSentence == false)
        #expect(NamedOptions.places(of: "-e", in: "the word ‘x’ -e").first?.startsSentence == false)
    }

    /// Gutenprint's option list draws its bullets against the options: "●-e Display extended ink information".
    @Test func aBulletDrawnAgainstItsOptionEndsNoWord() {
        let entry = "printer device.\n●-e Display extended ink information, including cartridge number."
        #expect(NamedOptions.places(of: "-e", in: entry).first?.startsSentence == true)
        #expect(NamedOptions.places(of: "-e", in: "Options: ▪-e Erase.").first?.startsSentence == true)
        #expect(NamedOptions.places(of: "-e", in: "the café-e").isEmpty, "a letter before it is still a word")
        #expect(NamedOptions("What does the escputil -e option do?").defined(in: "●-e Display extended ink information."))
        #expect(NamedOptions("What does the -e option do?").defined(in: "● -e Display extended ink information."))
    }
}

/// A manual describing two programs that share an option letter, each in its own part, one of whose lists draws
/// its bullets against the options ("●-e Report …", as Gutenprint's escputil list does).
@Suite(.serialized) struct ProgramOptionTests {
    static let folder = TemporaryFolder()
    static let library: FixtureLibrary = {
        // Each part fills a page and a half: a part under the chunks' minimum length would join the next.
        let filler = (1...12).map { "Zorro boards come with a cable, a stand and card \($0)." }
        let tools = Self.folder.write("ztools-manual.pdf", MiniPDF(pages: [
            MiniPDF.Page(lines: ["1 The zflash Tool", "zflash writes firmware to a board."] + filler),
            MiniPDF.Page(lines: filler + ["-e Erase the whole flash memory of the board before writing.", "-q Print no progress bar."]),
            MiniPDF.Page(lines: ["2 The zcheck Tool", "zcheck reads a board back and compares it with an image file."] + filler),
            MiniPDF.Page(lines: filler + ["\u{25CF}-e Report the erase count of every flash sector.",
                                          "\u{25CF}-v Print every byte as it is read."], font: .unicode),
        ]).data())
        return FixtureLibrary([tools, Fixtures.edge("small.pdf")])
    }()

    private func ask(_ question: String) throws -> Answer {
        try Self.library.library.ask(question, record: false).answer
    }

    @Test(arguments: [("What does the zcheck -e option do?", "\u{25CF}-e Report the erase count", 4),
                      ("What does the zflash -e option do?", "-e Erase the whole flash memory", 2)])
    func anOptionIsAnsweredFromTheProgramItIsGivenTo(question: String, entry: String, page: Int) throws {
        let answer = try ask(question)
        #expect(answer.answer.hasPrefix(entry), "\(answer.answer)")
        #expect(answer.citations.first?.page == page)
    }
}
