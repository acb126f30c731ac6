import Foundation
import Testing
import TestSupport

@Suite struct BatchCommandTests {
    /// A folder tree with two good manuals and a bad file among them.
    private func manualsFolder(_ folder: TemporaryFolder) -> String {
        let root = folder.path("manuals")
        try? FileManager.default.createDirectory(atPath: root + "/kitchen", withIntermediateDirectories: true)
        folder.copy(Fixtures.sampleManual, as: "manuals/car.pdf")
        folder.copy(Fixtures.edge("small.pdf"), as: "manuals/kitchen/kettle.PDF")
        folder.copy(Fixtures.edge("not-a-pdf.pdf"), as: "manuals/kitchen/broken.pdf")
        _ = folder.write("manuals/notes.txt", Data("not a manual".utf8))
        return root
    }

    @Test(arguments: [1, 2])
    func folderIngestTakesEveryPDFAndReportsTheBadOne(jobs: Int) throws {
        let folder = TemporaryFolder()
        let root = manualsFolder(folder)
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let result = runner.run("ingest", root, "--jobs", String(jobs))
        #expect(result.status == 14, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").filter { $0.hasPrefix("added") }.count == 2)
        #expect(result.stderr.contains("broken.pdf: not a PDF"))
        #expect(result.stderr.contains("2 added, 1 failed"))
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM documents") == 2)
        let again = runner.run("ingest", root, "--json")
        let events = again.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(events.filter { $0["outcome"] as? String == "unchanged" }.count == 2)
        #expect(events.last?["summary"] is String)
    }

    @Test func statusNamesAFewStaleDocumentsAndCountsTheRest() throws {
        let folder = TemporaryFolder()
        for n in 1...10 {
            _ = folder.write("leaflet-\(n).pdf", MiniPDF(texts: ["Leaflet \(n): replace filter \(n) every \(n + 2) months."]).data())
        }
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("ingest", "-q", "--jobs", "1", folder.url.path).status == 0)
        try SQLiteFile.execute(runner.library, "UPDATE documents SET pipeline_version = 'older'")
        let status = runner.run("status").stdout
        #expect(status.contains("stale pipeline:     10 (#1, #2, #3, #4, #5, #6, #7, #8, … 2 more)  -> manual reindex --stale"),
                "\(status)")
    }

    @Test func staleFindsExactlyTheDocumentsMadeByAnotherPipeline() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("ingest", "-q", Fixtures.sampleManual, Fixtures.edge("small.pdf")).status == 0)
        try SQLiteFile.execute(runner.library, "UPDATE documents SET pipeline_version = 'older' WHERE id = 2")
        let status = try JSONSerialization.jsonObject(with: Data(runner.run("status", "--json").stdout.utf8)) as? [String: Any]
        #expect(status?["stale"] as? [Int] == [2])
        // A question asked meanwhile says so on stderr (not in JSON output, which machines read).
        let asked = runner.run("query", "--no-history", "kettle descaling")
        #expect(asked.status == 0)
        #expect(asked.stderr.contains("1 document was indexed by an older version of manual")
                && asked.stderr.contains("manual reindex --stale"), "\(asked.stderr)")
        #expect(runner.run("query", "--no-history", "--json", "kettle descaling").stderr.isEmpty)
        let result = runner.run("reindex", "--stale", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let reprocessed = result.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["documentID"] as? Int
        }
        #expect(reprocessed == [2])
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM documents WHERE pipeline_version = 'older'") == 0)
        #expect(runner.run("reindex", "--stale").stderr.contains("nothing to do"))
        #expect(runner.run("query", "--no-history", "kettle descaling").stderr.isEmpty)
    }

    @Test func changedHandlesModifiedUnchangedAndDeletedSources() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let car = folder.copy(Fixtures.sampleManual, as: "car.pdf")
        let kettle = folder.copy(Fixtures.edge("small.pdf"), as: "kettle.pdf")
        let gone = folder.copy(Fixtures.edge("damaged-xref.pdf"), as: "gone.pdf")
        _ = car
        #expect(runner.run("ingest", "-q", car, kettle, gone).status == 0)
        folder.copy(Fixtures.edge("partial-scan.pdf"), as: "kettle.pdf")
        try FileManager.default.removeItem(atPath: gone)
        let result = runner.run("reindex", "--changed")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("replaced  \(kettle)"))
        #expect(!result.stdout.contains("car.pdf"))
        #expect(result.stderr.contains("\(gone): source file is missing"))
        #expect(try SQLiteFile.integer(runner.library, "SELECT page_count FROM documents WHERE source_path = '\(kettle)'") == 3)
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM documents") == 3)
    }

    @Test func aDocumentWhoseFileIsGoneIsRebuiltFromStoredText() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let car = folder.copy(Fixtures.sampleManual, as: "car.pdf")
        #expect(runner.run("ingest", "-q", car).status == 0)
        try FileManager.default.removeItem(atPath: car)
        #expect(runner.run("reindex", "--all").status == 0)
        let answer = runner.run("query", "--json", "--no-history", "How often should I change the oil?")
        let object = try JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [String: Any]
        let pages = (object?["citations"] as? [[String: Any]] ?? []).compactMap { $0["page"] as? Int }
        #expect(pages.contains(26))
    }

    @Test func queriesDuringAReindexSeeACompleteDocument() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("ingest", "-q", Fixtures.sampleManual, Fixtures.edge("small.pdf")).status == 0)
        var queriesDuringReindex = 0
        for _ in 0..<3 {
            let reindex = Process()
            reindex.executableURL = URL(fileURLWithPath: ManualRunner.binary)
            reindex.arguments = ["reindex", "--all", "--jobs", "1", "-q", "--db", runner.library]
            reindex.standardOutput = FileHandle.nullDevice
            reindex.standardError = FileHandle.nullDevice
            try reindex.run()
            for _ in 0..<20 where reindex.isRunning {
                let result = runner.run("query", "--json", "--no-history", "What tire pressure is recommended?")
                #expect(result.status == 0, "\(result.stderr)")
                let answer = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
                let pages = (answer?["citations"] as? [[String: Any]] ?? []).compactMap { $0["page"] as? Int }
                #expect(pages.contains(23), "a query saw a half-written document: \(answer?["answer"] ?? "")")
                queriesDuringReindex += 1
            }
            reindex.waitUntilExit()
            #expect(reindex.terminationStatus == 0)
        }
        #expect(queriesDuringReindex > 0, "no query overlapped a reindex")
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM documents") == 2)
    }

    @Test func anInterruptedReindexAllResumesWithoutRedoingFinishedDocuments() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("ingest", "-q", Fixtures.sampleManual, Fixtures.edge("small.pdf")).status == 0)
        // The state a killed `reindex --all` leaves: its job open, document 1 already redone after it began.
        try SQLiteFile.execute(runner.library, """
            INSERT INTO jobs (name, started_at) VALUES ('reindex --all', '2020-01-01T00:00:00.000Z');
            UPDATE documents SET ingested_at = '2020-01-01T00:00:01.000Z' WHERE id = 1;
            UPDATE documents SET ingested_at = '2019-12-31T23:59:59.000Z' WHERE id = 2;
            """)
        let resumed = runner.run("reindex", "--all", "--json")
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("resuming"))
        let redone = resumed.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["documentID"] as? Int
        }
        #expect(redone == [2])
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM jobs") == 0)
        let fresh = runner.run("reindex", "--all", "--json")
        #expect(fresh.stdout.split(separator: "\n").filter { $0.contains("\"documentID\"") }.count == 2)
    }

    @Test func reindexNeedsExactlyOneSelection() {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("reindex").status == 64)
        #expect(runner.run("reindex", "--all", "--stale").status == 64)
        #expect(runner.run("reindex", "42").status == 36)  // no library yet
        #expect(runner.run("ingest", "-q", Fixtures.edge("small.pdf")).status == 0)
        #expect(runner.run("reindex", "42").status == 30)
    }
}
