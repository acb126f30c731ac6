import Foundation
import Testing
import TestSupport

/// Scanned pages are read by Tesseract in the extraction workers and cited like any other page
/// (Fixtures/scanned/, made by scripts/make-scanned-fixtures from the sample manual).
struct OCRTests {
    /// sample-scan.pdf is physical pages 21-30 of the sample manual as images: page N there is page N - 20 here.
    static let scanOffset = 20

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    /// The first JSON object line of an `ingest --json` run (the document's line).
    private func documentLine(_ stdout: String) throws -> [String: Any] {
        let line = try #require(stdout.split(separator: "\n").first, "no output")
        return try json(String(line))
    }

    /// The reference questions whose answers are on the scanned pages, with their physical pages.
    private func referenceQuestions() throws -> [(question: String, page: Int)] {
        let text = try String(contentsOf: Fixtures.root.appendingPathComponent("questions.jsonl"), encoding: .utf8)
        return try text.split(separator: "\n").compactMap { line in
            let object = try json(String(line))
            guard let id = object["id"] as? String, ["tern-001", "tern-002", "tern-003"].contains(id),
                  let question = object["question"] as? String, let page = (object["pages"] as? [Int])?.first else { return nil }
            return (question, page)
        }
    }

    @Test func aScannedManualAnswersTheReferenceQuestionsFromTheRightPages() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let ingest = runner.run("ingest", "--json", Fixtures.scanned("sample-scan.pdf"))
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let line = try documentLine(ingest.stdout)
        #expect(line["ocrPages"] as? Int == 10 && line["ocrCachedPages"] as? Int == 0, "\(ingest.stdout)")

        let shown = try json(runner.run("show", "1", "--json").stdout)
        #expect(shown["ocrPages"] as? Int == 10)
        #expect((shown["ocrMeanConfidence"] as? Double ?? 0) > 80, "\(shown["ocrMeanConfidence"] ?? "-")")
        #expect((shown["pages"] as? [[String: Any]] ?? []).allSatisfy { $0["source"] as? String == "ocr" })
        #expect(runner.run("show", "1").stdout.contains("OCR:        10 pages, mean word confidence"))

        // Answers from OCR'd text are as good as from the text layer: the reference questions are answered
        // from their pages nearly always (two of three at least), and every cited page is marked as OCR'd.
        let questions = try referenceQuestions()
        #expect(questions.count == 3)
        var right = 0
        for (question, page) in questions {
            let answer = try json(runner.run("query", "--json", "--no-history", question).stdout)
            let citations = answer["citations"] as? [[String: Any]] ?? []
            #expect(answer["confidence"] as? String != "none", "\(question)")
            #expect(!citations.isEmpty && citations.allSatisfy { $0["ocr"] as? Bool == true }, "\(question): \(citations)")
            if citations.contains(where: { $0["page"] as? Int == page - Self.scanOffset }) { right += 1 }
        }
        #expect(right >= 2, "\(right) of \(questions.count) reference questions answered from their page")
        // The marker and the sources say the page was read by text recognition.
        let human = runner.run("query", "--no-history", "--page", "3", questions[0].question).stdout
        #expect(human.contains("[p. 3, OCR]"), "\(human)")
        #expect(human.contains("read from a scanned page by text recognition"))
    }

    /// A scan of pages the library also holds as text repeats them with OCR's errors: the manual's own pages
    /// answer, and the scan's copies of its passages are not listed beside them (`ScannedCopies`).
    @Test func aScanOfPagesTheLibraryHoldsAsTextStandsBehindThem() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let ingest = runner.run("ingest", Fixtures.sampleManual, Fixtures.scanned("sample-scan.pdf"))
        #expect(ingest.status == 0, "\(ingest.stderr)")
        for (question, _) in try referenceQuestions() {
            let answer = try json(runner.run("query", "--json", "--no-history", question).stdout)
            let citations = answer["citations"] as? [[String: Any]] ?? []
            #expect(citations.first?["file"] as? String == "sample-manual.pdf", "\(question): \(citations)")
            let results = answer["results"] as? [[String: Any]] ?? []
            #expect(!results.isEmpty && results.allSatisfy { $0["file"] as? String == "sample-manual.pdf" },
                    "\(question): \(results.map { $0["file"] ?? "-" })")
        }
        // Searched alone, the scan still answers from its own pages (its pages 1-10 are the manual's 21-30).
        let scanOnly = try json(runner.run("query", "--json", "--no-history", "--doc", "2", "What tire pressure is recommended?").stdout)
        let cited = scanOnly["citations"] as? [[String: Any]] ?? []
        #expect(cited.first?["file"] as? String == "sample-scan.pdf" && cited.first?["page"] as? Int == 23 - Self.scanOffset, "\(cited)")
    }

    @Test func aMixedPDFHasOnlyItsScannedPageOCRd() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let ingest = runner.run("ingest", "--json", Fixtures.scanned("sample-mixed.pdf"))
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(try documentLine(ingest.stdout)["ocrPages"] as? Int == 1, "\(ingest.stdout)")
        let pages = try json(runner.run("show", "1", "--json").stdout)["pages"] as? [[String: Any]] ?? []
        #expect(pages.count == 47)
        let ocrPages = pages.filter { $0["source"] as? String == "ocr" }.compactMap { $0["page"] as? Int }
        #expect(ocrPages == [26])
        // The scanned page keeps its physical number, and text pages are not marked.
        let answer = try json(runner.run("query", "--json", "--no-history", "--page", "26", "How often should I change the oil?").stdout)
        let citations = answer["citations"] as? [[String: Any]] ?? []
        #expect(!citations.isEmpty && citations.allSatisfy { $0["page"] as? Int == 26 && $0["ocr"] as? Bool == true }, "\(citations)")
        let unfiltered = try json(runner.run("query", "--json", "--no-history", "How often should I change the oil?").stdout)
        #expect((unfiltered["citations"] as? [[String: Any]] ?? []).allSatisfy { ($0["page"] as? Int == 26) == ($0["ocr"] as? Bool == true) })
        let tires = try json(runner.run("query", "--json", "--no-history", "What tire pressure is recommended?").stdout)
        #expect((tires["citations"] as? [[String: Any]] ?? []).allSatisfy { $0["ocr"] == nil })
    }

    @Test func withOCROffAScannedManualIsTheNoTextErrorAndChangesNothing() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("ingest", "-q", Fixtures.edge("small.pdf")).status == 0)
        let before = try SQLiteFile.rowCounts(runner.library)
        let result = runner.run("ingest", "--ocr", "never", Fixtures.scanned("sample-scan.pdf"))
        #expect(result.status == 18, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("sample-scan.pdf: none of its 10 pages has text"), "\(result.stderr)")
        #expect(try SQLiteFile.rowCounts(runner.library) == before)
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM ocr_cache") == 0)
    }

    @Test func aMissingLanguageIsOneLineNamingTheDebianPackage() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let result = runner.run("ingest", "--ocr-lang", "eng+qqq", Fixtures.edge("small.pdf"))
        #expect(result.status == 28, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("'qqq'") && result.stderr.contains("tesseract-ocr-qqq"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.library), "nothing was created")
        // With OCR off the language does not matter.
        #expect(runner.run("ingest", "-q", "--ocr", "never", "--ocr-lang", "qqq", Fixtures.edge("small.pdf")).status == 0)
        #expect(runner.run("ingest", "--ocr-lang", "en;rm", Fixtures.edge("small.pdf")).status == 64)
    }

    @Test func reindexAfterAPipelineChangeDoesNotOCRAgain() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let ingest = runner.run("ingest", "--json", Fixtures.scanned("sample-mixed.pdf"))
        #expect(try documentLine(ingest.stdout)["ocrPages"] as? Int == 1, "\(ingest.stdout) \(ingest.stderr)")
        let pageText = "SELECT text FROM pages WHERE number = 26"
        let before = try SQLiteFile.text(runner.library, pageText)
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM ocr_cache") == 1)

        // An older pipeline made the document: --stale reads it again, and Tesseract is not called.
        try SQLiteFile.execute(runner.library, "UPDATE documents SET pipeline_version = 'older'")
        let stale = runner.run("reindex", "--stale", "--json")
        #expect(stale.status == 0, "\(stale.stderr)")
        let line = try documentLine(stale.stdout)
        #expect(line["ocrPages"] as? Int == 0 && line["ocrCachedPages"] as? Int == 1, "\(stale.stdout)")
        #expect(try SQLiteFile.text(runner.library, pageText) == before)
        #expect(try SQLiteFile.text(runner.library, "SELECT text_source FROM pages WHERE number = 26") == "ocr")
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM ocr_cache") == 1)

        // Nor when the same bytes are read again for any other reason.
        let all = runner.run("reindex", "--all", "--json")
        let allLine = try documentLine(all.stdout)
        #expect(allLine["ocrPages"] as? Int == 0 && allLine["ocrCachedPages"] as? Int == 1, "\(all.stdout) \(all.stderr)")
        // Removing the document removes its OCR results.
        #expect(runner.run("remove", "1").status == 0)
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM ocr_cache") == 0)
    }

    @Test func anOCRdPageIsNotHeldToThePageTimeout() throws {
        // Recognising the scanned page at 600 dpi takes seconds, far longer than 1 s; the worker's heartbeat
        // keeps it alive, while poppler's own work on each page is still held to 1 s.
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let result = runner.run("ingest", "--json", "--page-timeout", "1", "--ocr-dpi", "600", Fixtures.scanned("sample-mixed.pdf"))
        #expect(result.status == 0, "\(result.stderr)")
        let line = try documentLine(result.stdout)
        #expect(line["ocrPages"] as? Int == 1 && (line["skippedPages"] as? [String] ?? []).isEmpty, "\(result.stdout)")
        #expect(try SQLiteFile.text(runner.library, "SELECT text_source FROM pages WHERE number = 26") == "ocr")
    }

    @Test func pagesOCRCannotReadAreTheNoTextErrorNotACrash() throws {
        // Noise and a blank page: whatever Tesseract makes of the noise is too unsure to keep.
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let result = runner.run("ingest", Fixtures.scanned("unreadable.pdf"))
        #expect(result.status == 18, "\(result.stderr)")
        #expect(result.stderr.contains("none of its 2 pages has text"), "\(result.stderr)")
    }

    @Test func aHugePageIsRenderedSmallerWithinTheWorkerMemoryLimit() throws {
        // 20,000 x 20,000 px on a 66-inch page: 400 M pixels at 300 dpi, rendered at 16 M at most. Under
        // a 512 MB worker limit the page is read (blank: no text), not skipped for running out of memory.
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let result = runner.run("ingest", "--worker-memory", "512M", Fixtures.scanned("huge-scan.pdf"))
        #expect(result.status == 18, "\(result.stderr)")
        #expect(result.stderr.contains("none of its 1 pages has text") && !result.stderr.contains("skipped"), "\(result.stderr)")
    }

    @Test func aScanIsReadFromItsOwnImageAtItsOwnResolution() throws {
        // Page 23 of the sample manual scanned at 200 dpi, then scanned upside down and set right by
        // /Rotate 180. The first is read from its image (1,166 x 1,654 px, no drawing at 300 dpi); the
        // second's image is not the page as shown, so the page is drawn at 300 dpi as before. Both read
        // the page's words.
        let folder = TemporaryFolder()
        var runner = ManualRunner(library: folder.path("library.sqlite"))
        runner.environment["MANUAL_OCR_TIMES"] = folder.path("ocr-times.txt")
        let result = runner.run("ingest", "--json", "--jobs", "1", Fixtures.scanned("sample-scan-200.pdf"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try documentLine(result.stdout)["ocrPages"] as? Int == 2, "\(result.stdout)")
        let times = try String(contentsOfFile: folder.path("ocr-times.txt"), encoding: .utf8)
        let pixels = Dictionary(times.split(separator: "\n").compactMap { line -> (Int, Int)? in
            let fields = line.split(separator: " ").compactMap { Int($0) }
            return fields.count > 1 ? (fields[0], fields[1]) : nil
        }, uniquingKeysWith: { a, _ in a })
        #expect(pixels[1] == 1_166 * 1_654, "\(times)")
        #expect((pixels[2] ?? 0) > 4_000_000, "\(times)")
        for page in [1, 2] {
            let text = try SQLiteFile.text(runner.library, "SELECT text FROM pages WHERE number = \(page)") ?? ""
            #expect(text.contains("230 kPa") && text.contains("tire information label"), "page \(page): \(text)")
        }
    }

    @Test func alwaysReadsTextPagesByOCRToo() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let result = runner.run("ingest", "--json", "--ocr", "always", Fixtures.edge("small.pdf"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try documentLine(result.stdout)["ocrPages"] as? Int == 3, "\(result.stdout)")
        #expect(runner.run("find", "Descale the kettle about once a month").stdout.contains("p. 2"))
        // The fingerprint names the mode: the same library read with the default is stale.
        #expect(try json(runner.run("status", "--json").stdout)["stale"] as? [Int] == [1])
    }

    @Test func checkReportsOCRResultsNoDocumentHasAndRepairDeletesThem() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("ingest", "-q", Fixtures.edge("partial-scan.pdf")).status == 0)
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM ocr_cache") == 1)
        try SQLiteFile.execute(runner.library, "INSERT INTO ocr_cache (sha256, page, settings, result) VALUES ('00', 1, 'x', x'00')")
        // A notice (an interrupted ingest left them), not damage.
        let check = runner.run("check")
        #expect(check.status == 0 && check.stdout.contains("OCR results of 1 page of a PDF not in the library"),
                "\(check.stdout)\(check.stderr)")
        #expect(runner.run("check", "--repair").status == 0)
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM ocr_cache") == 1)
    }

    @Test func anInterruptedOCRIngestWritesNothingAndResumes() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("ingest", "-q", Fixtures.edge("small.pdf")).status == 0)
        let before = try SQLiteFile.rowCounts(runner.library)
        for signal in [SIGINT, SIGKILL] {
            let cached = try SQLiteFile.integer(runner.library, "SELECT count(*) FROM ocr_cache")
            let child = try Child(ManualRunner.binary, ["ingest", "-q", "--jobs", "1", "--db", runner.library,
                                                        Fixtures.scanned("sample-scan.pdf")])
            // Stopped once it has recognised another page (10 pages take several seconds).
            let deadline = Date().addingTimeInterval(60)
            while try SQLiteFile.integer(runner.library, "SELECT count(*) FROM ocr_cache") == cached && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            }
            child.send(signal)
            let ended = child.wait(timeout: 30)
            #expect(ended.signal == SIGKILL || ended.exitCode == 130, "\(signal): \(ended)")
            // Nothing of the document: the pages recognised so far wait in the OCR cache only.
            #expect(try SQLiteFile.rowCounts(runner.library) == before, "\(signal)")
        }
        let kept = try SQLiteFile.integer(runner.library, "SELECT count(*) FROM ocr_cache")
        #expect(kept >= 2 && kept <= 10, "\(kept) pages kept")
        // Run again, it takes the recognised pages from the cache and recognises the others.
        let again = runner.run("ingest", "--json", Fixtures.scanned("sample-scan.pdf"))
        #expect(again.status == 0, "\(again.stderr)")
        let line = try documentLine(again.stdout)
        #expect(line["ocrCachedPages"] as? Int == Int(kept) && line["ocrPages"] as? Int == 10 - Int(kept), "\(again.stdout)")
    }
}
