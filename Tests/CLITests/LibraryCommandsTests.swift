import Foundation
import Testing
import TestSupport

@Suite struct LibraryCommandsTests {
    private func libraryWithBoth(_ folder: TemporaryFolder) -> ManualRunner {
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let result = runner.run("ingest", "--quiet", Fixtures.sampleManual, Fixtures.edge("small.pdf"))
        #expect(result.status == 0, "\(result.stderr)")
        return runner
    }

    @Test func listShowsEveryDocumentAsTableAndJSON() throws {
        let folder = TemporaryFolder()
        let runner = libraryWithBoth(folder)
        let table = runner.run("list")
        #expect(table.status == 0)
        #expect(table.stdout.contains(Fixtures.facts.title))
        #expect(table.stdout.split(separator: "\n").count == 3)
        #expect(table.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
        let json = try JSONSerialization.jsonObject(with: Data(runner.run("list", "--json").stdout.utf8)) as? [[String: Any]]
        #expect(json?.count == 2)
        #expect(json?.first?["pageCount"] as? Int == Fixtures.facts.pageCount)
        #expect((json?.first?["sha256"] as? String)?.count == 64)
    }

    @Test func showReportsPagesLabelsAndTextlessPages() throws {
        let folder = TemporaryFolder()
        let runner = libraryWithBoth(folder)
        let show = runner.run("show", "1", "--json")
        #expect(show.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any]
        let pages = object?["pages"] as? [[String: Any]]
        #expect(pages?.count == Fixtures.facts.pageCount)
        #expect(pages?.first?["label"] as? String == Fixtures.facts.labels["1"])
        #expect((object?["pagesWithoutText"] as? [Int]) != nil)
        let human = runner.run("show", "1")
        #expect(human.stdout.contains("without text"))
        #expect(runner.run("show", "99").status == 30)
    }

    @Test func outlineListsHeadingsWithPhysicalPagesAndLabels() {
        let folder = TemporaryFolder()
        let runner = libraryWithBoth(folder)
        let outline = runner.run("show", "1", "--outline")
        #expect(outline.status == 0)
        let heading = Fixtures.facts.outline.first { $0.level == 1 && (Fixtures.facts.labels[String($0.page)] ?? "") != String($0.page) }!
        let label = Fixtures.facts.labels[String(heading.page)]!
        #expect(outline.stdout.contains("p. \(heading.page) (printed \(label))"), "\(outline.stdout)")
    }

    @Test func removeByIDAndByPathCascades() throws {
        let folder = TemporaryFolder()
        let runner = libraryWithBoth(folder)
        #expect(runner.run("remove", "1").status == 0)
        #expect(runner.run("remove", Fixtures.edge("small.pdf")).status == 0)
        for table in ["documents", "pages", "chunks", "headings", "document_terms"] {
            #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM \(table)") == 0, "\(table)")
        }
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM chunks_fts") == 0)
        let missing = runner.run("remove", "1")
        #expect(missing.status == 30)
        #expect(missing.stderr == "manual: no document #1 in the library (see 'manual list')\n")
        let missingPath = runner.run("remove", "/manuals/gone.pdf")
        #expect(missingPath.status == 30)
        #expect(missingPath.stderr == "manual: no document from /manuals/gone.pdf in the library (see 'manual list')\n")
    }

    @Test func everyCommandExplainsItselfWithAnExample() {
        let runner = ManualRunner(library: "/nonexistent/never-created.sqlite")
        for command in ["ingest", "query", "find", "list", "show", "chunks", "remove", "reindex", "status", "history", "rate"] {
            let help = runner.run(command, "--help")
            #expect(help.status == 0)
            #expect(help.stdout.contains("manual \(command)"), "\(command) help has no example")
        }
    }
}
