import Testing
import TestSupport
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex
@testable import ManualQuestion

/// "What tire pressure should I use?" is answered by the pressures, not by the tire-pressure sentence
/// that shares the most words with it ("inflate them to the correct pressure"); "How much coolant does the
/// engine hold?" by the capacities.
@Suite(.serialized) struct PressureQuestionTests {
    static let library = FixtureLibrary()

    @Test func aQuestionEndingOnPressureAsksForOne() {
        #expect(ExpectedValue.asked(in: "What tire pressure should I use?") == .pressure)
        #expect(ExpectedValue.asked(in: "What is the tyre pressure?") == .pressure)
        #expect(ExpectedValue.asked(in: "Which pressure for the spare?") == .pressure)
        #expect(ExpectedValue.asked(in: "How much pressure should the tyres have?") == .pressure)
        // There "pressure" names a light, a system or a switch.
        #expect(ExpectedValue.asked(in: "What does the amber tire pressure warning light mean?") == nil)
        #expect(ExpectedValue.asked(in: "What is the tire pressure monitoring system?") == nil)
        #expect(ExpectedValue.asked(in: "When must the system be calibrated after a pressure change?") == nil)
    }

    @Test func whatAThingHoldsIsAVolume() throws {
        #expect(ExpectedValue.asked(in: "How much coolant does the engine hold?") == .volume)
        #expect(ExpectedValue.asked(in: "How much oil does the engine take?") == .volume)
        #expect(ExpectedValue.asked(in: "How much does the fuel tank hold?") == .volume)
        #expect(ExpectedValue.asked(in: "What is the coolant capacity?") == .volume)
        // A capacity is measured as what holds it is: a battery's in ampere-hours, a load's in kilograms, a
        // tape's in characters (no kind named here, so passages stating no litres do not decline it).
        #expect(ExpectedValue.asked(in: "What is the battery capacity?") == .energy)
        #expect(ExpectedValue.asked(in: "What is the towing capacity of the roof rails?") == .weight)
        #expect(ExpectedValue.asked(in: "capacity of a simulated TA11 cassette tape") == nil)
        // Without a verb of holding, the amount may be a bound or a recipe's; a level is no volume.
        #expect(ExpectedValue.asked(in: "How much water can I put in at most?") == nil)
        #expect(ExpectedValue.asked(in: "How do I check how much ink is left?") == nil)
        // The overheating procedure ("If steam or coolant is escaping …") ranked first.
        let coolant = try Self.library.answer("How much coolant does the engine hold?")
        #expect(coolant.answer.contains("Coolant | 5.8 L | Northwind Long Life Coolant Type 2"), "\(coolant.answer)")
        #expect(coolant.citations.allSatisfy { $0.page == 40 }, "\(coolant.citations)")
    }

    @Test func aTableWhoseHeaderNamesTheUnitStatesItsValues() {
        let rows = [Sentence(text: "Table 4.1: Recommended cold tire pressures", page: 23, kind: .tableRow),
                    Sentence(text: "Axle and load | kPa | bar | psi", page: 23, kind: .tableRow),
                    Sentence(text: "Front, normal load | 230 | 2.3 | 33", page: 23, kind: .tableRow),
                    Sentence(text: "Normal load means up to three occupants.", page: 23)]
        let chunk = Chunk(ordinal: 0, sentences: rows, headingPath: ["4.2 Tire Pressure"])
        let analysed = AnalysedPassage(position: 0, result: SearchResult(
            chunkID: 1, documentID: 1, documentTitle: "Tern", fileName: "tern.pdf", chunk: chunk,
            keywordScore: 1, semanticScore: 1, relevance: 1, matchType: .hybrid))
        #expect(analysed.tableStates(.pressure, at: 0))
        #expect(analysed.tableStates(.pressure, at: 1))
        #expect(analysed.tableStates(.pressure, at: 2))
        #expect(!analysed.tableStates(.pressure, at: 3))
        #expect(!analysed.tableStates(.weight, at: 2), "the header names no weight")
    }
}
