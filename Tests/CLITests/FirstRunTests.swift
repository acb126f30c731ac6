import Foundation
import Testing
import TestSupport

/// A user's first run: only `ingest` creates a library. Every other command, given a path where no library
/// is (a typo in --db), says so in one line naming the path and how to add a manual, exits 36 and makes
/// nothing on disk; a question to a library with no manuals says how to add one; and on a terminal a
/// batch's warnings never land on the end of its progress line.
@Suite struct FirstRunTests {
    /// Every command but `ingest`, with arguments that would be valid against a library holding a manual.
    private func commands(backupTo destination: String) -> [[String]] {
        [["query", "descale"], ["query", "--json", "descale"], ["find", "kettle"], ["list"], ["show", "1"],
         ["chunks", "1"], ["status"], ["history"], ["rate", "1", "helpful"], ["page", "1", "1", "--png", destination + ".png"],
         ["check"], ["backup", destination], ["remove", "1"], ["reindex", "--all"], ["serve", "--port", "0"]]
    }

    @Test func aCommandThatDoesNotIngestNeverCreatesALibrary() throws {
        let base = TemporaryFolder(), elsewhere = TemporaryFolder()
        let library = base.path("typo/lib.sqlite")
        let expected = "manual: \(library): no library here; add a manual with 'manual ingest FILE.pdf --db \(library)'\n"
        for command in commands(backupTo: elsewhere.path("copy.sqlite")) {
            let result = Child.run(ManualRunner.binary, command + ["--db", library], timeout: 60)
            #expect(result.exitCode == 36, "\(command): \(result)")
            #expect(result.stderr == expected, "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(command): \(result.stdout)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: base.url.path).isEmpty, "something was created")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.url.path).isEmpty, "something was created")
    }

    @Test func theHintLeavesOutDBWhenTheLibraryIsWhereManualLooksAnyway() throws {
        let base = TemporaryFolder()
        // $MANUAL_DB names it: the hint runs as printed without --db.
        let library = base.path("lib.sqlite")
        let viaEnvironment = Child.manual(["list"], library: library)
        #expect(viaEnvironment.exitCode == 36, "\(viaEnvironment)")
        #expect(viaEnvironment.stderr == "manual: \(library): no library here; add a manual with 'manual ingest FILE.pdf'\n")
        // The default location, under $XDG_DATA_HOME.
        let status = Child.run(ManualRunner.binary, ["status"], environment: ["XDG_DATA_HOME": base.url.path, "MANUAL_DB": ""])
        #expect(status.exitCode == 36, "\(status)")
        #expect(status.stderr.hasSuffix("'manual ingest FILE.pdf'\n"), "\(status.stderr)")
        // A path the shell would split is quoted.
        let spaced = base.path("my manuals/lib.sqlite")
        let quoted = Child.run(ManualRunner.binary, ["list", "--db", spaced])
        #expect(quoted.stderr.hasSuffix("--db \"\(spaced)\"'\n"), "\(quoted.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: base.url.path).isEmpty)
    }

    /// What `touch` leaves is no library either, and stays as it is.
    @Test func anEmptyFileIsNoLibraryAndStaysEmpty() throws {
        let base = TemporaryFolder()
        let library = base.write("lib.sqlite", Data())
        let result = Child.manual(["query", "descale"], library: library)
        #expect(result.exitCode == 36, "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: base.url.path) == ["lib.sqlite"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: library)).isEmpty)
        // `ingest` makes it a library.
        #expect(Child.manual(["ingest", "-q", Fixtures.edge("small.pdf")], library: library).exitCode == 0)
        #expect(Child.manual(["list"], library: library).exitCode == 0)
    }

    @Test func aQuestionToALibraryWithNoManualsSaysHowToAddOne() throws {
        let base = TemporaryFolder()
        let library = base.path("lib.sqlite")
        #expect(Child.manual(["ingest", "-q", Fixtures.edge("small.pdf")], library: library).exitCode == 0)
        let full = Child.manual(["query", "--json", "--no-history", "descale"], library: library)
        #expect(Child.manual(["remove", "1"], library: library).exitCode == 0)

        let text = Child.manual(["query", "descale"], library: library)
        #expect(text.exitCode == 0, "\(text)")
        #expect(text.stdout.contains("no manuals yet"), "\(text.stdout)")
        #expect(text.stdout.replacingOccurrences(of: "\n", with: " ").contains("'manual ingest FILE.pdf'"), "\(text.stdout)")
        #expect(!text.stdout.contains("does not appear to cover"), "\(text.stdout)")

        // --json keeps the answer's shape; its "answer" is the sentence a person reads.
        let json = Child.manual(["query", "--json", "descale"], library: library)
        #expect(json.exitCode == 0, "\(json)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let shape = try #require(try JSONSerialization.jsonObject(with: Data(full.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys).subtracting(["alsoIn"]) == Set(shape.keys).subtracting(["alsoIn"]))
        #expect((object["answer"] as? String)?.contains("manual ingest FILE.pdf") == true, "\(object)")
        #expect(object["confidence"] as? String == "none")
        #expect((object["citations"] as? [Any])?.isEmpty == true)
    }

    /// In a terminal (`script` gives the batch a pseudo-terminal), a warning is written on a line of its own:
    /// the progress line is cleared first and drawn again after it.
    @Test func aWarningDuringABatchClearsTheProgressLineFirst() throws {
        let base = TemporaryFolder()
        let manuals = base.path("manuals")
        try FileManager.default.createDirectory(atPath: manuals, withIntermediateDirectories: true)
        // The first document read has a page with no text (OCR off): a warning after the progress line "1/2 ...".
        base.copy(Fixtures.edge("partial-scan.pdf"), as: "manuals/a.pdf")
        base.copy(Fixtures.edge("small.pdf"), as: "manuals/b.pdf")
        let command = [ManualRunner.binary, "ingest", "--jobs", "1", "--ocr", "never", manuals, "--db", base.path("lib.sqlite")]
            .map { "'" + $0 + "'" }.joined(separator: " ")
        let result = Child.run("/usr/bin/script", ["-q", "-e", "-c", command, "/dev/null"], timeout: 120)
        #expect(result.exitCode == 0, "\(result)")
        let screen = result.stdout
        let warning = try #require(screen.range(of: "manual: warning: "), "no warning in: \(screen.debugDescription)")
        // What precedes the warning on its line: nothing, or the sequence that cleared the progress line.
        let lineStart = screen[..<warning.lowerBound].lastIndex(where: { $0 == "\n" || $0 == "\r\n" })
            .map { screen.index(after: $0) } ?? screen.startIndex
        let before = String(screen[lineStart..<warning.lowerBound])
        #expect(before.isEmpty || before.hasSuffix("\r\u{1B}[2K"), "the warning follows \(before.debugDescription)")
        #expect(!before.contains("left"), "the warning was appended to the progress line: \(before.debugDescription)")
        #expect(screen[warning.upperBound...].contains("1/2 documents"), "the progress line is not drawn again: \(screen.debugDescription)")
    }
}
