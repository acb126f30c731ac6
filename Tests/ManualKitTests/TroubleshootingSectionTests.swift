import Testing
import TestSupport
@testable import ManualKit

/// The kettle's guide answers faults in prose under "Troubleshooting" ("If the kettle does not switch on,
/// check …"), with no "Problem:" labels: asked about a fault, or why, those sentences answer.
@Suite(.serialized) struct TroubleshootingSectionTests {
    static let library = FixtureLibrary()

    @Test func aTroubleshootingSectionIsKnownByItsHeading() {
        #expect(TroubleshootingEntry.isSection(["Northwind Kettle K2", "Troubleshooting"]))
        #expect(TroubleshootingEntry.isSection(["9 Problems and Solutions"]))
        #expect(TroubleshootingEntry.isSection(["FAQ"]))
        #expect(!TroubleshootingEntry.isSection(["Descaling", "Technical data"]))
    }

    @Test func aFaultIsAnsweredFromTheTroubleshootingSection() throws {
        // Page 1's "Always check that the lid is closed … before you switch on the kettle; if the lid is open,
        // the kettle will not switch off by itself" holds the same words, reads as close and ranks higher.
        let wontStart = try Self.library.answer("The kettle won't switch on")
        #expect(wontStart.answer.hasPrefix("If the kettle does not switch on, check that it is seated correctly on the base"),
                "\(wontStart.answer)")
        #expect(wontStart.citations.first?.page == 3)
        let early = try Self.library.answer("Why does my kettle switch off before the water boils?")
        #expect(early.answer.hasPrefix("If it switches off before the water boils, the filter or the element may be covered with limescale"),
                "\(early.answer)")
    }

    @Test func aQuestionThatReportsNoFaultIsAnsweredAsBefore() throws {
        let boil = try Self.library.answer("Does the kettle switch off by itself when the water boils?")
        #expect(boil.answer.hasPrefix("The kettle switches off automatically when the water boils"), "\(boil.answer)")
    }
}
