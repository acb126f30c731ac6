import Testing
import TestSupport
@testable import ManualKit
@testable import ManualQuestion

/// "At most" and "at least" are stopwords; a question asking a bound by them is asked by the bound's word.
@Suite struct BoundQuestionTests {
    @Test func aBoundAskedByAPhraseIsAskedByItsWord() {
        #expect(BoundQuestion.rewrite("How much water can I put in at most?") == "How much water can I put in maximum?")
        #expect(BoundQuestion.rewrite("At least how far from the wheel should I sit?")
                == "minimum how far from the wheel should I sit?")
        #expect(BoundQuestion.rewrite("How many people fit at the most, at the least?") == "How many people fit maximum, minimum?")
    }

    @Test func otherQuestionsAreLeftAsTyped() {
        #expect(BoundQuestion.rewrite("How often should the tyres be swapped between the front and the back?") == nil)
        // Punctuation between the words breaks the phrase: "at, most" asks no bound.
        #expect(BoundQuestion.rewrite("Where is it at, most likely?") == nil)
        #expect(BoundQuestion.rewrite("What is the maximum load?") == nil)
    }

    @Test func theRewriterAsksTheBoundByItsWord() throws {
        let library = FixtureLibrary([Fixtures.sampleManual])
        let rewriter = QueryRewriter(store: library.library.store)
        #expect(try rewriter.rewrite("How heavy a trailer can I tow at most?") == "How heavy a trailer can I tow maximum?")
    }
}
