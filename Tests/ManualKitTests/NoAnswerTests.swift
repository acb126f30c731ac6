import Foundation
import Testing
import TestSupport
@testable import ManualKit

/// When the library does not cover a question it says so and cites nothing; when it does, a copy of the
/// answer in another manual does not take the quote from the better-ranked one.
@Suite(.serialized) struct NoAnswerTests {
    static let library = FixtureLibrary([Fixtures.radioGuide, Fixtures.edge("small.pdf")])

    private func ask(_ question: String) throws -> Answer {
        try Self.library.library.ask(question, record: false).answer
    }

    @Test func aQuestionNamingSomethingNoManualMentionsIsNotAnswered() throws {
        // "alarm" and "radio" retrieve the alarm procedure; the XR-200 is in neither manual.
        let answer = try ask("How do I set the alarm on the XR-200 radio?")
        #expect(answer.confidence == .none)
        #expect(answer.citations.isEmpty && answer.sourcePages.isEmpty)
        #expect(answer.answer == Answer.notCoveredMessage(naming: "XR-200"), "\(answer.answer)")
        // Without the name the same words are answered.
        let plain = try ask("How do I set the alarm on the radio?")
        #expect(plain.confidence != .none && !plain.citations.isEmpty, "\(plain.answer)")
    }

    @Test func onlyWordsWrittenAsNamesCount() {
        let unknown: Set<String> = ["ch341a", "jupyt", "cheap", "rp2040", "pico"]
        #expect(UnknownName.first(in: "Does avrdude support the CH341A programmer?", unknownTerms: unknown) == "CH341A")
        #expect(UnknownName.first(in: "How do I program a Pico (RP2040)?", unknownTerms: unknown) == "Pico")
        #expect(UnknownName.first(in: "Program the (RP2040)?", unknownTerms: unknown) == "RP2040")
        // An everyday word the manuals do not use is the asker's phrasing, not a name.
        #expect(UnknownName.first(in: "Is a cheap adapter slow?", unknownTerms: unknown) == nil)
        // The capital every question starts with does not make a name.
        #expect(UnknownName.first(in: "Jupyter notebooks: can I use them?", unknownTerms: unknown) == nil)
        // A name the library knows is no reason to decline.
        #expect(UnknownName.first(in: "What does the Northwind radio weigh?", unknownTerms: unknown) == nil)
    }

    @Test func copiesOfASentenceAreScoredAlikeSoTheBetterRankedPassageIsQuoted() {
        let text = "Many units have a female DB-9 socket with a non-standard pinout."
        func candidate(passage: Int, score: Double) -> SentenceCandidate {
            SentenceCandidate(ref: SentenceRef(passage: passage, index: 0), sentence: Sentence(text: text, page: 10 + passage),
                              ownCoverage: 0.5, score: score, contentScore: score)
        }
        let other = SentenceCandidate(ref: SentenceRef(passage: 1, index: 1), sentence: Sentence(text: "Pin 2 is TxD.", page: 11),
                                      ownCoverage: 0.5, score: 0.7, contentScore: 0.7)
        // The copy in the third passage scored higher (its heading shared a question word).
        let scored = SentenceScorer.scoringCopiesAlike([candidate(passage: 0, score: 0.6), other, candidate(passage: 2, score: 0.8)])
            .sorted(by: SentenceCandidate.isBetter)
        #expect(scored.map(\.ref.passage) == [0, 2, 1])
        #expect(scored[0].score == 0.8 && scored[1].score == 0.8 && scored[2].score == 0.7)
    }
}
