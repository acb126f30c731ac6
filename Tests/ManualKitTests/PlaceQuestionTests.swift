import Testing
import TestSupport
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex
@testable import ManualQuestion

/// "Where can I find the vehicle identification number?" is answered by the sentence that says where (a plate at
/// the lower left corner of the windscreen), not by one that names the number for another purpose ("contact
/// Customer Relations, giving the vehicle identification number (VIN)").
@Suite(.serialized) struct PlaceQuestionTests {
    static let library = FixtureLibrary()

    @Test func aQuestionOpeningWithWhereAndAVerbAsksForAPlace() {
        #expect(QuestionTerms("Where can I find the vehicle identification number?").asksForPlace)
        #expect(QuestionTerms("Where's the serial number?").asksForPlace)
        #expect(QuestionTerms("where is the revision number printed").asksForPlace)
        // "Where" that sets the scene asks for something else.
        #expect(!QuestionTerms("Where the cable enters the case, what seals it?").asksForPlace)
        #expect(!QuestionTerms("What is printed where the label was?").asksForPlace)
    }

    @Test func aSentenceNamingAPartOrAPathStatesAPlace() {
        #expect(PlaceStatement.states("The VIN is stamped on a plate at the lower left corner of the windscreen."))
        #expect(PlaceStatement.states("The revision number is printed on the PCB top silkscreen layer near the MAX5864 (U18)."))
        #expect(PlaceStatement.states("The interior fuse box is behind a cover on the left of the steering column."))
        #expect(PlaceStatement.states("The filters are installed in /usr/lib/cups/filter."))
        #expect(!PlaceStatement.states("Contact the Northwind Customer Relations Department, giving the vehicle identification number."))
        #expect(!PlaceStatement.states("The result depends on the speed at the time of the test."))
    }

    @Test func aSentenceUsingAnAcronymHoldsTheWordsItStandsFor() {
        let found = DefinedAcronyms.find(in: [
            "Contact us, giving the vehicle identification number (VIN) and your dealer.",
            "Tire Pressure Monitoring System (TPMS) warnings are shown in amber.",
            "Set the switch to the upper position (ON).",
        ])
        #expect(found["vin"] == Set(TextAnalyzer.terms("vehicle identification number")))
        #expect(found["tpms"] == Set(TextAnalyzer.terms("Tire Pressure Monitoring System")))
        #expect(found["on"] == nil)
        #expect(DefinedAcronyms.spelledOut("FBI", before: "the Federal Bureau of Investigation ") == ["Federal", "Bureau", "Investigation"])
    }

    @Test func onlyASentenceAboutTheAcronymHoldsItsWords() {
        let found = DefinedAcronyms.find(in: ["The tire pressure monitoring system (TPMS) uses the wheel speed sensors."])
        #expect(DefinedAcronyms.subject(of: "TPMS warns when a tire loses pressure.", among: found) != nil)
        #expect(DefinedAcronyms.subject(of: "The TPMS light stays on.", among: found) != nil)
        #expect(DefinedAcronyms.subject(of: "Select Settings, Vehicle, TPMS Calibration on the screen.", among: found) == nil)
    }

    @Test func whereTheVehicleIdentificationNumberIsIsAnsweredByThePlate() throws {
        let answer = try Self.library.answer("Where can I find the vehicle identification number?")
        #expect(answer.answer.hasPrefix("The VIN is stamped on a plate at the lower left corner of the windscreen"), "\(answer.answer)")
        #expect(answer.citations.first?.page == 46)
    }
}
