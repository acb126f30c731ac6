import Testing
import TestSupport
@testable import ManualKit

/// "How wide is the car?" is answered by the specification table's row, not by whatever page says
/// "car" most; a value asked for that no passage states beside the question's words is still declined.
@Suite(.serialized) struct DimensionQuestionTests {
    static let library = FixtureLibrary()

    private func ask(_ question: String) throws -> Answer {
        try Self.library.library.ask(question, record: false).answer
    }

    @Test func aDimensionAskedByItsAdjectiveIsSearchedByItsNoun() {
        #expect(DimensionQuestion.rewrite("How wide is the car?") == "What is the width of the car?")
        #expect(DimensionQuestion.rewrite("how tall are the seats") == "What is the height of the seats?")
        #expect(DimensionQuestion.rewrite("How much does the trailer weigh?") == "What is the weight of the trailer?")
        #expect(DimensionQuestion.rewrite("Roughly, how thick is the pad?") == "Roughly, what is the thickness of the pad?")
        // "High", "long" and "big" are asked of voltages, times and capacities as much as of dimensions.
        #expect(DimensionQuestion.rewrite("How high is the charging voltage?") == nil)
        #expect(DimensionQuestion.rewrite("How long is the warranty?") == nil)
        #expect(DimensionQuestion.rewrite("How big is the fuel tank?") == nil)
        #expect(DimensionQuestion.rewrite("How wide") == nil)
        #expect(DimensionQuestion.rewrite("How much does it weigh on the scale?") == nil)
    }

    @Test func aDimensionIsAnsweredFromTheSpecificationTable() throws {
        // The width's row ranks twelfth: the pages that say "car" most rank above it, and one of them
        // states "50 m", but no sentence there says "width".
        let wide = try ask("How wide is the car?")
        #expect(wide.answer.contains("Overall width (excluding mirrors) | 1,790 mm [Northwind Tern 2024 p. 39]"), "\(wide.answer)")
        #expect(wide.citations.allSatisfy { $0.page == 39 && $0.label == "33" }, "\(wide.citations)")
        let weight = try ask("How much does the Tern weigh?")
        #expect(weight.answer.contains("Kerb weight | 1,285 kg"), "\(weight.answer)")
        #expect(weight.citations.first?.page == 39)
    }

    @Test func aValueAskedForLeadsOverSentencesThatStateNone() throws {
        // "engine power and economy are slightly reduced" (p. 20) holds both question words and no power.
        let power = try ask("How powerful is the engine?")
        #expect(power.answer.contains("Maximum power | 96 kW (130 PS) at 6,000 rpm [Northwind Tern 2024 p. 40]"), "\(power.answer)")
        #expect(!power.answer.contains("slightly reduced"), "\(power.answer)")
    }

    @Test func aValueStatedOnlyBesideOtherWordsIsStillNotAnAnswer() throws {
        // Page 24 says "50 km/h" with chains fitted and, in another sentence, "the top speed of the vehicle".
        let speed = try ask("What is the top speed of the Tern?")
        #expect(speed.confidence == .none, "\(speed.answer)")
        #expect(speed.citations.isEmpty)
    }
}
