import Testing
@testable import ManualKit
@testable import ManualIndex
@testable import ManualQuestion

/// "How do I switch …?" is answered by the sentence that says what to do to switch (`AskedAction`), not by
/// one that only mentions the things switched between.
@Suite struct AskedActionTests {
    private func action(_ question: String) -> AskedAction? {
        AskedAction(words: question.lowercased().split { !$0.isLetter }.map(String.init))
    }

    @Test func theVerbAfterHowDoIIsTheActionAsked() {
        #expect(action("How do I switch from FM to the weather band?")?.verb == "switch")
        #expect(action("How can I safely remove the battery?")?.verb == "remove")
        #expect(action("How to pair a phone")?.verb == "pair")
        #expect(action("How do I get the filter out?") == nil, "too general a verb to name the task")
        #expect(action("How long does the scan take?") == nil)
        #expect(action("What does the BAND button do?") == nil)
    }

    @Test func aPurposeDoneToWhatTheQuestionNamesStatesTheAction() {
        let switching = action("How do I switch from FM to the weather band?")
        #expect(switching?.isStated(in: "Press the BAND button to switch between the bands.") == true)
        #expect(switching?.isStated(in: "Set it to ON and leave the radio on the weather band.") == false)
        #expect(switching?.isStated(in: "Remember to switch off the radio before charging it.") == false,
                "switched, but not between bands")
        let connecting = action("How should I connect the UPS to the serial port?")
        #expect(connecting?.isStated(in: "To connect the UPS, use the cable supplied.") == true)
        #expect(connecting?.isStated(in: "The address is used to connect to a second XBee device.") == false)
        #expect(action("How do I descale?")?.isStated(in: "To descale, fill the kettle with 0.5 litres of water.") == true)
        // A wish or a need is no purpose: it says nothing of how.
        let installing = action("How do I install the software on Ubuntu?")
        #expect(installing?.isStated(in: "Eventually you may want to install software to use the radio with your computer.") == false)
        #expect(installing?.isStated(in: "Run the setup program to install the software.") == true)
        // What is got to do the action stands before "to": "getting escputil to build".
        let building = action("How do I build escputil if linking against readline causes problems?")
        #expect(building?.isStated(in: "If you are having difficulty getting escputil to build, we suggest using --with-readline=no.") == true)
        #expect(building?.isStated(in: "If you are having difficulty getting the plugin to build, install the GIMP headers.") == false)
        // "Get the programmer to list …" asks how to list; a sentence opening on the verb instructs it, unless it
        // says when ("Replace the filter every 45,000 km" answers when, not how).
        let listing = action("How do I get avrdude to list their serial numbers?")
        #expect(listing?.verb == "list")
        #expect(listing?.isStated(in: "List the serial numbers of all JTAG ICEs attached to USB.") == true)
        #expect(action("How do I replace the air filter?")?.isStated(in: "Replace the filter element every 45,000 km.") == false)
        #expect(QuestionTerms("I have several probes on USB. How do I get avrdude to list their serial numbers?").askedAction?.verb == "list")
    }

    @Test func theInstructionLeadsTheAnswerOverASentenceSharingTheNouns() {
        let answer = OnePassage.answer("How do I switch from FM to the weather band?", from: [
            Sentence(text: "2 Listening", page: 4, kind: .heading),
            Sentence(text: "Set it to ON and leave the radio on the weather band for the alerts.", page: 4),
            Sentence(text: "Press the BAND button to switch between the bands.", page: 4),
            Sentence(text: "The FM band covers 87.5 to 108 MHz and the weather band 162.400 to 162.550 MHz.", page: 4),
        ], path: ["2 Listening"], title: "Weather Radio", file: "radio.pdf")
        #expect(answer.answer.hasPrefix("Press the BAND button to switch between the bands."), "\(answer.answer)")
    }
}
