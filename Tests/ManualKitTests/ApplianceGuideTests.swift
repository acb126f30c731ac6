import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex
@testable import ManualQuestion

/// An appliance's guide alone in a library, as an owner keeps it: the dishwasher guide, whose tables
/// wrap their cells and whose owners ask in their own words (`Fixtures/appliance-questions.jsonl`).
@Suite(.serialized) struct ApplianceGuideTests {
    static let library = FixtureLibrary([Fixtures.dishwasherGuide])

    private func ask(_ question: String) throws -> Answer {
        try Self.library.library.ask(question, record: false).answer
    }

    @Test func aProgrammeRowIsOneRowWithItsWrappedUseForCell() throws {
        // p. 9: the "Use for" column wraps over two to four lines; the last line of the last row ends in a
        // full stop and used to be left out of the table as if it were a closing remark.
        let rows = try Self.library.library.store.chunks(documentID: 1).flatMap(\.chunk.sentences).filter { $0.kind == .tableRow }.map(\.text)
        #expect(rows.contains("Pre-rinse | cold | 0:15 h | 4.0 L | 0.02 kWh | Rinsing a part load that you will wash later, to stop food drying on and smelling. No detergent."),
                "\(rows.filter { $0.hasPrefix("Pre-rinse") })")
        #expect(rows.contains { $0.hasPrefix("Quick | 45 °C | 0:30 h | 10.0 L | 0.65 kWh | Lightly soiled dishes you need again soon.") })
    }

    @Test func aTroubleshootingRowIsQuotedWhole() throws {
        // p. 13: every cell of "Problem | Possible cause | What to do" wraps; the rows used to be cut at each
        // line ("Streaks or a sticky film on | Too much rinse aid. | Turn the rinse aid dial down by one").
        let answer = try ask("My glasses have sticky streaks after washing")
        #expect(answer.answer.contains("Streaks or a sticky film on glasses. | Too much rinse aid. | Turn the rinse aid dial down by one or two steps. [p. 13]"),
                "\(answer.answer)")
    }

    @Test func aStepsNumberIsNoAmount() throws {
        // Asked how many, "3. Wipe up any spilled rinse aid …" states no amount: its "3." orders the steps.
        let answer = try ask("How many washes does a full rinse aid dispenser last?")
        #expect(answer.answer.hasPrefix("The dispenser holds 110 ml, which is enough for about 30 to 40 washes."), "\(answer.answer)")
    }

    @Test func aBulletDrawnApartFromItsItemStaysWithIt() throws {
        // pp. 7 and 16: the guide draws its bullets apart from the items, and poppler reads all the bullets
        // of a list, then all its items. Each item is one list item with its bullet, and a wrapped item keeps
        // its second line.
        let sentences = try Self.library.library.store.chunks(documentID: 1).flatMap(\.chunk.sentences)
        #expect(!sentences.contains { $0.text == "•" }, "\(sentences.filter { $0.text.hasPrefix("•") }.map(\.text))")
        #expect(sentences.contains { $0.kind == .listItem && $0.text == "• cast iron pans, and aluminium, copper, brass, pewter or tin items, which discolour;" })
        #expect(sentences.contains { $0.kind == .listItem && $0.text.hasPrefix("• frost damage")
            && $0.text.hasSuffix("were not reported within 7 days of delivery;") },
            "\(sentences.filter { $0.text.contains("frost") }.map(\.text))")
        // A step's number drawn apart from its text is read the same way: the child lock's steps are a procedure.
        #expect(!sentences.contains { $0.text == "1." }, "\(sentences.filter { $0.text.count <= 3 }.map(\.text))")
        #expect(sentences.contains { $0.kind == .listItem && $0.text == "2. Press and hold Delay and Extra Dry together for 3 seconds." })
        // Asked about one thing the list names, the item naming it answers, not the list run together.
        let answer = try ask("Can I put my cast iron skillet in there?")
        #expect(answer.answer.hasPrefix("• cast iron pans, and aluminium, copper, brass, pewter or tin items, which discolour;"),
                "\(answer.answer)")
        #expect(!answer.answer.contains("wooden"), "\(answer.answer)")
    }

    @Test func askedHowASentenceBetweenTwoStepsIsQuotedWithItsProcedure() throws {
        // "All buttons except Power are now locked." follows step 3 and matches the question best; asked how,
        // the answer is the procedure it belongs to, from step 1.
        let answer = try ask("How do I lock the buttons so my toddler can't mess with them?")
        #expect(answer.answer.hasPrefix("1. Switch the dishwasher on with Power. [p. 10]\n2. Press and hold Delay and Extra Dry together for 3 seconds."),
                "\(answer.answer)")
        #expect(answer.answer.contains("All buttons except Power are now locked."), "\(answer.answer)")
    }

    @Test func aProcedureCutByAChunkBoundaryIsNotContinuedIntoTheNextSection() throws {
        // "7.3 Cancelling a Programme" ends its chunk at step 5; the next chunk opens "7.4 Child Lock", which
        // explains and then numbers its own steps from 1. The cancelling answer stops at its step 5.
        let answer = try ask("How do I cancel a programme?")
        #expect(answer.answer.hasPrefix("1. Press and hold Start/Pause for 3 seconds, until the display shows 0:01."), "\(answer.answer)")
        #expect(answer.answer.contains("5. Select a new programme and press Start/Pause"), "\(answer.answer)")
        #expect(!answer.answer.contains("child lock"), "\(answer.answer)")
    }

    @Test func askedWhatNumberToCallThePhoneNumberAnswers() throws {
        #expect(ExpectedValue.asked(in: "What number do I call for service?") == .phoneNumber)
        #expect(ExpectedValue.asked(in: "Which number should I ring if it leaks?") == .phoneNumber)
        #expect(ExpectedValue.asked(in: "What number is shown when the filter is blocked?") == nil)
        let answer = try ask("What number do I call for service?")
        #expect(answer.answer.hasPrefix("Phone: 1-800-555-0147"), "\(answer.answer)")
        #expect(answer.citations.first?.page == 16)
    }

    @Test func askedHowNoisyTheNoiseLevelRowAnswers() throws {
        let answer = try ask("How noisy is this dishwasher?")
        #expect(answer.answer.hasPrefix("Noise level (Eco programme) | 44 dB(A) re 1 pW"), "\(answer.answer)")
        #expect(answer.citations.first?.page == 15)
    }

    @Test func whatADispenserTakesIsAVolumeOrAWeight() throws {
        #expect(ExpectedValue.asked(in: "How much rinse aid does the dispenser take?") == .contents)
        let answer = try ask("How much rinse aid does the dispenser take?")
        #expect(answer.answer.hasPrefix("The dispenser holds 110 ml"), "\(answer.answer)")
        // A powder is weighed: the rinse aid dispenser's 110 ml, a volume, is not the detergent's.
        let detergent = try ask("How much detergent does the dispenser hold?")
        #expect(detergent.answer.hasPrefix("Its main compartment holds up to 25 g of powder"), "\(detergent.answer)")
    }

    @Test func aUnitNamedAfterHowManyAsksForAValueInIt() throws {
        #expect(ExpectedValue.asked(in: "How many kWh does the Intensive programme use?") == .energy)
        #expect(ExpectedValue.asked(in: "How much energy does the Eco programme use?") == .energy)
        #expect(ExpectedValue.asked(in: "How many psi for the spare tyre?") == .pressure)
        #expect(ExpectedValue.asked(in: "How many kilograms can the roof carry?") == .weight)
        // A unit's spelling that is as often a word, and a time, name no kind of value.
        #expect(ExpectedValue.asked(in: "How many bars of signal does the radio need?") == nil)
        #expect(ExpectedValue.asked(in: "How many hours does the battery last?") == nil)
        let answer = try ask("How many kWh does the Intensive programme use?")
        #expect(answer.answer.contains("Intensive | 70 °C | 2:35 h | 16.0 L | 1.65 kWh"), "\(answer.answer)")
        #expect(answer.citations.first?.page == 9)
    }

    @Test func aSuperlativeAsksForAnAmount() throws {
        // The indicator-light row "Delay | Green | A delayed start is set." names the option; the amount is on p. 9.
        #expect(QuestionTerms("What's the longest I can delay the start?").asksForQuantity)
        // "The strongest signal I can feed in" asks for a maximum power.
        #expect(QuestionTerms("What's the strongest input signal I can feed into the receiver?").asksForQuantity)
        #expect(!QuestionTerms("What's the input signal I can feed into the receiver?").asksForQuantity)
        // Asked how to do something to a thing of some size, the question asks how, not for a size.
        #expect(!QuestionTerms("How do I create an MSCP disk of a custom size on the RQ controller?").asksForQuantity)
        #expect(QuestionTerms("How many disks can the RQ controller have?").asksForQuantity)
        // The clause that asks decides: the sentence before it says what the asker has or wants.
        #expect(!QuestionTerms("I only want an alert after 30 seconds, not on every short power blip. How do I set that up?").asksForQuantity)
        #expect(QuestionTerms.askingClause("I have two UPSes (see ups.conf). How do I stop one?") == ["how", "do", "i", "stop", "one"])
        #expect(QuestionTerms("What is the maximum disk size?").asksForQuantity)
        let answer = try ask("What's the longest I can delay the start?")
        #expect(answer.answer.hasPrefix("Delay: lets the programme start later, from 1 to 24 hours"), "\(answer.answer)")
    }

    @Test func aValueIsReadBesideWhatItIsOfNotBesideItsUnit() throws {
        // "litres" and "use" say how the value is asked; "quick" says of what. The salt page's "pour about
        // 1 litre of water" holds the unit and ranked higher than the programme table.
        #expect(ExpectedValue.phrases(Stemmer.stem("litres")) && ExpectedValue.phrases("use") && ExpectedValue.phrases("hold"))
        #expect(!ExpectedValue.phrases("quick") && !ExpectedValue.phrases("water"))
        let answer = try ask("How many litres of water does the quick wash use?")
        let lines = answer.answer.split(separator: "\n")
        #expect(lines.dropFirst().first?.hasPrefix("Quick | 45 °C | 0:30 h | 10.0 L") == true, "\(answer.answer)")
        #expect(answer.citations.first?.page == 9)
    }

    @Test func whatAProgrammeUsesIsAVolume() throws {
        #expect(ExpectedValue.asked(in: "How much water does the Intensive programme use?") == .volume)
        #expect(ExpectedValue.asked(in: "How much oil does the engine consume?") == .volume)
        // It was answered from the detergent page's "for the Intensive programme use 25 g".
        let answer = try ask("How much water does the Intensive programme use?")
        #expect(answer.answer.contains("Intensive | 70 °C | 2:35 h | 16.0 L"), "\(answer.answer)")
        #expect(answer.citations.allSatisfy { $0.page == 9 }, "\(answer.citations)")
    }

    @Test func aCycleIsTheGuidesProgramme() throws {
        // The guide never says "cycle"; the owner's word is read as the guide's.
        #expect(WordEquivalents.group(forStem: "cycl")?.contains("programme") == true)
    }
}
