import Testing
@testable import ManualKit
@testable import ManualIndex

struct SentenceSplitterTests {
    private func split(_ text: String) -> [String] { SentenceSplitter().split(text) }

    @Test func splitsOrdinaryProse() {
        #expect(split("Turn the key. The engine starts! Does it idle? Check the gauge.")
                == ["Turn the key.", "The engine starts!", "Does it idle?", "Check the gauge."])
    }

    @Test func abbreviationsDoNotEndSentences() {
        #expect(split("Use a suitable tool, e.g. a torque wrench. Then tighten the nut.")
                == ["Use a suitable tool, e.g. a torque wrench.", "Then tighten the nut."])
        #expect(split("Park the car, i.e. stop the engine. Wait approx. 5 minutes. Then open it.")
                == ["Park the car, i.e. stop the engine.", "Wait approx. 5 minutes.", "Then open it."])
        #expect(split("See Fig. 3 and Vol. 2 of part No. 17. The parts are listed there.")
                == ["See Fig. 3 and Vol. 2 of part No. 17.", "The parts are listed there."])
        // ngspice writes "Chapt." 136 times in its cross-references.
        #expect(split("It merges its code with CIDER (details see Chapt. 30). CIDER is a simulator.")
                == ["It merges its code with CIDER (details see Chapt. 30).", "CIDER is a simulator."])
        #expect(split("Ask Dr. Miller about diesel vs. petrol engines, incl. hybrids. He knows.")
                == ["Ask Dr. Miller about diesel vs. petrol engines, incl. hybrids.", "He knows."])
        #expect(split("Bring gloves, rags, etc. The job is messy.") == ["Bring gloves, rags, etc.", "The job is messy."])
        #expect(split("Wait 5 min. Then restart.") == ["Wait 5 min.", "Then restart."])
        #expect(split("Use min. 5 bar and max. 7 bar.") == ["Use min. 5 bar and max. 7 bar."])
    }

    @Test func decimalsUnitsVersionsAndPathsStayWhole() {
        #expect(split("Inflate the tires to 2.5 bar. Check them again after 35 psi is reached.")
                == ["Inflate the tires to 2.5 bar.", "Check them again after 35 psi is reached."])
        #expect(split("The gap is 0.8 mm. Adjust it if needed.") == ["The gap is 0.8 mm.", "Adjust it if needed."])
        #expect(split("Install v1.2.3 or later. Older versions fail.") == ["Install v1.2.3 or later.", "Older versions fail."])
        #expect(split("Open /dev/spidev0.0 first. Then send the command.")
                == ["Open /dev/spidev0.0 first.", "Then send the command."])
        #expect(split("Visit www.example.com for updates.") == ["Visit www.example.com for updates."])
    }

    @Test func ellipsesEndASentenceOnlyBeforeACapital() {
        #expect(split("Wait... then press OK. Done.") == ["Wait... then press OK.", "Done."])
        #expect(split("Loading... Please wait.") == ["Loading...", "Please wait."])
        #expect(split("Connect the hubs, bridges, . . . ) to the UPS.") == ["Connect the hubs, bridges, . . . ) to the UPS."])
        #expect(split("It stops\u{2026} Then it restarts.") == ["It stops\u{2026}", "Then it restarts."])
    }

    @Test func bulletsAndListMarkersStandAlone() {
        #expect(split("Features: • half-duplex • portable • open source")
                == ["Features:", "• half-duplex", "• portable", "• open source"])
        // A bare enumeration marker is no sentence of its own.
        #expect(split("1. Remove the cap. 2. Drain the oil.") == ["1. Remove the cap.", "2. Drain the oil."])
    }

    @Test func aShortLineWithoutFinalPunctuationStandsAlone() {
        #expect(split("Technical Data\nThe engine delivers 85 kW.") == ["Technical Data", "The engine delivers 85 kW."])
        #expect(split("Tire pressure\n2.3 bar front") == ["Tire pressure", "2.3 bar front"])
        // A line that breaks mid-sentence runs on.
        let wrapped = "Check the level in the expansion tank regularly and top up the\nCoolant Reservoir if needed."
        #expect(split(wrapped) == [wrapped])
        #expect(split("First paragraph ends here\n\nsecond starts lowercase") == ["First paragraph ends here", "second starts lowercase"])
    }

    @Test func quotesAndBracketsStayWithTheirSentence() {
        #expect(split("The display reads \"LOW OIL.\" Stop the engine.") == ["The display reads \"LOW OIL.\"", "Stop the engine."])
        #expect(split("Refill it (see page 31.) Then drive on.") == ["Refill it (see page 31.)", "Then drive on."])
    }

    @Test func lowercaseContinuationAndPunctuationAfterAStopDoNotSplit() {
        #expect(split("Set it to approx. the middle. Done.") == ["Set it to approx. the middle.", "Done."])
        #expect(split("Use oil grade 5W-30, etc., as listed.") == ["Use oil grade 5W-30, etc., as listed."])
        #expect(split("Sizes in mm. see the table.") == ["Sizes in mm. see the table."])
        #expect(split("Wait... then press OK.") == ["Wait... then press OK."])
    }

    /// ngspice: "… the non linear device equations are solved iteratively. uic (use initial conditions)
    /// is an optional keyword …" was one sentence, so "What does the uic keyword do?" could not quote it.
    @Test func aLowercaseNameOpensASentenceAfterAPlainWord() {
        #expect(split("The equations are solved iteratively. uic (use initial conditions) is an optional keyword.")
                == ["The equations are solved iteratively.", "uic (use initial conditions) is an optional keyword."])
        #expect(split("Copy the file to your home directory. avrdude reads it at start-up.")
                == ["Copy the file to your home directory.", "avrdude reads it at start-up."])
    }

    @Test func emptyAndBlankInputGiveNothing() {
        #expect(split("").isEmpty)
        #expect(split("   \n\n \t ").isEmpty)
        #expect(split("...") == ["..."])
    }

    @Test func rangesPointIntoTheScalars() {
        let scalars = Array("  One. Two.  ".unicodeScalars)
        let ranges = SentenceSplitter().split(scalars)
        #expect(ranges == [2..<6, 7..<11])
    }

    @Test func aQuestionMarkGivenToAnOptionDoesNotEndTheSentence() {
        // avrdude: "-c ?" lists the programmers; the sentence goes on past it.
        #expect(split("Specify -c ? to list all programmers. Then pick one.")
                == ["Specify -c ? to list all programmers.", "Then pick one."])
        #expect(split("If -p ? is specified with a programmer, only its parts are listed.").count == 1)
        // A real question still ends there, spaced or not.
        #expect(split("Is it on? Press POWER.") == ["Is it on?", "Press POWER."])
        #expect(split("Est-il allumé ? Appuyez sur POWER.") == ["Est-il allumé ?", "Appuyez sur POWER."])
    }

    @Test func runsInLinearTimeOnAHugePage() {
        // Two megabytes without a single full stop, and two megabytes of stops: neither may blow up.
        let noStops = String(repeating: "word ", count: 400_000)
        #expect(split(noStops).count == 1)
        let manyStops = String(repeating: "Go. e.g. it. ", count: 160_000)
        #expect(split(manyStops).count == 160_000)
        let newlines = String(repeating: "\n", count: 1_000_000) + "End."
        #expect(split(newlines) == ["End."])
    }
}
