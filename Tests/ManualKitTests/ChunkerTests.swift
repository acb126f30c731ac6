import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex

private typealias ChunkPage = LaidOutPage

/// Shapes the chunker tests lay out: headings, paragraphs, tables read column by column.
private extension LaidOutPage {
    mutating func heading(_ text: String) {
        y += 12
        line(text, size: 14, bold: true)
        y += 6
    }

    /// Prose wrapped at 95 characters, then a paragraph gap.
    mutating func paragraph(_ text: String) {
        for wrapped in wrap(text) { line(wrapped) }
        y += 8
    }

    /// Table cells as poppler reads them: column by column, one line per cell.
    mutating func columnMajorTable(_ rows: [[String]], columns: [Double]) {
        let top = y
        for (column, left) in columns.enumerated() {
            for (row, cells) in rows.enumerated() {
                let text = cells[column]
                let rowTop = top + Double(row) * 12
                lines.append(TextLine(text: text, top: rowTop, bottom: rowTop + 9, left: left,
                                      right: left + 5 * Double(text.count), fontSize: 9))
            }
        }
        y = top + Double(rows.count) * 12 + 10
    }
}

private func wrap(_ text: String, width: Int = 95) -> [String] {
    var out: [String] = [], current = ""
    for word in text.split(separator: " ") {
        if !current.isEmpty && current.count + word.count + 1 > width {
            out.append(current)
            current = ""
        }
        current += current.isEmpty ? String(word) : " " + word
    }
    if !current.isEmpty { out.append(current) }
    return out
}

private let parts = ["pump", "filter", "belt", "valve", "hose", "fan", "seal", "gauge", "clamp", "spring", "lever"]

/// A distinct sentence of about a hundred characters.
private func sentence(_ i: Int) -> String {
    "Step \(i) tells you to check the \(parts[i % parts.count]) and the \(parts[(i * 3 + 1) % parts.count]) before you continue the job."
}

/// Letters and digits of every word, so punctuation moved between sentences does not matter.
private func words(_ text: String) -> [String] {
    text.split(whereSeparator: \.isWhitespace).map { String($0.filter { $0.isLetter || $0.isNumber }) }.filter { !$0.isEmpty }
}

/// The invariants every run must keep: nothing lost, pages in range and in order, sizes in bounds.
private func checkInvariants(_ result: TextPipelineResult, pages: [Page], settings: ChunkerSettings = ChunkerSettings(),
                             sourceLocation: SourceLocation = #_sourceLocation) {
    var available: [String: Int] = [:]
    for chunk in result.chunks { for word in words(chunk.text) { available[word, default: 0] += 1 } }
    for page in result.cleanedPages {
        // A word too long to share a chunk with its heading is cut; it cannot be found whole.
        for word in words(page) where available[word, default: 0] == 0 && word.count <= settings.maximumCharacters / 4 {
            Issue.record("'\(word)' of the cleaned text is in no chunk", sourceLocation: sourceLocation)
            return
        }
    }
    let numbers = Set(pages.map(\.number))
    var lastFirstPage = 0
    for (index, chunk) in result.chunks.enumerated() {
        #expect(chunk.ordinal == index, sourceLocation: sourceLocation)
        #expect(!chunk.sentences.isEmpty, sourceLocation: sourceLocation)
        for s in chunk.sentences {
            #expect(numbers.contains(s.page) && numbers.contains(s.lastPage) && s.page <= s.lastPage, sourceLocation: sourceLocation)
            #expect(!s.text.isEmpty && s.text.trimmingCharacters(in: .whitespacesAndNewlines) == s.text, sourceLocation: sourceLocation)
        }
        #expect(chunk.firstPage >= lastFirstPage, "chunk \(index) goes back in the document", sourceLocation: sourceLocation)
        lastFirstPage = chunk.firstPage
        #expect(chunk.text.count <= settings.maximumCharacters, "chunk \(index) has \(chunk.text.count): \(chunk.sentences.map { "\($0.kind)/\($0.text.count)" })", sourceLocation: sourceLocation)
    }
}

struct ChunkerTests {
    // MARK: Sizes and overlap

    @Test func chunksStayWithinBoundsAndNeighboursShareWholeSentences() {
        var pages: [Page] = []
        var index = 0
        for number in 1...6 {
            var page = ChunkPage(number)
            if number == 1 { page.heading("5 Maintenance") }
            for _ in 0..<4 {
                page.paragraph((0..<4).map { _ in defer { index += 1 }; return sentence(index) }.joined(separator: " "))
            }
            pages.append(page.page)
        }
        let result = TextPipeline().process(pages: pages, outline: [])
        checkInvariants(result, pages: pages)
        let chunks = result.chunks
        #expect(chunks.count >= 4)
        for chunk in chunks.dropLast() {
            #expect(chunk.text.count >= 800 && chunk.text.count <= 1600 + 300, "chunk of \(chunk.text.count)")
        }
        #expect(chunks.last.map { $0.text.count >= 800 && $0.text.count <= 3200 } == true)
        for (a, b) in zip(chunks, chunks.dropFirst()) {
            // b opens with a's closing sentences, about 200 characters of them.
            let shared = b.sentences.prefix { s in a.sentences.contains(s) }
            #expect(!shared.isEmpty)
            #expect(Array(a.sentences.suffix(shared.count)) == Array(shared))
            #expect(ChunkUnit.size(of: Array(shared)) <= 400)
        }
        // Every sentence appears, first occurrences in reading order.
        let seen = chunks.flatMap(\.sentences).map(\.text).reduce(into: [String]()) { list, text in
            if !list.contains(text) { list.append(text) }
        }
        #expect(seen == ["5 Maintenance"] + (0..<index).map(sentence))
    }

    @Test func aSentenceLongerThanTheMaximumIsCutBetweenWords() {
        let long = (0..<900).map { "word\($0)" }.joined(separator: " ") + "."
        let result = TextPipeline().process(pages: [Page(number: 1, text: long)], outline: [])
        let pieces = result.chunks.flatMap(\.sentences).map(\.text)
        #expect(pieces.count >= 3)
        #expect(pieces.allSatisfy { $0.count <= 3200 })
        #expect(pieces.joined(separator: " ") == long)
        checkInvariants(result, pages: [Page(number: 1, text: long)])
    }

    @Test func aWordLongerThanTheMaximumIsCutHard() {
        let blob = String(repeating: "x", count: 10_000)
        let result = TextPipeline().process(pages: [Page(number: 1, text: blob)], outline: [])
        #expect(result.chunks.flatMap(\.sentences).map(\.text).joined() == blob)
        #expect(result.chunks.allSatisfy { $0.text.count <= 3200 })
    }

    // MARK: Sections

    @Test func sectionsLargeEnoughKeepTheirOwnChunksAndOpenWithTheirHeading() {
        var page = ChunkPage(1), next = ChunkPage(2)
        // About 1100 characters each: over the minimum, so neither merges with the other.
        page.heading("4 Wheels and Tires")
        page.paragraph((0..<14).map(sentence).joined(separator: " "))
        next.heading("5 Maintenance")
        next.paragraph((14..<28).map(sentence).joined(separator: " "))
        let pages = [page.page, next.page]
        let result = TextPipeline().process(pages: pages, outline: [])
        checkInvariants(result, pages: pages)
        for chunk in result.chunks {
            let texts = chunk.sentences.map(\.text)
            #expect(!(texts.contains(sentence(13)) && texts.contains(sentence(14))), "a chunk runs across the section boundary")
        }
        let second = result.chunks.first { $0.sentences.contains { $0.text == sentence(14) } }
        #expect(second?.sentences.first == Sentence(text: "5 Maintenance", page: 2, kind: .heading))
        #expect(second?.headingPath == ["5 Maintenance"])
    }

    @Test func aTinySectionMergesWithItsNeighbour() {
        var page = ChunkPage(1)
        page.heading("4 Wheels and Tires")
        page.paragraph(sentence(0))
        page.heading("4.1 Tire Inspection")
        page.paragraph((1..<12).map(sentence).joined(separator: " "))
        let result = TextPipeline().process(pages: [page.page], outline: [])
        checkInvariants(result, pages: [page.page])
        let first = result.chunks.first
        #expect(first?.sentences.map(\.text).prefix(4) == ["4 Wheels and Tires", sentence(0), "4.1 Tire Inspection", sentence(1)])
        #expect(first?.headingPath == ["4 Wheels and Tires"])
        #expect(result.chunks.allSatisfy { $0.text.count >= 800 })
    }

    @Test func aChunkThatOpensInsideASubsectionIsUnderItUntilItsNextHeading() throws {
        var page = ChunkPage(1)
        page.heading("2 Instruments and Controls")
        page.heading("2.1 Gauges")
        page.paragraph((0..<20).map(sentence).joined(separator: " "))
        page.heading("2.2 Warning Lights")
        page.paragraph("The wrench light means a service is due.")
        let result = TextPipeline().process(pages: [page.page], outline: [])
        checkInvariants(result, pages: [page.page])
        // The tail of 2.1 and the tiny 2.2 share a chunk that opens inside 2.1: its path is 2.1's, not
        // their common parent's, and what follows its 2.2 heading is read and cited under 2.2 instead.
        let shared = try #require(result.chunks.first { chunk in
            chunk.sentences.first?.kind != .heading && chunk.sentences.contains { $0.text == "2.2 Warning Lights" }
        })
        #expect(shared.headingPath == ["2 Instruments and Controls", "2.1 Gauges"])
        let analysis = ChunkAnalysis.of(shared)
        let tail = try #require(shared.sentences.firstIndex { $0.text == sentence(19) })
        let wrench = try #require(shared.sentences.firstIndex { $0.text.hasPrefix("The wrench light") })
        #expect(analysis.sectionTerms[tail].contains("gaug"))
        #expect(analysis.sectionTerms[wrench].isSuperset(of: ["warn", "light", "instrument"]))
        #expect(!analysis.sectionTerms[wrench].contains("gaug"))
        #expect(CitedHeading.make(path: shared.headingPath, inner: "2.2 Warning Lights") == "2 Instruments and Controls > 2.2 Warning Lights")
    }

    @Test func aHeadingNeverEndsAChunk() {
        var page = ChunkPage(1)
        page.paragraph((0..<7).map(sentence).joined(separator: " "))
        page.heading("Cleaning")
        page.paragraph(String(repeating: "Wipe the housing with a damp cloth and dry it well afterwards, ", count: 45) + "done.")
        let result = TextPipeline().process(pages: [page.page], outline: [])
        checkInvariants(result, pages: [page.page])
        for chunk in result.chunks {
            #expect(chunk.sentences.last?.kind != .heading)
        }
    }

    // MARK: Admonitions

    @Test func anAdmonitionStaysWholeAndIsMarked() {
        var page = ChunkPage(1)
        page.heading("6.2 Changing a Flat Tire")
        page.paragraph((0..<13).map(sentence).joined(separator: " "))
        page.line("WARNING", bold: true)
        page.line("Never get under a vehicle that is supported only by the jack. The jack is designed for")
        page.line("changing wheels only. Always chock the wheel diagonally opposite the flat tire before")
        page.line("you lift the vehicle, and apply the parking brake firmly.")
        page.y += 10
        page.paragraph((13..<20).map(sentence).joined(separator: " "))
        let result = TextPipeline().process(pages: [page.page], outline: [])
        checkInvariants(result, pages: [page.page])
        let warning = result.chunks.flatMap(\.sentences).filter { $0.kind == .warning }.map(\.text)
        #expect(warning == ["WARNING", "Never get under a vehicle that is supported only by the jack.",
                            "The jack is designed for changing wheels only.",
                            "Always chock the wheel diagonally opposite the flat tire before you lift the vehicle, and apply the parking brake firmly."])
        let holders = result.chunks.filter { $0.sentences.contains { $0.text == "WARNING" } }
        #expect(holders.count == 1)
        #expect(holders.first.map { chunk in warning.allSatisfy { w in chunk.sentences.contains { $0.text == w } } } == true)
        #expect(holders.first?.hasAdmonition == true)
        #expect(result.chunks.filter(\.hasAdmonition).allSatisfy { $0.sentences.contains { $0.kind == .warning } })
    }

    @Test func admonitionLabelsGiveTheirKinds() {
        let text = """
        CAUTION: Hot surfaces. Let the engine cool down.

        Please note that the warranty does not cover misuse.

        NOTE
        Keep the receipt.

        DANGER Do not smoke while refuelling.

        Note that this paragraph is plain prose.
        """
        let sentences = TextPipeline().process(pages: [Page(number: 1, text: text)], outline: []).chunks.flatMap(\.sentences)
        func kind(_ phrase: String) -> SentenceKind? { sentences.first { $0.text.contains(phrase) }?.kind }
        #expect(kind("Hot surfaces") == .caution)
        #expect(kind("cool down") == .caution)
        #expect(kind("warranty") == .note)
        #expect(kind("receipt") == .note)
        #expect(kind("smoke") == .warning)
        #expect(kind("plain prose") == .body)
    }

    // MARK: Tables

    private let tireRows = [["Axle and load", "kPa", "bar", "psi"], ["Front, normal load", "230", "2.3", "33"],
                            ["Rear, normal load", "220", "2.2", "32"], ["Front, full load", "250", "2.5", "36"],
                            ["Rear, full load", "270", "2.7", "39"], ["Compact spare tire", "420", "4.2", "61"]]

    @Test func aTableReadColumnByColumnComesBackAsRowsWithItsHeader() {
        var page = ChunkPage(23, label: "17")
        page.heading("4.2 Tire Pressure")
        page.paragraph((0..<13).map(sentence).joined(separator: " "))
        page.columnMajorTable(tireRows, columns: [128, 225, 254, 281])
        page.paragraph((13..<20).map(sentence).joined(separator: " "))
        let result = TextPipeline().process(pages: [page.page], outline: [])
        checkInvariants(result, pages: [page.page])
        let rows = tireRows.map { $0.joined(separator: " | ") }
        let holders = result.chunks.filter { chunk in chunk.sentences.contains { $0.kind == .tableRow } }
        #expect(holders.count == 1)
        let tableRows = holders.first?.sentences.filter { $0.kind == .tableRow }.map(\.text)
        #expect(tableRows == rows)
        #expect(holders.first?.firstLabel == "17")
        #expect(result.cleanedPages[0].contains("Front, normal load 230 2.3 33"))
    }

    @Test func numericRowsWithoutGapsKeepTheHeaderAbove() {
        let text = """
        The cold tire pressures are listed below.
        Axle kPa bar psi
        Front 230 2.3 33
        Rear 220 2.2 32
        Spare 420 4.2 61
        Always check them when the tires are cold.
        """
        let chunks = TextPipeline().process(pages: [Page(number: 1, text: text)], outline: []).chunks
        let rows = chunks.flatMap(\.sentences).filter { $0.kind == .tableRow }.map(\.text)
        #expect(rows == ["Axle kPa bar psi", "Front 230 2.3 33", "Rear 220 2.2 32", "Spare 420 4.2 61"])
    }

    @Test func aTableLargerThanTheMaximumRepeatsItsHeader() {
        var lines = ["Code  Meaning  Remedy"]
        for i in 0..<70 { lines.append("E\(100 + i)  Sensor \(parts[i % parts.count]) reports a fault  Replace part \(i) and restart") }
        let text = "Error codes are listed in the following table.\n" + lines.joined(separator: "\n")
        let pages = [Page(number: 1, text: text)]
        let result = TextPipeline().process(pages: pages, outline: [])
        checkInvariants(result, pages: pages)
        let tableChunks = result.chunks.filter { $0.sentences.contains { $0.kind == .tableRow } }
        #expect(tableChunks.count >= 2)
        for chunk in tableChunks {
            #expect(chunk.sentences.first { $0.kind == .tableRow }?.text == "Code | Meaning | Remedy")
        }
        let rows = tableChunks.flatMap(\.sentences).filter { $0.kind == .tableRow && $0.text != "Code | Meaning | Remedy" }
        #expect(rows.count == 70)
    }

    // MARK: Pages

    @Test func sentencesCarryTheirPageAndParagraphsRunOverPageBreaks() {
        var pages: [ChunkPage] = [ChunkPage(1, label: "i"), ChunkPage(2, label: "ii"), ChunkPage(3, label: "1")]
        pages[0].paragraph(sentence(0) + " " + sentence(1))
        pages[1].paragraph(sentence(2))
        pages[1].line("Recirculation mode prevents dust and outside odours from entering the cabin, but do not")
        pages[2].line("leave it on for long periods, as the air inside becomes stale. The tern silhouette was")
        pages[2].line("drawn by the founder in 1958.")
        let input = pages.map(\.page)
        let result = TextPipeline().process(pages: input, outline: [])
        checkInvariants(result, pages: input)
        let sentences = result.chunks.flatMap(\.sentences)
        #expect(sentences.first { $0.text == sentence(2) }?.page == 2)
        let spanning = sentences.first { $0.text.hasPrefix("Recirculation mode") }
        #expect(spanning?.page == 2)
        #expect(spanning?.lastPage == 3)
        #expect(spanning?.text.contains("do not leave it on") == true)
        #expect(sentences.first { $0.text.hasPrefix("The tern silhouette") }?.page == 3)
        #expect(result.chunks.first?.firstLabel == "i")
        #expect(result.chunks.last?.lastLabel == "1")
    }

    // MARK: Robustness

    @Test func degenerateInputsGiveNoChunksAndNoCrash() {
        let inputs: [[Page]] = [
            [],
            [Page(number: 1, text: "")],
            [Page(number: 1, text: "   \n\n\t  \n")],
            [Page(number: 1, text: "\u{0001}\u{0002}\u{0003}\u{007F}")],
            [Page(number: 1, text: "", lines: [TextLine(text: "\u{0007}", top: .nan, bottom: .infinity, fontSize: -3)])],
            (1...5).map { Page(number: $0, text: "\u{E000}\u{E001}") },
        ]
        for pages in inputs {
            let result = TextPipeline().process(pages: pages, outline: [OutlineEntry(title: "Ghost", page: 99, level: 0)])
            #expect(result.chunks.isEmpty)
            #expect(result.cleanedPages.count == pages.count)
            #expect(result.removedLines == 0)
        }
    }

    @Test func oddSettingsAreMadeConsistent() {
        let text = (0..<30).map(sentence).joined(separator: " ")
        for settings in [ChunkerSettings(targetCharacters: 0, minimumCharacters: -5, maximumCharacters: 0, overlapCharacters: 9999),
                         ChunkerSettings(targetCharacters: 5000, minimumCharacters: 6000, maximumCharacters: 300, overlapCharacters: 0)] {
            let pages = [Page(number: 1, text: text)]
            let result = TextPipeline(settings: settings).process(pages: pages, outline: [])
            #expect(!result.chunks.isEmpty)
            checkInvariants(result, pages: pages, settings: ChunkerSettings(maximumCharacters: max(settings.maximumCharacters, 20) + 120))
        }
        let settings = ChunkerSettings(targetCharacters: 1000, minimumCharacters: 500, maximumCharacters: 2000, overlapCharacters: 100)
        let decoded = try? JSONDecoder().decode(ChunkerSettings.self, from: JSONEncoder().encode(settings))
        #expect(decoded == settings)
    }

    @Test func randomDocumentsKeepTheInvariants() {
        // A fixed-seed generator, so a failure reproduces; the pieces are the awkward ones.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let pieces = ["WARNING", "NOTE:", "Caution: hot.", "• item", "- dash item", "1.", "a)", "4.2 Tire Pressure",
                      "CHAPTER", "FOUR", "Page 3", "iv", "recom-", "mended", "well-", "known", "e.g.", "approx.",
                      "2.5 bar", "35 psi", "v1.2.3", "...", "ﬁlter", "\u{0007}", "\u{E000}", "\u{00AD}", "  ", "\t",
                      "kPa  bar  psi", "230  2.3  33", "Table 4.1", String(repeating: "x", count: 300), "The pump runs.",
                      "it stops", "SPECIFICATIONS", "?", "!", "(see p. 4)", "“quoted.”", "Ω", "naïve", "\u{200B}"]
        for document in 0..<40 {
            let pageCount = 1 + next(6)
            var pages: [Page] = []
            for number in 1...pageCount {
                var page = ChunkPage(number, label: next(3) == 0 ? nil : "p\(number)")
                for _ in 0..<next(25) {
                    var words: [String] = []
                    for _ in 0...next(12) { words.append(pieces[next(pieces.count)]) }
                    let text = words.joined(separator: " ")
                    page.line(text, size: [9, 10, 10, 10, 14][next(5)], bold: next(6) == 0)
                    if next(4) == 0 { page.y += 12 }
                }
                pages.append(next(3) == 0 ? Page(number: number, label: page.label, text: page.page.text) : page.page)
            }
            var outline: [OutlineEntry] = []
            for _ in 0..<next(4) { outline.append(OutlineEntry(title: pieces[next(pieces.count)], page: 1 + next(pageCount + 1), level: next(4))) }
            let settings = [ChunkerSettings(), ChunkerSettings(targetCharacters: 300, minimumCharacters: 100, maximumCharacters: 600, overlapCharacters: 60)][document % 2]
            let result = TextPipeline(settings: settings).process(pages: pages, outline: outline)
            #expect(result.cleanedPages.count == pages.count)
            checkInvariants(result, pages: pages, settings: settings)
        }
    }

    @Test func aTwoMegabytePageGoesThrough() {
        // Run it, no timing: a quadratic step would make this test hang rather than fail.
        let prose = (0..<28_000).map(sentence).joined(separator: " ")
        #expect(prose.utf8.count > 2_000_000)
        let textPage = Page(number: 1, text: wrap(prose).joined(separator: "\n"))
        let oneLine = Page(number: 2, text: prose, lines: [TextLine(text: prose, top: 50, bottom: 60, left: 50, right: 550, fontSize: 10)])
        let result = TextPipeline().process(pages: [textPage, oneLine], outline: [])
        #expect(result.chunks.count > 2_000)
        #expect(result.chunks.allSatisfy { $0.text.count <= 3200 })
        #expect(result.chunks.last?.sentences.last?.text == sentence(27_999))
    }
}
