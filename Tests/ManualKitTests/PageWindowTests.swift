import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualIndex
@testable import ManualIngest

/// Long documents are read a window of pages at a time and their parts kept in scratch files: what
/// a user gets must not depend on where the windows fall.
@Suite struct PageWindowTests {
    @Test func windowsCoverEveryPageOnceInRunsOfAlmostEqualSize() {
        for (pages, limit) in [(1, 400), (400, 400), (401, 400), (715, 400), (12, 5), (8000, 400), (7, 1)] {
            let windows = PageWindows(pageCount: pages, limit: limit).windows
            #expect(windows.first?.lowerBound == 0 && windows.last?.upperBound == pages, "\(pages)/\(limit)")
            for (a, b) in zip(windows, windows.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
            let sizes = windows.map(\.count)
            #expect(sizes.allSatisfy { $0 >= 1 && $0 <= limit }, "\(pages)/\(limit): \(sizes)")
            #expect(sizes.max()! - sizes.min()! <= 1, "\(pages)/\(limit): \(sizes)")
        }
    }

    /// Twelve pages of a filter manual: chapter 2 and its section 2.1 run from page 3 to page 7,
    /// across the first window boundary when windows hold four pages.
    private func manual() -> (DocumentRecord, [PageRecord], [OutlineEntry]) {
        let topics = ["pump", "filter", "heater", "valve", "drum", "fan", "seal", "hose", "lid", "belt", "motor", "panel"]
        let pages = topics.enumerated().map { index, topic in
            let number = index + 1
            let heading = number == 1 ? "1 Safety\n" : number == 3 ? "2 Filter\n2.1 Cleaning\n" : number == 9 ? "3 Storage\n" : ""
            var body = (1...6).map { "Step \($0) on page \(number): check the \(topic) for wear and wipe the \(topic) dry." }
                .joined(separator: "\n")
            // A word broken at a line end on page 6 is rejoined as page 2 writes it, though a window lies between.
            if number == 2 { body += "\nStep 7 on page 2: fit the x-ray shield." }
            if number == 6 { body += "\nStep 7 on page 6: fit the x-\nray shield." }
            return PageRecord(number: number, label: nil, text: heading + body, cleanText: "")
        }
        let headings = [OutlineEntry(title: "1 Safety", page: 1, level: 1), OutlineEntry(title: "2 Filter", page: 3, level: 1),
                        OutlineEntry(title: "2.1 Cleaning", page: 3, level: 2), OutlineEntry(title: "3 Storage", page: 9, level: 1)]
        let document = DocumentRecord(sourcePath: "/manuals/filter.pdf", fileName: "filter.pdf", sha256: "f",
                                      byteSize: 1, sourceModified: nil, title: "Filter", author: nil, subject: nil,
                                      creationDate: nil, pageCount: pages.count, pdfID: nil, product: Product(),
                                      ingestedAt: "", pipelineVersion: "")
        return (document, pages, headings)
    }

    private func chunks(windowPages: Int) throws -> (ProcessedDocument, [Chunk]) {
        let (document, pages, headings) = manual()
        var settings = PipelineSettings(windowPages: windowPages)
        settings.chunking = ChunkerSettings(targetCharacters: 300, minimumCharacters: 150, maximumCharacters: 500,
                                            overlapCharacters: 0)
        let processed = try DocumentProcessor(settings: settings).process(stored: document, pageNumbers: pages.map(\.number),
                                                                           headings: headings) { range in
            pages.filter { range.contains($0.number) }
        }
        return (processed, try processed.parts.chunks())
    }

    @Test func sectionsOpenAtAWindowBoundaryCarryTheirHeadingsIntoTheNextWindow() throws {
        let (_, chunks) = try chunks(windowPages: 4)
        // Page 5 opens the second window; its text still belongs to 2 Filter > 2.1 Cleaning.
        let onPage5 = chunks.filter { $0.firstPage == 5 }
        #expect(!onPage5.isEmpty)
        for chunk in onPage5 { #expect(chunk.headingPath == ["2 Filter", "2.1 Cleaning"], "\(chunk.headingPath)") }
        let onPage10 = chunks.filter { $0.firstPage == 10 }
        #expect(!onPage10.isEmpty && onPage10.allSatisfy { $0.headingPath == ["3 Storage"] })
    }

    @Test func windowsChangeNeitherThePagesNorTheSentencesNorTheirOrder() throws {
        let (whole, wholeChunks) = try chunks(windowPages: 400)
        let (windowed, windowedChunks) = try chunks(windowPages: 4)
        #expect(try whole.parts.pages() == windowed.parts.pages())
        #expect(whole.headings == windowed.headings)
        #expect(windowedChunks.map(\.ordinal) == Array(0..<windowedChunks.count))
        // Every sentence, with its page, in the same reading order (chunks repeat none: overlap is 0 here).
        let sentences = { (chunks: [Chunk]) in chunks.flatMap(\.sentences).map { "\($0.page): \($0.text)" } }
        #expect(sentences(wholeChunks) == sentences(windowedChunks))
        #expect(sentences(windowedChunks).contains("6: Step 7 on page 6: fit the x-ray shield."))
        for sentence in windowedChunks.flatMap(\.sentences) where sentence.kind != .heading {
            #expect(sentence.text.contains("on page \(sentence.page):"), "\(sentence.page): \(sentence.text)")
        }
        // Vectors are weighed by the whole document's term counts, whatever the windows.
        #expect(whole.termChunkCounts.keys.sorted() == windowed.termChunkCounts.keys.sorted())
        #expect(windowedChunks.allSatisfy { !$0.vector.isEmpty })
    }

    /// A PDF read in windows of ten pages: each window is stored on a thread of its own while the next is
    /// cleaned and chunked (`WindowStorer`), and what is stored must not depend on that thread's timing.
    @Test func aPDFReadInWindowsGetsTheSameChunksEveryTimeInReadingOrder() throws {
        let source = try SourceFile.read(Fixtures.sampleManual)
        func process(windowPages: Int) throws -> (pages: [PageRecord], chunks: [Chunk]) {
            let processed = try DocumentProcessor(settings: PipelineSettings(windowPages: windowPages))
                .process(source, displayPath: Fixtures.sampleManual, options: IngestOptions())
            return (try processed.parts.pages(), try processed.parts.chunks())
        }
        let whole = try process(windowPages: 400)
        let first = try process(windowPages: 10)
        let second = try process(windowPages: 10)
        #expect(first.pages.map(\.number) == whole.pages.map(\.number))
        #expect(first.pages.map(\.text) == whole.pages.map(\.text))
        #expect(first.chunks.count > 20)
        #expect(first.chunks.map(\.ordinal) == Array(0..<first.chunks.count))
        for (a, b) in zip(first.chunks, first.chunks.dropFirst()) {
            #expect(a.firstPage <= b.firstPage, "chunk \(b.ordinal) on page \(b.firstPage) after page \(a.firstPage)")
        }
        #expect(first.chunks == second.chunks)
    }

    @Test func keywordCandidatesReadPastTheRestOfEachRecordAreEachChunksOwn() throws {
        let (processed, chunks) = try chunks(windowPages: 4)
        // Records with every optional field filled, so skipping them is tested too.
        #expect(chunks.contains { $0.passageTerms != nil })
        var whole: [[String: Double]] = []
        try processed.parts.forEachChunk { _, candidates in whole.append(candidates().weightedCounts) }
        var skipped: [[String: Double]] = []
        try processed.parts.forEachKeywordCandidates { skipped.append($0.weightedCounts) }
        #expect(whole.count == chunks.count && whole.contains { !$0.isEmpty })
        #expect(skipped == whole)
    }

    @Test func scratchRecordsComeBackInOrderFromMemoryAndFromDisk() throws {
        var rng = SplitMix64(seed: 11)
        for total in [3, 4000] {  // 4,000 records of up to 2 KB pass the memory limit: they go to a file
            let file = ScratchFile()
            var written: [[String]] = []
            for i in 0..<total {
                // Now and then a record larger than the read buffer.
                let size = i % 997 == 5 ? 200_000 : rng.int(0...2000)
                let strings = ["#\(i)", String(repeating: "é", count: size / 2), ""]
                var record = ScratchRecord()
                record.put(strings)
                try file.append(record)
                written.append(strings)
            }
            var cursor = try file.records()
            var read: [[String]] = []
            while var record = try cursor.next() { read.append(record.strings()) }
            #expect(read == written, "\(total) records")
        }
    }
}
