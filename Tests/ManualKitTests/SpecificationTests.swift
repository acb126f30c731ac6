import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualQuestion

/// "Which grade of engine oil should I use?" is answered by the sentence naming the grade, not by the one
/// that shares the most words with it.
@Suite struct SpecificationTests {
    @Test func aQuestionForWhatToUseIsToldFromOtherWhatQuestions() {
        #expect(Specification.isAsked(in: "Which grade of engine oil should I use?"))
        #expect(Specification.isAsked(in: "What brake fluid do I need?"))
        #expect(Specification.isAsked(in: "What battery does the smart key take?"))
        #expect(Specification.isAsked(in: "What kind of coolant goes in?"))
        // The thing comes before the verb: these ask for steps, a meaning or a value.
        #expect(!Specification.isAsked(in: "What do I need to do before towing?"))
        #expect(!Specification.isAsked(in: "What does the -D option do?"))
        #expect(!Specification.isAsked(in: "What is the tire pressure?"))
    }

    @Test func aDesignationIsOneTheQuestionDoesNotAlreadyName() {
        let oil = Specification.words(of: "Which grade of engine oil should I use?")
        #expect(Specification.isStated(in: "If you change the oil yourself, use SAE 0W-20 engine oil.", besides: oil))
        #expect(Specification.isStated(in: "Fuel tank | 47 L | unleaded, RON 95", besides: oil))
        #expect(!Specification.isStated(in: "WARNING Prolonged contact with used engine oil may cause skin cancer.", besides: oil))
        // The model the question names, and a listing of one machine's values, name nothing to use.
        let cable = Specification.words(of: "What cable do I need for an Eaton Ellipse MAX UPS?")
        #expect(!Specification.isStated(in: "A sample run on an UPS (Eaton Ellipse MAX 1100) looks like this:", besides: cable))
        #expect(!Specification.isStated(in: "battery.charge: 100 device.model: Ellipse device.serial: ADKK22008", besides: cable))
    }

    @Test func theSentenceNamingTheGradeAnswersNotTheOneSharingMostWords() throws {
        // "use" is the question's verb, and "used engine oil" in the p. 28 warning matched it: the warning
        // was quoted. The sentence naming the grade, on the same page, is the answer.
        let library = FixtureLibrary()
        let oil = try library.library.ask("Which grade of engine oil should I use?", record: false).answer
        #expect(oil.answer.hasPrefix("If you change the oil yourself, use SAE 0W-20"), "\(oil.answer)")
        #expect(oil.citations.first?.page == 28)
        let brake = try library.library.ask("What brake fluid do I need?", record: false).answer
        // The grade is stated on p. 32 and in the specification table on p. 40: either answers.
        #expect(brake.citations.contains { $0.quote.contains("DOT 4") && [32, 40].contains($0.page) }, "\(brake.answer)")
    }

    @Test func theDesignationLeadsASentenceThatReadsAsCloseOrHoldsTheSameWords() throws {
        let library = FixtureLibrary()
        // The caution on p. 40 holds "spark plug" as the type's row does, and reads closer to the question.
        let plugs = try library.library.ask("What spark plugs does it take?", record: false).answer
        let plugLines = plugs.answer.split(separator: "\n").filter { !$0.hasPrefix("Item | Value") }
        #expect(plugLines.first?.hasPrefix("Spark plug type | Iridium, Northwind part No. 90048-15D") == true, "\(plugs.answer)")
        #expect(!plugs.answer.contains("must not be adjusted"), "\(plugs.answer)")
        // "Replace the battery with one of the same type" holds both question words and names no type; the
        // coin cell's sentence reads closer to the question.
        let key = try library.library.ask("What battery does the key take?", record: false).answer
        #expect(key.answer.hasPrefix("The smart key is powered by a CR2032 lithium coin cell"), "\(key.answer)")
        #expect(key.citations.first?.page == 17)
    }
}
