import Testing
import TestSupport
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex
@testable import ManualQuestion

/// "How wide is the car?" is answered by the specification table's row, not by whatever page says
/// "car" most; a value asked for that no passage states beside the question's words is still declined.
@Suite(.serialized) struct DimensionQuestionTests {
    static let library = FixtureLibrary()

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
        // A load carried is asked by its noun; towing is said by the verb ("tow a trailer of up to 1,000 kg").
        #expect(DimensionQuestion.rewrite("How much can I carry on the roof?") == "What is the maximum load I can carry on the roof?")
        #expect(DimensionQuestion.rewrite("how much can the van load") == "What is the maximum load the van can load?")
        #expect(DimensionQuestion.rewrite("How much can the car tow?") == nil)
        #expect(DimensionQuestion.rewrite("How much can I save?") == nil)
        // Nuts are tightened to a torque.
        #expect(DimensionQuestion.rewrite("How tight should the wheel nuts be?") == "What is the tightening torque of the wheel nuts?")
        #expect(DimensionQuestion.rewrite("how wide must the gap be") == "What is the width of the gap?")
        #expect(DimensionQuestion.rewrite("How tight should be?") == nil)
        #expect(DimensionQuestion.rewrite("How tight do the bolts holding the wheels need to be?")
                == "What is the tightening torque of the bolts holding the wheels?")
        #expect(DimensionQuestion.rewrite("How wide does the gap have to be?") == "What is the width of the gap?")
        #expect(DimensionQuestion.rewrite("How tight do they need to be?") == nil)
        #expect(DimensionQuestion.rewrite("How noisy is this dishwasher?") == "What is the noise level of this dishwasher?")
        #expect(ExpectedValue.asked(in: "How loud is the fan?") == .loudness)
        #expect(ExpectedValue.asked(in: "How much can the car tow?") == .weight)
        #expect(ExpectedValue.asked(in: "How much can the tank hold?") == .volume, "a tank holds a volume, not a weight")
    }

    @Test func aDimensionIsStatedOfItsNounOnlyRightBesideIt() {
        #expect(ValueAttribute.isStated(.dimension, of: "height", in: "Overall height | 1,560 mm"))
        #expect(ValueAttribute.isStated(.dimension, of: "width", in: "Overall width (excluding mirrors) | 1,790 mm"))
        #expect(ValueAttribute.isStated(.weight, of: "weight", in: "The Tern has a kerb weight of 1,285 kg."))
        #expect(ValueAttribute.isStated(.weight, of: "weight", in: "Maximum roof load | 75 kg"))
        // A child's height limit and a tow-ball load hold the noun and a value of the kind, not of each other.
        #expect(!ValueAttribute.isStated(.dimension, of: "height", in:
            "Children under 12 years of age or shorter than 150 cm (4 ft 11 in) should always travel in a child restraint that is appropriate for their weight and height."))
        #expect(!ValueAttribute.isStated(.weight, of: "weight", in:
            "The vertical load on the tow ball must not exceed 60 kg (132 lb) and should be at least 4% of the trailer weight."))
        #expect(!ValueAttribute.isStated(.weight, of: "weight", in: "Overall height | 1,560 mm"))
        #expect(ValueAttribute.term(asked: .weight, terms: TextAnalyzer.terms("What is the weight of the car?")) == "weight")
        #expect(ValueAttribute.term(asked: .power, terms: TextAnalyzer.terms("What is the weight of the car?")) == nil)
    }

    @Test func aDimensionIsAnsweredFromTheSpecificationTable() throws {
        // The width's row ranks twelfth: the pages that say "car" most rank above it, and one of them
        // states "50 m", but no sentence there says "width".
        let wide = try Self.library.answer("How wide is the car?")
        #expect(wide.answer.contains("Overall width (excluding mirrors) | 1,790 mm [Northwind Tern 2024 p. 39]"), "\(wide.answer)")
        #expect(wide.citations.allSatisfy { $0.page == 39 && $0.label == "33" }, "\(wide.citations)")
        let weight = try Self.library.answer("How much does the Tern weigh?")
        #expect(weight.answer.contains("Kerb weight | 1,285 kg"), "\(weight.answer)")
        #expect(weight.citations.first?.page == 39)
    }

    @Test func aValueAskedForLeadsOverSentencesThatStateNone() throws {
        // "engine power and economy are slightly reduced" (p. 20) holds both question words and no power.
        let power = try Self.library.answer("How powerful is the engine?")
        #expect(power.answer.contains("Maximum power | 96 kW (130 PS) at 6,000 rpm [Northwind Tern 2024 p. 40]"), "\(power.answer)")
        #expect(!power.answer.contains("slightly reduced"), "\(power.answer)")
        // Asked by the noun, at the question's end, the same.
        #expect(ExpectedValue.asked(in: "What is the engine power?") == .power)
        #expect(ExpectedValue.asked(in: "What is the power supply voltage?") == .voltage)
        // Electrical values by their unit or their noun.
        #expect(ExpectedValue.asked(in: "How many amps is the fuse for the horn?") == .current)
        #expect(ExpectedValue.asked(in: "What amperage does the charger draw?") == .current)
        #expect(ExpectedValue.asked(in: "What voltage does the radio need?") == .voltage)
        #expect(ExpectedValue.asked(in: "How many volts is the battery?") == .voltage)
        #expect(ExpectedValue.asked(in: "Why does the low voltage warning come on?") == nil)
        let enginePower = try Self.library.answer("What is the engine power?")
        #expect(enginePower.answer.contains("Maximum power | 96 kW (130 PS) at 6,000 rpm"), "\(enginePower.answer)")
        #expect(!enginePower.answer.contains("slightly reduced"), "\(enginePower.answer)")
    }

    @Test func aStatedValueAnswersTheWordThatAskedForIt() throws {
        // "Your vehicle can tow a braked trailer of up to 1,000 kg" shares only "brake" with the question; its
        // weight answers the "heavy", and the answer is no longer offered as a mere lead (`low`).
        #expect(ExpectedValue.weight.askingTerms.isSuperset(of: TextAnalyzer.terms("heavy weigh")))
    }

    @Test func aValueStatedOnlyBesideOtherWordsIsStillNotAnAnswer() throws {
        // Page 24 says "50 km/h" with chains fitted and, in another sentence, "the top speed of the vehicle".
        let speed = try Self.library.answer("What is the top speed of the Tern?")
        #expect(speed.confidence == .none, "\(speed.answer)")
        #expect(speed.citations.isEmpty)
    }
}
