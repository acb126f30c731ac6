import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualIndex

/// Follow-up checks are kept in the library for the next process (issue 51), valid for one library state.
@Suite(.serialized) struct KeptFollowUpChecksTests {
    @Test func theStoreKeepsTheValuesOfOneStateOnly() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore(path: folder.path("lib.sqlite"))
        try store.keep(["a": "1", "b": "0"], kind: "k", state: "s1", waitMilliseconds: 0)
        #expect(try store.keptValue(kind: "k", state: "s1", key: "a") == "1")
        #expect(try store.keptValue(kind: "k", state: "s1", key: "b") == "0")
        #expect(try store.keptValue(kind: "k", state: "s2", key: "a") == nil)
        #expect(try store.keptValue(kind: "other", state: "s1", key: "a") == nil)
        // Keeping under a new state drops the old state's values.
        try store.keep(["c": "1"], kind: "k", state: "s2", waitMilliseconds: 0)
        #expect(try store.keptValue(kind: "k", state: "s1", key: "a") == nil)
        #expect(try store.keptValue(kind: "k", state: "s2", key: "c") == "1")
    }

    /// A kind never holds more than `KeptValues.capacityPerKind` values: one that would is emptied first.
    @Test func aKindThatWouldHoldTooManyValuesIsEmptiedFirst() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore(path: folder.path("lib.sqlite"))
        let full = Dictionary(uniqueKeysWithValues: (0..<KeptValues.capacityPerKind).map { ("k\($0)", "1") })
        try store.keep(full, kind: "k", state: "s", waitMilliseconds: 0)
        #expect(try store.keptValue(kind: "k", state: "s", key: "k0") == "1")
        try store.keep(["new": "1"], kind: "k", state: "s", waitMilliseconds: 0)
        #expect(try store.keptValue(kind: "k", state: "s", key: "k0") == nil)
        #expect(try store.keptValue(kind: "k", state: "s", key: "new") == "1")
    }

    /// A copy of the library at another path shares nothing this process remembers (its memos are keyed by
    /// the path), only what the library keeps: the checks kept there decide which follow-ups it offers.
    @Test func anotherProcessOffersTheFollowUpsTheLibraryKeptAsAnswerable() throws {
        let fixture = FixtureLibrary()
        let question = "How do I descale the kettle?"
        let first = try fixture.answer(question)
        #expect(!first.suggestedFollowUps.isEmpty)
        #expect(try SQLiteFile.integer(fixture.folder.path("lib.sqlite"), "SELECT count(*) FROM kept_values") > 0)

        let same = fixture.folder.path("same.sqlite"), declined = fixture.folder.path("declined.sqlite")
        for copy in [same, declined] {
            try SQLiteFile.execute(fixture.folder.path("lib.sqlite"), "VACUUM INTO '\(copy)'")
        }
        // Kept as they were: the same answer, byte for byte.
        let again = try ManualLibrary(path: same).ask(question, record: false).answer
        #expect(StableJSON.string(again) == StableJSON.string(first))
        // Kept as unanswerable: none of them is offered (others, not checked before, may be), so the kept
        // checks were read rather than made again.
        try SQLiteFile.execute(declined, "UPDATE kept_values SET value = '0'")
        let offered = try ManualLibrary(path: declined).ask(question, record: false).answer.suggestedFollowUps
        #expect(Set(offered).isDisjoint(with: first.suggestedFollowUps), "\(offered)")
    }
}
