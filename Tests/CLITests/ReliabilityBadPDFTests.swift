import Foundation
import Synchronization
import Testing
import TestSupport

/// Issue part 1: bad and odd PDFs through `manual ingest`. A rejected file gets its own exit code and one
/// line on stderr naming it, and the library is untouched: every table's row count, `PRAGMA
/// integrity_check` and the file's bytes are the same before and after. Odd but valid files are ingested
/// correctly. Cases and outcomes are listed in docs/reliability.md.
@Suite struct ReliabilityBadPDFTests {
    /// Ingests `file` into a seeded library and checks the rejection.
    private func expectRejected(_ file: String, code: Int32, mentioning words: String, extra: [String] = [],
                                sourceLocation: SourceLocation = #_sourceLocation) {
        let library = SeededLibrary()
        let before = library.snapshot
        #expect(before.integrity == "ok", sourceLocation: sourceLocation)
        let result = library.manual(["ingest", file] + extra)
        #expect(result.signal == nil, "crashed: \(result)", sourceLocation: sourceLocation)
        #expect(result.exitCode == code, "\(result)", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "expected one line, got: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(file), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.lowercased().contains(words), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "stdout: \(result.stdout)", sourceLocation: sourceLocation)
        #expect(library.snapshot == before, "library changed", sourceLocation: sourceLocation)
    }

    /// Ingests `file` into a fresh library, expecting success, and returns the library for further checks.
    private func expectIngested(_ file: String, extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) -> SeededLibrary {
        let library = SeededLibrary([])
        let result = library.manual(["ingest", file] + extra)
        #expect(result.exitCode == 0, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stdout.hasPrefix("added"), "stdout: \(result.stdout)", sourceLocation: sourceLocation)
        #expect(LibraryAudit.problems(library.path).isEmpty, "\(LibraryAudit.problems(library.path))",
                sourceLocation: sourceLocation)
        return library
    }

    /// The JSON objects `manual list --json` prints.
    private func listed(_ library: SeededLibrary) throws -> [[String: Any]] {
        let result = library.manual(["list", "--json"])
        return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    private func pageTexts(_ library: SeededLibrary) throws -> [String] {
        try LibraryAudit.rows(library.path, "SELECT text FROM pages ORDER BY document_id, number").map { $0[0] }
    }

    private func chunkTexts(_ library: SeededLibrary) throws -> [String] {
        try LibraryAudit.rows(library.path, "SELECT text FROM chunks ORDER BY document_id, ordinal").map { $0[0] }
    }

    // MARK: Not a PDF at all

    @Test func zeroBytes() {
        let inputs = TemporaryFolder()
        expectRejected(inputs.write("empty manual.pdf", Data()), code: 13, mentioning: "empty")
    }

    @Test func randomBytes() {
        let inputs = TemporaryFolder()
        var rng = SplitMix64(seed: 0x5EED_0001)
        for size in [1, 7, 1000, 65_536] {
            var bytes = rng.bytes(size)
            if bytes.first == UInt8(ascii: "%") { bytes[0] = 0 }
            expectRejected(inputs.write("random-\(size).pdf", Data(bytes)), code: 14, mentioning: "not a pdf")
        }
    }

    @Test func randomBytesAfterAPDFHeader() {
        let inputs = TemporaryFolder()
        var rng = SplitMix64(seed: 0x5EED_0002)
        let file = inputs.write("header-then-noise.pdf", Data("%PDF-1.7\n".utf8) + Data(rng.bytes(50_000)))
        expectRejected(file, code: 15, mentioning: "damaged")
    }

    @Test func textFileNamedPDF() {
        let inputs = TemporaryFolder()
        let file = inputs.write("notes.pdf", Data("Tire pressure 2.3 bar.\nOil every 15,000 km.\n".utf8))
        expectRejected(file, code: 14, mentioning: "not a pdf")
    }

    // MARK: Damaged PDFs

    @Test(arguments: [5, 8, 64, 1000, 10_000, 44_999, 60_000, 89_000, 89_988])
    func truncatedSmallPDF(at offset: Int) throws {
        let inputs = TemporaryFolder()
        let whole = try Data(contentsOf: URL(fileURLWithPath: Fixtures.edge("small.pdf")))
        #expect(offset < whole.count)
        let file = inputs.write("cut-at-\(offset).pdf", whole.prefix(offset))
        expectRejected(file, code: 15, mentioning: "damaged")
    }

    @Test func truncatedInsideTheHeaderIsNotAPDF() throws {
        let inputs = TemporaryFolder()
        let whole = try Data(contentsOf: URL(fileURLWithPath: Fixtures.edge("small.pdf")))
        expectRejected(inputs.write("cut-at-3.pdf", whole.prefix(3)), code: 14, mentioning: "not a pdf")
    }

    @Test func truncatedClassicCrossReferencePDF() {
        // A hand-written PDF with a classic xref table: poppler would rebuild a lost table, but not a lost trailer.
        let inputs = TemporaryFolder()
        let whole = MiniPDF(texts: (1...10).map { "Page \($0): check fuse \($0) before driving." }).data()
        for percent in [10, 50, 90, 98] {
            let file = inputs.write("ten-pages-cut-at-\(percent)-percent.pdf", whole.prefix(whole.count * percent / 100))
            expectRejected(file, code: 15, mentioning: "damaged")
        }
    }

    @Test func onlyTheEndOfFileMarkerMissingStillIngestsCompletely() throws {
        let inputs = TemporaryFolder()
        let whole = try Data(contentsOf: URL(fileURLWithPath: Fixtures.edge("small.pdf")))
        let reference = expectIngested(Fixtures.edge("small.pdf"))
        let file = inputs.write("no-eof-marker.pdf", whole.prefix(whole.count - 6))
        let library = expectIngested(file)
        #expect(try chunkTexts(library) == chunkTexts(reference))
    }

    @Test func damagedCrossReferenceTableIsRepairedAndIngestedCorrectly() throws {
        let reference = expectIngested(Fixtures.edge("small.pdf"))
        let library = expectIngested(Fixtures.edge("damaged-xref.pdf"))
        #expect(try pageTexts(library) == pageTexts(reference))
        #expect(try chunkTexts(library) == chunkTexts(reference))
        let found = library.manual(["find", "Descale the kettle about once a month"])
        #expect(found.exitCode == 0)
        #expect(found.stdout.contains("p. 2"), "\(found.stdout)")
    }

    @Test func aDamagedFileIsIngestedWithOneWarningAndShownAsDamaged() throws {
        let library = SeededLibrary([])
        let result = library.manual(["ingest", Fixtures.edge("damaged-xref.pdf")])
        #expect(result.exitCode == 0, "\(result)")
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("damaged-xref.pdf") && result.stderr.contains("the file is damaged"), "\(result.stderr)")
        let shown = library.manual(["show", "1"])
        #expect(shown.stdout.contains("note:") && shown.stdout.contains("the file is damaged"), "\(shown.stdout)")
        let json = library.manual(["show", "1", "--json"])
        let details = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let condition = (details["document"] as? [String: Any])?["condition"] as? [String: Bool]
        #expect(condition == ["crossReferenceRebuilt": true, "copyRestricted": false], "\(json.stdout)")
        #expect(library.manual(["status"]).stdout.contains("damaged files:      1 (#1)  -> replace with a sound copy"))
        let status = library.manual(["status", "--json"])
        let counted = try #require(JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect(counted["damaged"] as? [Int] == [1] && counted["copyRestricted"] as? [Int] == [], "\(status.stdout)")
        // A sound file gets no such note; --quiet silences the warning.
        let sound = library.manual(["ingest", Fixtures.edge("small.pdf")])
        #expect(sound.exitCode == 0 && sound.stderr.isEmpty, "\(sound.stderr)")
        #expect(!library.manual(["show", "2"]).stdout.contains("note:"))
        #expect(!SeededLibrary([]).manual(["status"]).stdout.contains("damaged"), "no line when there are none")
        let quiet = SeededLibrary([]).manual(["ingest", "-q", Fixtures.edge("damaged-xref.pdf")])
        #expect(quiet.exitCode == 0 && quiet.stderr.isEmpty)
    }

    @Test func everyCrossReferenceOffsetWrongIsRepaired() throws {
        let inputs = TemporaryFolder()
        let texts = ["Replace the cabin filter every 20,000 km.", "The spare fuse for the horn is number 17."]
        let file = inputs.write("bad-offsets.pdf", MiniPDF(pages: texts.map { MiniPDF.Page(lines: [$0]) }, brokenXref: true).data())
        let library = expectIngested(file)
        let pages = try pageTexts(library).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(pages == texts)
        #expect(library.manual(["find", "horn is number 17"]).stdout.contains("p. 2"))
    }

    // MARK: Encryption and permissions

    @Test func encryptedWithoutPassword() {
        expectRejected(Fixtures.edge("encrypted.pdf"), code: 16, mentioning: "--password")
    }

    @Test func encryptedWithWrongPassword() {
        expectRejected(Fixtures.edge("encrypted.pdf"), code: 17, mentioning: "wrong password", extra: ["--password", "not-it"])
        expectRejected(Fixtures.edge("encrypted.pdf"), code: 17, mentioning: "wrong password", extra: ["--password", ""])
        expectRejected(Fixtures.edge("encrypted.pdf"), code: 17, mentioning: "wrong password",
                       extra: ["--password", "tern-secret ü \"'; DROP TABLE documents"])
    }

    @Test func copyRestrictedPDFIsIngestedWithAWarning() throws {
        let library = SeededLibrary([])
        let result = library.manual(["ingest", Fixtures.edge("owner-password-only.pdf")])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.hasPrefix("added"))
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("warning") && result.stderr.contains("do not allow copying"), "\(result.stderr)")
        #expect(result.stderr.contains("owner-password-only.pdf"))
        #expect(library.manual(["find", "Descale the kettle about once a month"]).stdout.contains("p. 2"))
        // The same in a batch, and --quiet silences it.
        let batch = SeededLibrary([])
        let two = batch.manual(["ingest", Fixtures.edge("owner-password-only.pdf"), Fixtures.edge("small.pdf")])
        #expect(two.exitCode == 0)
        #expect(two.stderr.contains("do not allow copying"))
        let quiet = SeededLibrary([]).manual(["ingest", "-q", Fixtures.edge("owner-password-only.pdf")])
        #expect(quiet.exitCode == 0 && quiet.stderr.isEmpty)
    }

    // MARK: Pages with nothing to index

    @Test func imageOnlyPDF() {
        expectRejected(Fixtures.edge("scanned.pdf"), code: 18, mentioning: "with --ocr never", extra: ["--ocr", "never"])
    }

    @Test func thousandsOfEmptyPages() {
        let inputs = TemporaryFolder()
        let file = inputs.write("3000-empty-pages.pdf", MiniPDF(pages: Array(repeating: nil, count: 3000)).data())
        expectRejected(file, code: 18, mentioning: "none of its 3000 pages")
    }

    @Test func thousandsOfEmptyPagesAroundOneWithText() throws {
        let inputs = TemporaryFolder()
        var pages: [MiniPDF.Page?] = Array(repeating: nil, count: 3000)
        pages[1500] = MiniPDF.Page(lines: ["Descale the boiler with citric acid once a month."])
        let file = inputs.write("3000-pages-one-with-text.pdf", MiniPDF(pages: pages).data())
        let library = SeededLibrary([])
        let result = library.manual(["ingest", file])
        #expect(result.exitCode == 0, "\(result)")
        // One warning line, with the pages as ranges rather than 2,999 numbers.
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("2999 of 3000 pages"), "\(result.stderr)")
        #expect(result.stderr.count < 400)
        #expect(LibraryAudit.problems(library.path).isEmpty)
        #expect(try LibraryAudit.documents(library.path).first?.pages == 3000)
        #expect(library.manual(["find", "citric acid"]).stdout.contains("p. 1501"))
    }

    @Test func pagesOfOnlyControlCharacters() {
        let inputs = TemporaryFolder()
        let codes: [UInt32] = Array(0x01...0x08) + [0x0B] + Array(0x0E...0x1F) + [0x7F, 0x85, 0x9B]
        var controls = ""
        for code in codes { controls.unicodeScalars.append(Unicode.Scalar(code)!) }
        let file = inputs.write("controls.pdf", MiniPDF(texts: [controls, "\u{0}\u{0}\u{1}\u{1B}\u{9B}"], font: .unicode).data())
        expectRejected(file, code: 18, mentioning: "none of its 2 pages")
    }

    @Test func pagesOfOnlyPrivateUseGlyphs() {
        let inputs = TemporaryFolder()
        var privateUse = ""
        for code in UInt32(0xE000)..<0xE040 { privateUse.unicodeScalars.append(Unicode.Scalar(code)!) }
        let file = inputs.write("private-use.pdf", MiniPDF(texts: [privateUse, "\u{F8FF} \u{F000}\u{F001}"], font: .unicode).data())
        expectRejected(file, code: 18, mentioning: "none of its 2 pages")
    }

    @Test func controlCharactersBesideRealTextAreNotStored() throws {
        let inputs = TemporaryFolder()
        let texts = ["Check the \u{1B}[31mbrake\u{7}\u{0} fluid level every month.", "\u{1}\u{2}\u{3}", "Fuse \u{E000}17 protects the horn."]
        let library = expectIngested(inputs.write("mixed-controls.pdf", MiniPDF(texts: texts, font: .unicode).data()))
        for text in try chunkTexts(library) {
            let bad = text.unicodeScalars.filter { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }
            #expect(bad.isEmpty, "control characters in a chunk: \(text.debugDescription)")
        }
        // Poppler drops the ESC but keeps its printable tail, so the text reads "[31mbrake": the words
        // around the controls are what must stay searchable.
        #expect(library.manual(["query", "fluid level every month", "--json"]).stdout.contains("\"page\" : 1"))
    }

    // MARK: Scripts

    @Test func cjkAndRightToLeftText() throws {
        let inputs = TemporaryFolder()
        // Right-to-left text is drawn in visual order, as typesetters write it; extraction gives logical order.
        let hebrew = "לחץ האוויר בצמיגים הוא שתיים נקודה שלוש בר"
        let arabic = "افحص ضغط الإطارات كل شهر"
        let pages = [
            MiniPDF.Page(lines: ["タイヤの空気圧は230 kPaです。", "轮胎气压为230千帕。", "타이어 공기압을 확인하십시오."], font: .unicode),
            MiniPDF.Page(lines: [String(hebrew.reversed())], font: .unicode),
            MiniPDF.Page(lines: [String(arabic.reversed())], font: .unicode),
        ]
        let library = expectIngested(inputs.write("scripts.pdf", MiniPDF(pages: pages).data()))
        let texts = try pageTexts(library)
        #expect(texts.count == 3)
        #expect(texts[0].contains("タイヤの空気圧は230 kPaです。"))
        #expect(texts[0].contains("轮胎气压为230千帕。"))
        #expect(texts[1].contains(hebrew), "\(texts[1].debugDescription)")
        #expect(texts[2].contains(arabic), "\(texts[2].debugDescription)")
        // Poppler's bidi marks are layout hints, not text: they must not reach pages or chunks.
        for text in try texts + chunkTexts(library) {
            #expect(!text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) },
                    "bidi controls in \(text.debugDescription)")
        }
        #expect(library.manual(["find", "האוויר בצמיגים"]).stdout.contains("p. 2"))
        #expect(library.manual(["find", "الإطارات كل"]).stdout.contains("p. 3"))
        #expect(library.manual(["find", "轮胎气压为230千帕"]).stdout.contains("p. 1"))
        let answer = library.manual(["query", "בצמיגים", "--json"])
        #expect(answer.exitCode == 0)
        #expect(answer.stdout.contains("\"page\" : 2"), "\(answer.stdout)")
        // Words inside runs of CJK text, which has no spaces: found through their bigrams.
        for word in ["空気圧", "气压", "공기압"] {
            let reply = library.manual(["query", word, "--json"])
            #expect(reply.stdout.contains("\"page\" : 1"), "\(word): \(reply.stdout)")
            #expect(!reply.stdout.contains("\"confidence\" : \"none\""), "\(word): \(reply.stdout)")
        }
        // The index deletes CJK rows with the same cuts it inserted them with: replacing and removing
        // the document leaves FTS5's own integrity check passing and nothing behind.
        #expect(library.manual(["reindex", "--all", "--quiet"]).exitCode == 0)
        #expect(LibraryAudit.problems(library.path).isEmpty, "\(LibraryAudit.problems(library.path))")
        #expect(library.manual(["query", "空気圧", "--json"]).stdout.contains("\"page\" : 1"))
        #expect(library.manual(["remove", "1"]).exitCode == 0)
        #expect(LibraryAudit.problems(library.path).isEmpty, "\(LibraryAudit.problems(library.path))")
        #expect(try SQLiteFile.integer(library.path, "SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH '\"空気\" OR tire'") == 0)
    }

    // MARK: Metadata

    @Test func metadataWithInvalidUTF8() throws {
        let inputs = TemporaryFolder()
        let page = [MiniPDF.Page(lines: ["Metadata test: the kettle holds 1.7 litres."])]
        let cases: [(name: String, info: [String: [UInt8]], title: String)] = [
            // PDF 2.0 UTF-8 with a byte order mark, then invalid sequences: replacement characters.
            ("utf8-invalid", ["Title": [0xEF, 0xBB, 0xBF, 0xC3, 0x28, 0xFF, 0x41, 0xE2, 0x82]], "\u{FFFD}(\u{FFFD}A\u{FFFD}"),
            ("utf8-valid", ["Title": [0xEF, 0xBB, 0xBF] + Array("Küchen-Handbuch 説明書".utf8)], "Küchen-Handbuch 説明書"),
            // UTF-16 with an unpaired surrogate: poppler gives up, the file name is the title.
            ("utf16-broken", ["Title": [0xFE, 0xFF, 0xD8, 0x00, 0x00, 0x41]], "utf16-broken"),
            // Terminal escapes, NUL and line breaks in the title are not printed back.
            ("escapes", ["Title": utf16BE("Evil\u{1B}]0;pwned\u{07}\u{1B}[31mRed\nTitle\u{202E}txt"), "Author": [0x41, 0x00, 0x42]],
             "Evil]0;pwned[31mRed Titletxt"),
            ("latin1", ["Title": [0x43, 0x61, 0x66, 0xE9, 0x20, 0x80, 0x9F, 0xAD]], ""),
        ]
        for (name, info, title) in cases {
            let file = inputs.write("\(name).pdf", MiniPDF(pages: page, info: info).data())
            let library = expectIngested(file)
            let documents = try listed(library)
            let stored = try #require(documents.first?["title"] as? String)
            if !title.isEmpty { #expect(stored == title, "\(name): \(stored.debugDescription)") }
            for value in documents.first!.values.compactMap({ $0 as? String }) {
                #expect(!value.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(name): \(value.debugDescription)")
            }
            let shown = library.manual(["list"])
            #expect(shown.exitCode == 0)
            #expect(!shown.stdout.contains("\u{1B}"))
        }
    }

    // MARK: File names and kinds of file

    @Test func fileNameWithSpacesQuotesAndNonASCIILetters() throws {
        let inputs = TemporaryFolder()
        let name = "Bedienungsanleitung \"Küche\" it's 説明書 – ñ 'v2'.pdf"
        let file = inputs.copy(Fixtures.edge("small.pdf"), as: name)
        let library = expectIngested(file)
        let documents = try listed(library)
        #expect(documents.first?["fileName"] as? String == name)
        #expect(documents.first?["sourcePath"] as? String == file)
        #expect(library.manual(["ingest", file]).stdout.hasPrefix("unchanged"))
        #expect(library.manual(["reindex", "--all"]).exitCode == 0)
        #expect(library.manual(["query", "descale", "--json"]).stdout.contains(name.replacingOccurrences(of: "\"", with: "\\\"")))
        let removed = library.manual(["remove", file])
        #expect(removed.exitCode == 0, "\(removed)")
        #expect(try LibraryAudit.documents(library.path).isEmpty)
    }

    @Test func symlinks() throws {
        let inputs = TemporaryFolder()
        let target = inputs.copy(Fixtures.edge("small.pdf"), as: "real.pdf")
        let link = inputs.path("link to manual.pdf")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let library = expectIngested(link)
        // The link is the path the user knows; the same bytes through the real path are the same document.
        #expect(try listed(library).first?["sourcePath"] as? String == link)
        #expect(library.manual(["ingest", target]).stdout.hasPrefix("unchanged"))

        let dangling = inputs.path("dangling.pdf")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: inputs.path("gone.pdf"))
        expectRejected(dangling, code: 10, mentioning: "no such file")

        let loopA = inputs.path("loop-a.pdf"), loopB = inputs.path("loop-b.pdf")
        try FileManager.default.createSymbolicLink(atPath: loopA, withDestinationPath: loopB)
        try FileManager.default.createSymbolicLink(atPath: loopB, withDestinationPath: loopA)
        expectRejected(loopA, code: 19, mentioning: "loop")

        let device = inputs.path("zero.pdf")
        try FileManager.default.createSymbolicLink(atPath: device, withDestinationPath: "/dev/zero")
        expectRejected(device, code: 19, mentioning: "not a regular file")

        let fifo = inputs.path("pipe.pdf")
        #expect(mkfifo(fifo, 0o600) == 0)
        expectRejected(fifo, code: 19, mentioning: "not a regular file")

        let folderLink = inputs.path("folder-link.pdf")
        let linkedFolder = TemporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folderLink, withDestinationPath: linkedFolder.url.path)
        expectRejected(folderLink, code: 11, mentioning: "folder")
    }

    /// A writer thread rewrites the file in place (truncate, then write) with two different manuals while
    /// `manual ingest` reads it. Whatever moment the read hits, the outcome is one of: the whole of one
    /// version (hash, pages and size agree), or a clear error; never a crash or a mix of both.
    @Test func aFileThatChangesWhileItIsRead() throws {
        let inputs = TemporaryFolder()
        let versionA = try Data(contentsOf: URL(fileURLWithPath: Fixtures.sampleManual))
        let versionB = try Data(contentsOf: URL(fileURLWithPath: Fixtures.edge("small.pdf")))
        let file = inputs.write("downloading.pdf", versionA)
        let digests = [sha256(versionA): (versionA.count, 47), sha256(versionB): (versionB.count, 3)]
        let stop = Flag()
        let writer = Thread {
            var flip = false
            while !stop.isSet {
                flip.toggle()
                let data = flip ? versionB : versionA
                let fd = open(file, O_WRONLY | O_TRUNC)
                if fd >= 0 {
                    data.withUnsafeBytes { raw in
                        // Two writes with a pause between: a reader can see half a file.
                        let half = raw.count / 2
                        _ = write(fd, raw.baseAddress!, half)
                        usleep(200)
                        _ = write(fd, raw.baseAddress! + half, raw.count - half)
                    }
                    close(fd)
                }
                usleep(UInt32.random(in: 0...2_000))
            }
        }
        writer.start()
        defer { stop.set() }
        var outcomes: [Int32: Int] = [:]
        let deadline = Date().addingTimeInterval(20)
        for _ in 0..<12 where Date() < deadline {
            let library = SeededLibrary([])
            let result = library.manual(["ingest", file, "--json"])
            #expect(result.signal == nil, "crashed: \(result)")
            outcomes[result.exitCode ?? -1, default: 0] += 1
            // Success: the stored document is one whole version. Failure: a clear message, nothing stored.
            #expect([0, 13, 15, 19].contains(result.exitCode ?? -1), "\(result)")
            #expect(LibraryAudit.problems(library.path).isEmpty)
            let rows = try LibraryAudit.rows(library.path, "SELECT sha256, byte_size, page_count FROM documents")
            if result.exitCode == 0 {
                #expect(rows.count == 1)
                if let row = rows.first {
                    let expected = digests[row[0]]
                    #expect(expected != nil, "stored bytes are neither version")
                    #expect(expected?.0 == Int(row[1]), "size stored with the hash belongs to another version")
                    #expect(expected?.1 == Int(row[2]))
                }
            } else {
                #expect(rows.isEmpty)
                #expect(result.stderr.contains(file))
            }
        }
        stop.set()
        while !writer.isFinished { usleep(1_000) }
        #expect(outcomes.values.reduce(0, +) >= 3, "too few runs: \(outcomes)")
    }

    @Test func aFileThatKeepsGrowingIsReportedNotHalfIngested() throws {
        let inputs = TemporaryFolder()
        let whole = try Data(contentsOf: URL(fileURLWithPath: Fixtures.sampleManual))
        let file = inputs.write("still-downloading.pdf", whole.prefix(40_000))
        let stop = Flag()
        let writer = Thread {
            let fd = open(file, O_WRONLY | O_APPEND)
            defer { close(fd) }
            var offset = 40_000
            while !stop.isSet {
                // A slow download: a kilobyte at a time, wrapping round so it never completes.
                // Never the last kilobyte (the trailer): the file is never a complete PDF.
                let end = min(offset + 1024, whole.count - 1024)
                whole[offset..<end].withUnsafeBytes { _ = write(fd, $0.baseAddress!, $0.count) }
                offset = end == whole.count - 1024 ? 40_000 : end
                usleep(100)
            }
        }
        writer.start()
        defer { stop.set() }
        let library = SeededLibrary([])
        for _ in 0..<3 {
            let result = library.manual(["ingest", file])
            #expect(result.signal == nil)
            #expect([15, 19].contains(result.exitCode ?? -1), "\(result)")
            #expect(result.stderr.contains(file))
        }
        stop.set()
        while !writer.isFinished { usleep(1_000) }
        #expect(try LibraryAudit.documents(library.path).isEmpty)
    }

    // MARK: Source files are only read

    @Test func sourceFilesAreOpenedReadOnlyAndNeverModified() throws {
        let inputs = TemporaryFolder()
        let file = inputs.copy(Fixtures.sampleManual, as: "manual.pdf")
        let before = (fileDigest(file), modificationNanoseconds(file), permissions(file))
        let library = SeededLibrary([])
        #expect(library.manual(["ingest", file]).exitCode == 0)
        #expect(library.manual(["reindex", "--all"]).exitCode == 0)
        #expect(library.manual(["reindex", "--changed"]).exitCode == 0)
        #expect(library.manual(["query", "tire pressure"]).exitCode == 0)
        #expect(library.manual(["remove", file]).exitCode == 0)
        #expect((fileDigest(file), modificationNanoseconds(file), permissions(file)) == before)
    }

    @Test func aReadOnlySourceFileIsEnoughEvenForAnUnprivilegedUser() throws {
        // As root, write permission is never checked; as `nobody`, a 0444 file owned by root proves the
        // tool needs no more than read access. Not vacuous: skipped only when not root and
        // then run as the current user, who cannot write the 0444 file either.
        let inputs = TemporaryFolder()
        let file = inputs.copy(Fixtures.edge("small.pdf"), as: "read-only.pdf")
        chmod(file, 0o444)
        let before = (fileDigest(file), modificationNanoseconds(file))
        let folder = TemporaryFolder()
        let library = folder.path("library.sqlite")
        let result: ChildResult
        if runningAsRoot {
            chmod(inputs.url.path, 0o755)
            chmod(folder.url.path, 0o777)
            result = runManualAsNobody(["ingest", file], library: library)
        } else {
            result = Child.manual(["ingest", file], library: library)
        }
        #expect(result.exitCode == 0, "\(result)")
        #expect((fileDigest(file), modificationNanoseconds(file)) == before)
        #expect(permissions(file) == 0o444)
    }
}

/// A flag one thread sets and another polls.
private final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}

/// SHA-256 of bytes, through the system tool (the same digest `manual` stores).
private func sha256(_ data: Data) -> String {
    let folder = TemporaryFolder()
    return fileDigest(folder.write("bytes", data))
}

/// A string as a PDF UTF-16BE text string (with its byte order mark).
private func utf16BE(_ text: String) -> [UInt8] {
    [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
}
