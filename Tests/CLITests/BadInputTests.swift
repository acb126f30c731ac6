import Foundation
import Testing
import TestSupport

/// Every kind of bad input gets its own exit code, one line naming the file, and an untouched library.
@Suite struct BadInputTests {
    /// A library holding the small fixture, so "untouched" means something.
    private func seededLibrary(_ folder: TemporaryFolder) -> ManualRunner {
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let seeded = runner.run("ingest", "--quiet", Fixtures.edge("small.pdf"))
        #expect(seeded.status == 0, "seeding failed: \(seeded.stderr)")
        return runner
    }

    private func expectRejected(_ file: String, code: Int32, mentioning words: String,
                                extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        let folder = TemporaryFolder()
        let runner = seededLibrary(folder)
        let before = fileDigest(runner.library)
        let result = runner.run(["ingest", file] + extra)
        #expect(result.status == code, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "expected one line, got: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(file), sourceLocation: sourceLocation)
        #expect(result.stderr.lowercased().contains(words), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
        #expect(fileDigest(runner.library) == before, "library changed", sourceLocation: sourceLocation)
        let list = runner.run("list", "--json")
        #expect(list.stdout.components(separatedBy: "\"sha256\"").count == 2, sourceLocation: sourceLocation)
    }

    @Test func missingFile() {
        expectRejected("/nonexistent/owner-manual.pdf", code: 10, mentioning: "no such file")
    }

    @Test func directory() {
        let folder = TemporaryFolder()
        expectRejected(folder.url.path, code: 11, mentioning: "folder with no pdf")
    }

    @Test func textFileNamedPDF() {
        expectRejected(Fixtures.edge("not-a-pdf.pdf"), code: 14, mentioning: "not a pdf")
    }

    @Test func zeroBytes() {
        expectRejected(Fixtures.edge("empty.pdf"), code: 13, mentioning: "empty")
    }

    @Test func truncatedPDF() {
        expectRejected(Fixtures.edge("truncated.pdf"), code: 15, mentioning: "damaged")
    }

    @Test func encryptedWithoutPassword() {
        expectRejected(Fixtures.edge("encrypted.pdf"), code: 16, mentioning: "--password")
    }

    @Test func encryptedWithWrongPassword() {
        expectRejected(Fixtures.edge("encrypted.pdf"), code: 17, mentioning: "wrong password",
                       extra: ["--password", "not-it"])
    }

    @Test func scannedPDFWithoutText() {
        // With OCR (the default) it is read: OCRTests. Without, it has no text at all.
        expectRejected(Fixtures.edge("scanned.pdf"), code: 18, mentioning: "with --ocr never", extra: ["--ocr", "never"])
    }

    @Test func unreadableFile() throws {
        let folder = TemporaryFolder()
        let file = folder.copy(Fixtures.edge("small.pdf"), as: "locked.pdf")
        chmod(file, 0o000)
        defer { chmod(file, 0o644) }
        if getuid() == 0 {
            // Root reads any file, so run the binary as `nobody` in a folder it may write.
            chmod(folder.url.path, 0o777)
            let library = folder.path("library.sqlite")
            let result = runManualAsNobody(["ingest", file], library: library)
            #expect(result.exitCode == 12, "stderr: \(result.stderr)")
            #expect(result.stderr.contains(file))
            #expect(result.stderr.contains("permission denied"))
        } else {
            expectRejected(file, code: 12, mentioning: "permission denied")
        }
    }

    @Test func encryptedWithRightPasswordIsAdded() {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let result = runner.run("ingest", Fixtures.edge("encrypted.pdf"), "--password", "tern-secret")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.hasPrefix("added"))
    }

    @Test func partlyScannedPDFIsStoredWithAWarning() {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let result = runner.run("ingest", "--ocr", "never", Fixtures.edge("partial-scan.pdf"))
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("warning"))
        #expect(result.stderr.contains("1 of 3 pages have no text"))
        #expect(result.stderr.contains("p. 2"))
        // With OCR the scanned page is read: no warning.
        let ocr = ManualRunner(library: folder.path("ocr.sqlite")).run("ingest", Fixtures.edge("partial-scan.pdf"))
        #expect(ocr.status == 0 && !ocr.stderr.contains("no text"), "stderr: \(ocr.stderr)")
        #expect(ocr.stdout.contains("1 page OCR'd"), "\(ocr.stdout)")
    }

    @Test func aBadFileDoesNotStopTheOthers() {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let result = runner.run("ingest", Fixtures.edge("empty.pdf"), Fixtures.edge("small.pdf"),
                                Fixtures.edge("not-a-pdf.pdf"))
        #expect(result.status == 13, "first failure's code: \(result.stderr)")
        #expect(result.stdout.contains("added"))
        #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix("manual: ") }.count == 2)
        #expect(result.stderr.contains("1 added, 2 failed"))
        #expect(runner.run("list", "--json").stdout.contains("small.pdf"))
    }

    @Test func libraryThatIsNotADatabaseIsLeftUntouched() {
        let folder = TemporaryFolder()
        let library = folder.write("library.sqlite", Data("these are my notes, not a database\n".utf8))
        let before = fileDigest(library)
        let runner = ManualRunner(library: library)
        for command in [["ingest", Fixtures.edge("small.pdf")], ["list"]] {
            let result = runner.run(command)
            #expect(result.status == 20, "stderr: \(result.stderr)")
            #expect(result.stderr.contains(library))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(fileDigest(library) == before)
        #expect(!FileManager.default.fileExists(atPath: library + "-wal"))
    }

    @Test func libraryFromANewerVersionIsLeftUntouched() throws {
        let folder = TemporaryFolder()
        let runner = seededLibrary(folder)
        try SQLiteFile.execute(runner.library, "PRAGMA user_version = 999")
        let before = fileDigest(runner.library)
        let result = runner.run("ingest", Fixtures.sampleManual)
        #expect(result.status == 21, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("newer"))
        #expect(fileDigest(runner.library) == before)
    }
}
