import Foundation
import Synchronization
import Testing
import TestSupport
@testable import ManualKit

/// Readers and one writer on one library, the way `manual serve` will share it: each thread has its own
/// connection (`ManualLibrary`), and a reader sees the library before a document's commit or after it,
/// never in between.
struct ConcurrentReadersTests {
    static let questions = [
        "What tire pressure is recommended?", "How often should I change the oil?", "inflate the tyres",
        "How do I descale the kettle?", "jump start a flat battery", "What does the warranty cover?",
        "How do I reset the maintenance light?", "replace a fuse", "boil dry protection", "wiper blades",
    ]

    private static func answers(_ path: String) throws -> [String] {
        let library = try ManualLibrary(path: path)
        return try questions.map { StableJSON.string(try library.ask($0, record: false).answer) }
    }

    @Test func eightReadersWhileAnIngestCommitsSeeTheLibraryBeforeOrAfter() throws {
        let folder = TemporaryFolder()
        let path = folder.path("library.sqlite")
        _ = try ManualLibrary(path: path).ingest(Fixtures.sampleManual)
        let before = try Self.answers(path)

        let ingestDone = Atomic<Bool>(false)
        let seen = LockedValue<[(question: Int, answer: String)]>([])
        let failures = LockedValue<[String]>([])
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            do {
                let writer = try ManualLibrary(path: path)
                _ = try writer.ingest(Fixtures.edge("small.pdf"))  // one document: one commit
            } catch {
                failures.withLock { $0.append("ingest: \(error)") }
            }
            ingestDone.store(true, ordering: .releasing)
        }
        for reader in 0..<8 {
            DispatchQueue.global().async(group: group) {
                do {
                    let library = try ManualLibrary(path: path)
                    var round = 0
                    // Ask until the writer is done, and a round more: every reader overlaps the commits.
                    while round < 2 || !ingestDone.load(ordering: .acquiring) {
                        let index = (reader + round) % Self.questions.count
                        let answer = StableJSON.string(try library.ask(Self.questions[index], record: false).answer)
                        seen.withLock { $0.append((index, answer)) }
                        round += 1
                        if round > 400 { break }
                    }
                } catch {
                    failures.withLock { $0.append("reader \(reader): \(error)") }
                }
            }
        }
        group.wait()
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")

        let after = try Self.answers(path)
        #expect(before != after, "the ingest should change some answers, or the test proves nothing")
        let observed = seen.withLock { $0 }
        #expect(observed.count >= 16)
        for (index, answer) in observed {
            #expect(answer == before[index] || answer == after[index],
                    "\(Self.questions[index]): an answer from neither the library before nor after the commit")
        }
    }
}
