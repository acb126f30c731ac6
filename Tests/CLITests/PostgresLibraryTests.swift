import Foundation
import ManualKit
import Testing
import TestSupport

/// Issue 52: the library in PostgreSQL, through the real binary against the throwaway server scripts/test
/// starts. A migrated library answers byte for byte as the SQLite file it came from; connection problems
/// are one line and their own exit code; shards claim their part on the server; a killed shard or a server
/// stopped mid-ingest leaves every document whole or absent.
@Suite(.enabled(if: PostgresTestServer.enabled), .serialized) struct PostgresLibraryTests {
    private static let questions: [String] = {
        let path = Fixtures.root.appendingPathComponent("appliance-questions.jsonl").path
        return ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["question"] as? String
        }
    }()

    private func answers(_ library: String, _ questions: [String]) -> [String] {
        questions.map { Child.manual(["query", $0, "--json", "--no-history"], library: library).stdout }
    }

    @Test func aMigratedLibraryAnswersEveryQuestionByteForByteAndMigratesBack() throws {
        let folder = TemporaryFolder()
        let file = folder.path("library.sqlite")
        #expect(Child.manual(["ingest", Fixtures.dishwasherGuide, Fixtures.radioGuide, Fixtures.quickCard, "--quiet"],
                             library: file).exitCode == 0)
        #expect(Child.manual(["query", "How often should I clean the filter?"], library: file).exitCode == 0)
        let database = PostgresTestServer.database("parity")
        let migrated = Child.manual(["migrate", "--to", database], library: file)
        #expect(migrated.exitCode == 0 && migrated.stdout.contains("migrated 3 documents"), "\(migrated)")
        #expect(!migrated.stdout.contains("secret"), "the password is never printed")
        #expect(Self.questions.count >= 40)
        let expected = answers(file, Self.questions)
        #expect(answers(database, Self.questions) == expected)
        // What the questions worked out (follow-up checks, the manuals' names) is kept for every node, and
        // answers read back from it are the same.
        #expect(Int(PostgresTestServer.rows(database, "SELECT count(*) FROM kept_values").first ?? "") ?? 0 > 0)
        #expect(answers(database, Array(Self.questions.prefix(6))) == Array(expected.prefix(6)))
        // Ids, the history and the checks came along.
        #expect(Child.manual(["list"], library: database).stdout == Child.manual(["list"], library: file).stdout)
        #expect(Child.manual(["history"], library: database).stdout == Child.manual(["history"], library: file).stdout)
        #expect(Child.manual(["check"], library: database).exitCode == 0)

        // Back to a file, and a library ingested straight into PostgreSQL, answer the same.
        let back = folder.path("back.sqlite")
        #expect(Child.manual(["migrate", "--to", back], library: database).exitCode == 0)
        let direct = PostgresTestServer.database("direct")
        #expect(Child.manual(["ingest", Fixtures.dishwasherGuide, Fixtures.radioGuide, Fixtures.quickCard, "--quiet"],
                             library: direct).exitCode == 0)
        let some = Array(Self.questions.prefix(12))
        #expect(answers(back, some) == Array(expected.prefix(12)))
        #expect(answers(direct, some) == Array(expected.prefix(12)))

        // A destination that already holds a library is refused and left as it was.
        let again = Child.manual(["migrate", "--to", database], library: file)
        #expect(again.exitCode == 24 && again.stderr.contains("already holds a library"), "\(again)")
        #expect(PostgresTestServer.rows(database, "SELECT count(*) FROM documents") == ["3"])
    }

    @Test func aBadURLAWrongPasswordAndAMissingDatabaseAreOneLineEachAndCreateNothing() throws {
        guard let base = PostgresTestServer.base, let port = base.split(separator: ":").last else {
            Issue.record("no test server"); return
        }
        let database = PostgresTestServer.database("logins")
        let name = String(database.split(separator: "/").last!)
        let cases: [(String, Int32, String)] = [
            ("postgres://manual:secret@127.0.0.1:1/\(name)", 37, "cannot reach the PostgreSQL server"),
            ("postgres://manual:wrong@127.0.0.1:\(port)/\(name)", 38, "refused the login"),
            ("postgres://manual:secret@127.0.0.1:\(port)/no_such_database", 39, "does not exist"),
        ]
        for (url, code, message) in cases {
            for command in [["list"], ["ingest", Fixtures.quickCard]] {
                let result = Child.manual(command, library: url)
                #expect(result.exitCode == code && result.stderr.contains(message), "\(command) \(url): \(result)")
                #expect(result.stderr.split(separator: "\n").count == 1 && !result.stderr.contains("wrong"), "\(result)")
            }
        }
        // An empty database is no library to a command that reads; nothing is created in it.
        let list = Child.manual(["list"], library: database)
        #expect(list.exitCode == 36, "\(list)")
        #expect(PostgresTestServer.rows(database, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == ["0"])
        // A library from a newer manual is refused and left untouched.
        #expect(Child.manual(["ingest", Fixtures.quickCard, "--quiet"], library: database).exitCode == 0)
        PostgresTestServer.admin("UPDATE library_state SET value = 99 WHERE key = 'schema_version'", database: name)
        let newer = Child.manual(["ingest", Fixtures.radioGuide], library: database)
        #expect(newer.exitCode == 21 && newer.stderr.contains("newer"), "\(newer)")
        #expect(PostgresTestServer.rows(database, "SELECT count(*) FROM documents") == ["1"])
    }

    /// This node's vector file as `status --json` reports it: generation, made whole at, catch-ups since.
    private func vectorFile(_ library: String) throws -> [Int64] {
        let status = try JSONSerialization.jsonObject(with: Data(Child.manual(["status", "--json"], library: library).stdout.utf8))
        let file = (status as? [String: Any])?["vectorFile"] as? [String: Any] ?? [:]
        return ["generation", "builtWholeAt", "catchUps"].map { (file[$0] as? NSNumber)?.int64Value ?? -1 }
    }

    @Test func aNodesVectorFileCatchesUpFromTheChangeLogAndNeverAnswersFromARemovedDocument() throws {
        let library = PostgresTestServer.database("catchup")
        let card = ["query", "What is on the quick reference card?", "--json", "--no-history"]
        #expect(Child.manual(["ingest", Fixtures.dishwasherGuide, Fixtures.radioGuide, "--quiet"], library: library).exitCode == 0)
        _ = Child.manual(card, library: library)  // this node's vector file, made whole
        let made = try vectorFile(library)
        #expect(made[0] > 0 && made[1] == made[0] && made[2] == 0, "\(made)")

        // Another process adds a manual: the next question catches up from the log instead of making the file whole.
        #expect(Child.manual(["ingest", Fixtures.quickCard, "--quiet"], library: library).exitCode == 0)
        let afterAdd = Child.manual(card, library: library).stdout
        #expect(afterAdd.contains("\"documentID\" : 3"), "the added manual answers")
        let caught = try vectorFile(library)
        #expect(caught[0] > made[0] && caught[1] == made[1] && caught[2] == 1, "\(caught)")
        // Its rows are those of a file made whole (check compares them), and so are its answers.
        #expect(Child.manual(["check"], library: library).exitCode == 0)
        let file = try Stores.open(library, creating: false).cacheLocation + ".vectors"
        try FileManager.default.removeItem(atPath: file)
        #expect(Child.manual(card, library: library).stdout == afterAdd)
        #expect(try vectorFile(library)[2] == 0)

        // A removed manual: caught up again, and never cited.
        #expect(Child.manual(["remove", "3"], library: library).exitCode == 0)
        let afterRemove = Child.manual(card, library: library)
        #expect(afterRemove.exitCode == 0 && !afterRemove.stdout.contains("\"documentID\" : 3"), "\(afterRemove.stdout.prefix(400))")
        #expect(try vectorFile(library)[2] == 1)
        #expect(Child.manual(["check"], library: library).exitCode == 0)

        // A log that no longer reaches back, or a damaged file: made whole again, answering the same.
        #expect(Child.manual(["ingest", Fixtures.quickCard, "--quiet"], library: library).exitCode == 0)
        PostgresTestServer.admin("DELETE FROM library_changes", database: String(library.split(separator: "/").last!))
        #expect(Child.manual(card, library: library).stdout == afterAdd, "the manual is back, under its old id")
        let remade = try vectorFile(library)
        #expect(remade[1] == remade[0] && remade[2] == 0, "\(remade)")
        try Data("MNLVEC03".utf8).write(to: URL(fileURLWithPath: file))
        #expect(Child.manual(card, library: library).exitCode == 0)
        #expect(try vectorFile(library)[1] == remade[0])
        #expect(Child.manual(["check"], library: library).exitCode == 0)
    }

    /// Eight small generated manuals.
    private func corpus(_ count: Int = 8) -> TemporaryFolder {
        let folder = TemporaryFolder()
        for index in 0..<count {
            folder.write("m\(index).pdf", generatedManual(pages: 12 + 2 * (index % 4), linesPerPage: 25, seed: UInt64(index + 11)).data())
        }
        return folder
    }

    private func reported(_ stdout: String) -> Int {
        stdout.split(separator: "\n").filter { $0.contains("\"outcome\"") }.count
    }

    @Test func aSecondCopyOfARunningShardIsBusyAndAKilledShardIsFinishedByItsRerun() throws {
        let files = corpus()
        let reference = PostgresTestServer.database("reference"), library = PostgresTestServer.database("sharded")
        for url in [reference, library] {
            #expect(Child.manual(["ingest", files.url.path, "--quiet", "--jobs", "1"], library: url).exitCode == 0)
        }
        #expect(Child.manual(["reindex", "--all", "--jobs", "1", "--quiet"], library: reference).exitCode == 0)
        do {
            let running = try Stores.open(library, creating: false)
            try running.claimJob("reindex --shard 1/4")
            let second = Child.manual(["reindex", "--all", "--shard", "1/4", "--quiet"], library: library)
            #expect(second.exitCode == 29 && second.stderr.contains("busy"), "\(second)")
        }
        let documents = PostgresTestServer.rows(library, "SELECT sha256, page_count FROM documents").map { $0.split(separator: "|") }
        let parts = Shard.parts(byPages: documents.map { (String($0[0]), Int($0[1])!) }, count: 4)
        let sizes = (0..<4).map { part in documents.filter { parts[String($0[0])] == part }.count }
        let victim = sizes.firstIndex(of: sizes.max()!)!
        let reindex = { (part: Int) in ["reindex", "--all", "--shard", "\(part)/4", "--jobs", "1", "--json", "--quiet"] }
        let children = try (0..<4).map { try Child(ManualRunner.binary, reindex($0), environment: ["MANUAL_DB": library]) }
        let deadline = Date().addingTimeInterval(120)
        while !children[victim].hasExited && Date() < deadline && reported(children[victim].stdoutSoFar) == 0 { usleep(500) }
        children[victim].send(SIGKILL)
        let results = children.map { $0.wait(timeout: 300) }
        for (part, result) in results.enumerated() where part != victim { #expect(result.exitCode == 0, "\(result)") }
        let rerun = Child.manual(reindex(victim), library: library)
        #expect(rerun.exitCode == 0, "\(rerun)")
        #expect(reported(results[victim].stdout) + reported(rerun.stdout) == sizes[victim])
        #expect(Child.manual(["check"], library: library).exitCode == 0)
        let ids = "SELECT id, document_id, ordinal FROM chunks ORDER BY id"
        #expect(PostgresTestServer.rows(library, ids) == PostgresTestServer.rows(reference, ids))
        let question = ["query", "how do I clean the filter", "--json", "--no-history"]
        #expect(Child.manual(question, library: library).stdout == Child.manual(question, library: reference).stdout)
    }

    @Test func aServerStoppedMidIngestLeavesEveryDocumentWholeOrAbsent() throws {
        let files = corpus(6)
        let library = PostgresTestServer.database("stopped")
        let ingest = try Child(ManualRunner.binary, ["ingest", files.url.path, "--jobs", "1", "--json", "--quiet"],
                               environment: ["MANUAL_DB": library])
        let deadline = Date().addingTimeInterval(120)
        while !ingest.hasExited && Date() < deadline && reported(ingest.stdoutSoFar) == 0 { usleep(500) }
        #expect(PostgresTestServer.stop().exitCode == 0)
        let result = ingest.wait(timeout: 120)
        #expect(PostgresTestServer.start().exitCode == 0)
        #expect(result.exitCode == 44 || result.exitCode == 37, "\(result)")
        #expect(result.stderr.contains("went away") || result.stderr.contains("cannot reach"), "\(result)")
        // Every stored document has all its pages and chunks, and the keyword totals agree with them.
        let documents = PostgresTestServer.rows(library, """
            SELECT d.page_count = (SELECT count(*) FROM pages p WHERE p.document_id = d.id)
               AND (SELECT count(*) FROM chunks c WHERE c.document_id = d.id) > 0 FROM documents d
            """)
        #expect(!documents.isEmpty && documents.allSatisfy { $0 == "t" }, "\(documents)")
        #expect(documents.count < 6, "the server was stopped after the last document")
        #expect(Child.manual(["check"], library: library).exitCode == 0)
        // Running it again adds the rest.
        #expect(Child.manual(["ingest", files.url.path, "--quiet"], library: library).exitCode == 0)
        #expect(PostgresTestServer.rows(library, "SELECT count(*) FROM documents") == ["6"])
    }
}
