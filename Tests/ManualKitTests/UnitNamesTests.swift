import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex
@testable import ManualQuestion

/// A unit named on its own ("How many litres …") finds the sentences that state an amount in it, though the
/// tokenizer joins every amount to its number ("47 L" is the term "47l").
@Suite struct UnitNamesTests {
    @Test func aMeasurementHoldsItsUnitsNames() {
        let litres = TextAnalyzer.terms("How many litres?").filter { $0 != "mani" && $0 != "many" }
        let stated = UnitNames.adding(to: Set(TextAnalyzer.terms("Fuel tank | 47 L | unleaded")))
        #expect(!litres.isEmpty && litres.allSatisfy(stated.contains), "\(litres) \(stated)")
        #expect(UnitNames.adding(to: Set(TextAnalyzer.terms("a voltage of 12 V"))).contains(TextAnalyzer.terms("volts")[0]))
        #expect(UnitNames.adding(to: Set(TextAnalyzer.terms("75 kg"))).contains(TextAnalyzer.terms("kilograms")[0]))
        // Words that name other things as often as units are not given: "2.3 bar" says nothing of a tow bar.
        #expect(!UnitNames.adding(to: Set(TextAnalyzer.terms("inflate to 2.3 bar"))).contains("bar"))
        // Nothing is added to a sentence without an amount.
        let plain = Set(TextAnalyzer.terms("Check the oil level."))
        #expect(UnitNames.adding(to: plain) == plain)
    }

    @Test func aUnitsNameIsNoNameOfAThingTheLibraryLacks() {
        let unknown = Set(TextAnalyzer.terms("volts"))
        #expect(UnknownName.first(in: "How many volts is the battery?", unknownTerms: unknown) == nil)
        #expect(UnknownName.first(in: "Does it support the CH341A?", unknownTerms: Set(TextAnalyzer.terms("CH341A"))) == "CH341A")
    }

    @Test func askedHowManyLitresTheCapacityRowAnswers() throws {
        // The fixture's specifications table: "Fuel tank | 47 L | unleaded, RON 95". Before, "litres" matched
        // nothing and "The engine holds 4.2 litres of oil" (p. 28) was quoted for "hold", at low.
        let library = FixtureLibrary()
        let tank = try library.library.ask("How many litres does the fuel tank hold?", record: false).answer
        #expect(tank.answer.contains("Fuel tank | 47 L"), "\(tank.answer)")
        #expect(tank.citations.first?.page == 40)
        #expect(tank.confidence == .medium || tank.confidence == .high)
        // Every amount of the battery is written "12 V": "volts" is no unknown name to decline.
        let volts = try library.library.ask("How many volts is the battery?", record: false).answer
        #expect(volts.confidence != .none && volts.answer.contains("12 V"), "\(volts.answer)")
    }

    @Test func aNumberForAnotherQuantityIsNoAnswer() throws {
        // p. 34: "Do not drive faster than 80 km/h (50 mph) with the compact spare fitted, …" states a number
        // but not a pressure; it led the answer to "What pressure does the compact spare need?".
        #expect(QuestionTerms("What pressure does the compact spare need?").quantitiesNamed == Set(TextAnalyzer.terms("pressure")))
        #expect(QuestionTerms("What is the maximum?").quantitiesNamed.isEmpty)
        let library = FixtureLibrary()
        let spare = try library.library.ask("What pressure does the compact spare need?", record: false).answer
        #expect(!spare.answer.hasPrefix("Do not drive faster"), "\(spare.answer)")
        #expect(spare.answer.contains("420"), "\(spare.answer)")
    }

    @Test func askedForAnAmountTheStepStatingItIsQuotedWithoutTheStepsBefore() throws {
        // Step 6 of the oil change on p. 28: "Add 4.0 litres of oil, …". Asked how to change the oil, the
        // procedure comes whole from step 1.
        let library = FixtureLibrary()
        let amount = try library.library.ask("How many litres of oil does the engine take?", record: false).answer
        #expect(amount.answer.hasPrefix("6. Add 4.0 litres of oil"), "\(amount.answer)")
        let steps = try library.library.ask("How do I change the engine oil?", record: false).answer
        #expect(steps.answer.hasPrefix("1. "), "\(steps.answer)")
    }
}
