import CSQLite
import Foundation
import Testing
import TestSupport

/// Answering is a read: a writer holding the library for a long ingest does not make a question wait
/// out the 30 s busy timeout; the question is answered and, when it cannot be recorded, says so.
struct HistoryBestEffortTests {
    @Test func aQuestionIsAnsweredAtOnceWhileAnotherProcessHoldsTheWriteLock() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("ingest", "-q", Fixtures.edge("small.pdf")).status == 0)
        let expected = runner.run("query", "--json", "--no-history", "descale").stdout

        // Another connection takes the write lock and keeps it, as a long ingest does.
        var db: OpaquePointer?
        #expect(sqlite3_open(runner.library, &db) == SQLITE_OK)
        defer { sqlite3_close(db) }
        #expect(SQLiteFile.registerTokenizer(db))
        #expect(sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK)

        let start = Date()
        let asked = runner.run("query", "descale")
        let seconds = Date().timeIntervalSince(start)
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(asked.stdout.contains("p. 2"))
        #expect(asked.stderr.contains("not recorded in the history") && asked.stderr.contains("busy"), "\(asked.stderr)")
        #expect(seconds < 10, "the question waited \(seconds) s behind the writer")
        // Every read command answers while the lock is held.
        for command in [["list"], ["status"], ["show", "1"], ["chunks", "1"], ["history"], ["find", "descale"]] {
            let result = runner.run(command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        let json = runner.run("query", "--json", "descale")
        // The note goes to stderr: the JSON is the unrecorded answer's, byte for byte.
        #expect(json.status == 0 && json.stdout == expected)

        #expect(sqlite3_exec(db, "ROLLBACK", nil, nil, nil) == SQLITE_OK)
        // With the lock free again, questions are recorded as before.
        let recorded = runner.run("query", "descale")
        #expect(recorded.status == 0 && !recorded.stderr.contains("not recorded"), "\(recorded.stderr)")
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM queries") == 1)
    }
}
