import Testing
import TestSupport
@testable import ManualKit

/// "How do I …?" a thing the manual names only where it does not say how: declined, not answered from a passage
/// about something else that shares the question's other words.
@Suite(.serialized) struct UnaddressedThingTests {
    /// The owner's manual and the kettle guide: the library the paraphrase set is asked of.
    static let library = FixtureLibrary()

    @Test func theThingAnActionIsDoneToIsTheNounPhraseAfterTheVerb() {
        func parsed(_ question: String) -> (phrase: [String], particle: String?)? {
            AskedAction(words: QuestionTerms.askingClause(question)).map { ($0.objectPhrase, $0.particle) }
        }
        #expect(parsed("How do I turn on the heated steering wheel?")! == (["heated", "steering", "wheel"], "on"))
        #expect(parsed("How do I replace a front wiper blade?")! == (["front", "wiper", "blade"], nil))
        #expect(parsed("How do I turn the radio on?")! == (["radio"], nil))
        #expect(parsed("How can I safely remove the engine air filter without tools?")! == (["engine", "air", "filter"], nil))
        #expect(parsed("How do I log in to the web page?")! == ([], nil))
        #expect(parsed("How do I reset it?")! == ([], nil))
    }

    @Test func aThingNamedOnlyWhereTheManualDoesNotSayHowIsDeclined() throws {
        // The manual names the heated steering wheel among equipment sold in some markets and in its fuse table;
        // the flat-tire procedure ("Turn the nuts …", "the wheel") was quoted at medium.
        let answer = try Self.library.answer("How do I turn on the heated steering wheel?")
        #expect(answer.confidence == .none && answer.citations.isEmpty, "\(answer.answer)")
        #expect(answer.answer == Answer.notCoveredMessage(thing: "heated steering wheel", action: "turn it on"), "\(answer.answer)")
    }

    @Test func aThingNamedBesideTheActionOrInThePassagesReadIsNoReasonToDecline() throws {
        let store = Self.library.library.store
        func find(_ question: String, results: [SearchResult] = []) throws -> UnaddressedThing? {
            try UnaddressedThing.find(in: question, results: results, considered: 4, named: nil, filter: SearchFilter(), store: store)
        }
        // Even with no passage read, "To replace a front wiper blade:" names the action beside the thing.
        #expect(try find("How do I replace a front wiper blade?") == nil)
        // Never named word for word ("tyre"): nothing says the library lacks it.
        #expect(try find("How do I turn on the heated tyre warmer?") == nil)
        #expect(try find("How do I turn on the heated steering wheel?")
                == UnaddressedThing(thing: "heated steering wheel", action: "turn it on"))
        // Named in a passage the answer reads.
        let answer = try Self.library.library.ask("heated steering wheel fuse", record: false).answer
        let results = try store.chunks(ids: answer.results.map(\.chunkID)).map { stored in
            SearchResult(chunkID: stored.id, documentID: stored.documentID, documentTitle: "", fileName: "", chunk: stored.chunk,
                         keywordScore: 1, semanticScore: 1, relevance: 1, matchType: .hybrid)
        }
        #expect(try find("How do I turn on the heated steering wheel?", results: results) == nil)

        // Asked of the flat tire, a thing the manual says how to change, the procedure answers.
        let tire = try Self.library.answer("How do I change a flat tire?")
        #expect(tire.confidence != .none && tire.citations.first?.page == 35, "\(tire.answer)")
    }
}
