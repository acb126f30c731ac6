import Foundation
import Testing
import TestSupport

@Suite struct IngestCommandTests {
    @Test func sameBytesTwiceIsUnchanged() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let first = runner.run("ingest", Fixtures.sampleManual, "--make", "Northwind", "--model", "Tern", "--year", "2024")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("added"))
        let counts = try SQLiteFile.rowCounts(runner.library)
        let copy = folder.copy(Fixtures.sampleManual, as: "copy of manual.pdf")
        let second = runner.run("ingest", Fixtures.sampleManual, copy)
        #expect(second.status == 0)
        #expect(second.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("unchanged") }, "\(second.stdout)")
        #expect(try SQLiteFile.rowCounts(runner.library) == counts)
    }

    @Test func newBytesAtTheSamePathReplaceTheDocumentAndKeepItsID() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let file = folder.copy(Fixtures.edge("small.pdf"), as: "manual.pdf")
        #expect(runner.run("ingest", file).status == 0)
        let before = try SQLiteFile.integer(runner.library, "SELECT id FROM documents")
        folder.copy(Fixtures.sampleManual, as: "manual.pdf")
        let result = runner.run("ingest", file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("replaced"))
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM documents") == 1)
        #expect(try SQLiteFile.integer(runner.library, "SELECT id FROM documents") == before)
        #expect(try SQLiteFile.integer(runner.library, "SELECT page_count FROM documents") == Int64(Fixtures.facts.pageCount))
        // Nothing of the old document survives in any table.
        let stalePages = try SQLiteFile.integer(runner.library, "SELECT count(*) FROM pages WHERE number > \(Fixtures.facts.pageCount)")
        #expect(stalePages == 0)
    }

    @Test func jsonPrintsOneObjectPerDocument() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let result = runner.run("ingest", "--json", Fixtures.edge("small.pdf"), Fixtures.edge("not-a-pdf.pdf"))
        #expect(result.status == 14)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.last?.contains("\"summary\"") == true)
        let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects[0]?["outcome"] as? String == "added")
        #expect(objects[0]?["documentID"] as? Int == 1)
        #expect(objects[1]?["outcome"] as? String == "failed")
        #expect(objects[1]?["exitCode"] as? Int == 14)
    }

    @Test func quietHidesWarningsButNeverTheErrorBehindTheExitCode() {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        // partial-scan.pdf has pages without text (a warning); empty.pdf is 0 bytes (exit 13).
        let result = runner.run("ingest", "--quiet", Fixtures.edge("partial-scan.pdf"), Fixtures.edge("empty.pdf"))
        #expect(result.status == 13)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("empty.pdf") && lines[0].contains("empty"), "\(result.stderr)")
        // One file, and a batch of several (the folder path), alike.
        let scanned = runner.run("ingest", "-q", "--ocr", "never", Fixtures.edge("scanned.pdf"))
        #expect(scanned.status == 18)
        #expect(scanned.stderr.split(separator: "\n").count == 1 && scanned.stderr.contains("scanned.pdf"), "\(scanned.stderr)")
        let batch = runner.run("ingest", "-q", "--ocr", "never", "--jobs", "2", Fixtures.edge("scanned.pdf"), Fixtures.edge("small.pdf"),
                               Fixtures.edge("not-a-pdf.pdf"))
        #expect(batch.status == 18)
        let batchLines = batch.stderr.split(separator: "\n")
        #expect(batchLines.count == 2 && batch.stderr.contains("scanned.pdf") && batch.stderr.contains("not-a-pdf.pdf"),
                "\(batch.stderr)")
    }

    @Test func productAndTitleAreStored() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("ingest", Fixtures.edge("small.pdf"), "--title", "Kettle", "--make", "Northwind",
                           "--model", "K2", "--year", "2023").status == 0)
        let list = runner.run("list")
        #expect(list.stdout.contains("Kettle"))
        #expect(list.stdout.contains("Northwind K2 2023"))
    }

    @Test func invalidOptionsAreUsageErrors() {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("ingest").status == 64)
        #expect(runner.run("ingest", "a.pdf", "b.pdf", "--title", "X").status == 64)
        #expect(!FileManager.default.fileExists(atPath: runner.library))
    }

    @Test func libraryIsCreatedPrivateWithItsFolder() throws {
        let folder = TemporaryFolder()
        let library = folder.path("nested/deeper/library.sqlite")
        let runner = ManualRunner(library: library)
        #expect(runner.run("ingest", Fixtures.edge("small.pdf")).status == 0)
        let fileMode = try FileManager.default.attributesOfItem(atPath: library)[.posixPermissions] as? Int
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder.path("nested/deeper"))[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)
    }
}
