import Foundation
import ManualKit
import Testing
import TestSupport

/// Answers are remembered per library state (`AnswerMemo`), and a change made by another process is a
/// new state: the same question asked of the same open library after an ingest or a removal by
/// `manual ingest` / `manual remove` answers from the library as it is then, never from memory.
struct AnswerMemoTests {
    @Test func anAnswerAfterAnotherProcessAddsOrRemovesAManualReflectsIt() throws {
        let folder = TemporaryFolder()
        let path = folder.path("library.sqlite")
        let other = ManualRunner(library: path)
        #expect(other.run("ingest", "-q", Fixtures.sampleManual).status == 0)
        let library = try ManualLibrary(path: path)
        // Asked in this process's own words; only the radio guide says it.
        let question = "how long should the radio charge before first use"
        let radioCited = { (answer: Answer, id: Int64) in answer.citations.contains { $0.documentID == id } }

        let before = try library.ask(question, record: false).answer
        let again = try library.ask(question, record: false).answer
        #expect(StableJSON.string(before) == StableJSON.string(again))

        #expect(other.run("ingest", "-q", Fixtures.radioGuide).status == 0)
        let radio = try #require(try library.store.documents().first { $0.sourcePath.hasSuffix("radio-guide.pdf") })
        #expect(!radioCited(before, radio.id))
        let added = try library.ask(question, record: false).answer
        #expect(radioCited(added, radio.id), "\(added.answer)")
        #expect(added.answer.contains("4 hours"), "\(added.answer)")

        #expect(other.run("remove", "\(radio.id)").status == 0)
        let removed = try library.ask(question, record: false).answer
        #expect(!radioCited(removed, radio.id))
        #expect(StableJSON.string(removed) == StableJSON.string(before))
    }
}
