import Foundation
import Testing
import TestSupport

/// `manual check` finds each corruption made on purpose in a copy of a fixture library, and
/// `check --repair` fixes it: check is clean afterwards and answers are the original library's.
struct CheckCommandTests {
    static let questions = ["What tire pressure is recommended?", "How do I descale the kettle?", "inflate the tyres"]

    /// A library of the two fixture manuals, its answers, and a fresh copy to damage.
    struct Damaged {
        var runner: ManualRunner
        var original: [String]
        /// Keeps the library's folder until the test ends.
        var folder: TemporaryFolder
    }

    private func damagedCopy(_ damage: (ManualRunner) throws -> Void) throws -> Damaged {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("ingest", "-q", Fixtures.sampleManual, Fixtures.edge("small.pdf")).status == 0)
        let original = Self.questions.map { runner.run("query", "--json", "--no-history", $0).stdout }
        let clean = runner.run("check")
        #expect(clean.status == 0 && clean.stdout.contains("nothing wrong"), "\(clean.stdout)\(clean.stderr)")
        try damage(runner)
        return Damaged(runner: runner, original: original, folder: folder)
    }

    private func expectFoundAndRepaired(_ runner: ManualRunner, original: [String], check: String, problem: Bool = true,
                                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        let found = runner.run("check", "--json")
        #expect(found.status == (problem ? 40 : 0), "\(found.stdout)\(found.stderr)", sourceLocation: sourceLocation)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [String: Any])
        let checks = (report["findings"] as? [[String: Any]] ?? []).compactMap { $0["check"] as? String }
        #expect(checks.contains(check), "\(found.stdout)", sourceLocation: sourceLocation)
        let human = runner.run("check")
        #expect(human.stdout.contains("manual check --repair"), "\(human.stdout)", sourceLocation: sourceLocation)

        let repaired = runner.run("check", "--repair")
        #expect(repaired.status == 0, "\(repaired.stdout)\(repaired.stderr)", sourceLocation: sourceLocation)
        #expect(repaired.stdout.contains("repaired:"), "\(repaired.stdout)", sourceLocation: sourceLocation)
        let after = runner.run("check")
        #expect(after.status == 0 && after.stdout.contains("nothing wrong"), "\(after.stdout)", sourceLocation: sourceLocation)
        let answers = Self.questions.map { runner.run("query", "--json", "--no-history", $0).stdout }
        #expect(answers == original, sourceLocation: sourceLocation)
    }

    @Test func aDeletedFullTextRowIsFoundAndTheIndexRebuilt() throws {
        let damaged = try damagedCopy { runner in
            try SQLiteFile.execute(runner.library, "DELETE FROM chunks_fts WHERE rowid = (SELECT min(id) FROM chunks)")
        }
        try expectFoundAndRepaired(damaged.runner, original: damaged.original, check: "fullTextIndex")
    }

    @Test func aRemovedVectorIsFoundAndMadeAgain() throws {
        let damaged = try damagedCopy { runner in
            try SQLiteFile.execute(runner.library, "DELETE FROM chunk_vectors WHERE chunk_id = (SELECT min(id) FROM chunks)")
        }
        try expectFoundAndRepaired(damaged.runner, original: damaged.original, check: "vectors")
    }

    /// A vector of the wrong length is made again, with the chunk's sentences' table rows.
    @Test func aDamagedVectorIsMadeAgainAndTheSentenceRowsStay() throws {
        let damaged = try damagedCopy { runner in
            try SQLiteFile.execute(runner.library, "UPDATE chunk_vectors SET quantized = x'01' WHERE chunk_id = (SELECT min(id) FROM chunks)")
        }
        let rows = "SELECT length(sentence_pieces) FROM chunk_vectors WHERE chunk_id = (SELECT min(id) FROM chunks)"
        let before = try SQLiteFile.integer(damaged.runner.library, rows)
        #expect(before > 0)
        try expectFoundAndRepaired(damaged.runner, original: damaged.original, check: "vectors")
        #expect(try SQLiteFile.integer(damaged.runner.library, rows) == before)
    }

    @Test func aVectorFileOfAnOlderGenerationIsANoticeAndRebuilt() throws {
        let damaged = try damagedCopy { runner in
            _ = runner.run("query", "--no-history", "warm up")  // writes the vector file
            try SQLiteFile.execute(runner.library, "UPDATE library_state SET value = value + 1 WHERE key = 'vector_generation'")
        }
        try expectFoundAndRepaired(damaged.runner, original: damaged.original, check: "vectorFile", problem: false)
    }

    @Test func aDamagedVectorFileIsAProblemAndRebuilt() throws {
        let damaged = try damagedCopy { runner in
            _ = runner.run("query", "--no-history", "warm up")
            let path = runner.library + ".vectors"
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            bytes[bytes.count - 1] ^= 0x55
            try bytes.write(to: URL(fileURLWithPath: path))
        }
        try expectFoundAndRepaired(damaged.runner, original: damaged.original, check: "vectorFile")
    }

    @Test func aChunkWithoutItsDocumentIsFoundAndDeleted() throws {
        let damaged = try damagedCopy { runner in
            try SQLiteFile.execute(runner.library, """
                CREATE TEMP TABLE stray AS SELECT * FROM chunks WHERE id = (SELECT min(id) FROM chunks);
                UPDATE stray SET id = (SELECT max(id) + 1 FROM chunks), document_id = 999;
                INSERT INTO chunks SELECT * FROM stray;
                """)
        }
        try expectFoundAndRepaired(damaged.runner, original: damaged.original, check: "orphans")
    }

    @Test func historyOfARemovedDocumentIsDetached() throws {
        let damaged = try damagedCopy { runner in
            #expect(runner.run("query", "--doc", "2", "descale").status == 0)
            try SQLiteFile.execute(runner.library, "UPDATE queries SET document_id = 77")
        }
        try expectFoundAndRepaired(damaged.runner, original: damaged.original, check: "history")
    }

    @Test func staleAndMissingSourcesAreNoticesWithTheirCommands() throws {
        let folder = TemporaryFolder()
        let manual = folder.copy(Fixtures.edge("small.pdf"), as: "kettle.pdf")
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("ingest", "-q", manual).status == 0)
        try SQLiteFile.execute(runner.library, "UPDATE documents SET pipeline_version = 'older'")
        unlink(manual)
        let result = runner.run("check")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("manual reindex --stale") && result.stdout.contains("missing"), "\(result.stdout)")
    }

    /// A document stored before chunks kept their sentences' rows and contents marks is a notice with the
    /// command that stores them; its answers do not change.
    @Test func aDocumentWithoutStoredReadingsIsANoticeAndReindexingStoresThem() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("ingest", "-q", Fixtures.sampleManual, Fixtures.edge("small.pdf")).status == 0)
        let before = Self.questions.map { runner.run("query", "--json", "--no-history", $0).stdout }
        try SQLiteFile.execute(runner.library, """
            UPDATE chunks SET navigation_lines = NULL WHERE document_id = 1;
            UPDATE chunk_vectors SET sentence_pieces = NULL WHERE document_id = 2;
            """)
        #expect(Self.questions.map { runner.run("query", "--json", "--no-history", $0).stdout } == before)
        let found = runner.run("check")
        #expect(found.status == 0, "\(found.stdout)")
        #expect(found.stdout.contains("2 documents were stored before") && found.stdout.contains("manual reindex 1 2"), "\(found.stdout)")
        #expect(runner.run("reindex", "-q", "1", "2").status == 0)
        let after = runner.run("check")
        #expect(after.status == 0 && !after.stdout.contains("stored before"), "\(after.stdout)")
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM chunks WHERE navigation_lines IS NULL") == 0)
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM chunk_vectors WHERE sentence_pieces IS NULL") == 0)
    }

    @Test func backupIsAConsistentCheckedCopyAndRefusesToOverwrite() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("ingest", "-q", Fixtures.sampleManual, Fixtures.edge("small.pdf")).status == 0)
        let destination = folder.path("copy.sqlite")
        let made = runner.run("backup", destination)
        #expect(made.status == 0 && made.stdout.contains("2 documents") && made.stdout.contains("check: ok"), "\(made.stdout)\(made.stderr)")
        // The copy is a library that answers as the original does.
        let copy = ManualRunner(library: destination)
        for question in Self.questions {
            #expect(copy.run("query", "--json", "--no-history", question).stdout
                    == runner.run("query", "--json", "--no-history", question).stdout)
        }
        #expect(copy.run("check").status == 0)
        var info = stat()
        #expect(stat(destination, &info) == 0 && info.st_mode & 0o077 == 0, "the copy is as private as the library")
        let again = runner.run("backup", destination)
        #expect(again.status == 41 && again.stderr.contains("already exists"), "\(again.stderr)")
        #expect(runner.run("backup", "--force", destination).status == 0)
        #expect(runner.run("backup", runner.library).status == 64)
    }
}
