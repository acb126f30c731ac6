import Testing
import TestSupport
@testable import ManualKit
@testable import ManualAnswer

/// The kettle's guide answers faults in prose under "Troubleshooting" ("If the kettle does not switch on,
/// check …"), with no "Problem:" labels: asked about a fault, or why, those sentences answer.
@Suite(.serialized) struct TroubleshootingSectionTests {
    static let library = FixtureLibrary()

    @Test func aQuestionThatReportsNoFaultIsAnsweredAsBefore() throws {
        let boil = try Self.library.answer("Does the kettle switch off by itself when the water boils?")
        #expect(boil.answer.hasPrefix("The kettle switches off automatically when the water boils"), "\(boil.answer)")
    }
}
