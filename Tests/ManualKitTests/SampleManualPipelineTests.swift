import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualIndex
@testable import ManualIngest

/// The text pipeline run on the real sample manual, checked against the facts recorded when it was built.
@Suite struct SampleManualPipelineTests {
    static let processed: ProcessedDocument = {
        let source = try! SourceFile.read(Fixtures.sampleManual)
        return try! DocumentProcessor().process(source, displayPath: Fixtures.sampleManual, options: IngestOptions())
    }()
    static let processedChunks = try! processed.parts.chunks()

    private var chunks: [Chunk] { Self.processedChunks }
    private var allSentences: [Sentence] { chunks.flatMap(\.sentences) }

    /// Whitespace-folded text, since line breaks and spacing are not what these tests are about.
    private func fold(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func noRunningHeaderOrFooterIsLeftInAnyChunk() throws {
        let footer = try Regex("\\bPage [0-9ivxl]+\\b")
        let running = Set(Fixtures.facts.headerFooterPages)
        for sentence in allSentences {
            // The cover prints the title as a title, not as a running header.
            let hasHeader = running.contains(sentence.page) && sentence.text.contains(Fixtures.facts.header)
            #expect(!hasHeader, "running header left on p. \(sentence.page): \(sentence.text.prefix(80))")
            let footerFound = sentence.text.firstMatch(of: footer).map { String(sentence.text[$0.range]) }
            #expect(footerFound == nil, "footer left on p. \(sentence.page)")
        }
        #expect(Self.processed.removedLines >= 2 * 40)
    }

    @Test func wordsBrokenAcrossLinesAreRejoinedAndRealHyphensKept() {
        let text = fold(chunks.map(\.text).joined(separator: " "))
        for word in Fixtures.facts.hyphenated {
            let rejoined = text.contains(word.joined)
            #expect(rejoined, "\(word.joined) (p. \(word.page)) not rejoined")
        }
        let acrossPages = text.contains("pretensioners")
        #expect(acrossPages, "word broken across the page break")
        for compound in Fixtures.facts.compoundHyphenBreaks {
            let kept = text.contains(compound.text)
            #expect(kept, "\(compound.text) (p. \(compound.page)) lost its hyphen")
        }
    }

    @Test func headingsAndTheirPagesMatchTheOutline() {
        let found = Self.processed.headings.map { "\($0.title)@\($0.page)" }
        let expected = Fixtures.facts.outline.map { "\($0.title)@\($0.page)" }
        #expect(found == expected)
        let tire = chunks.first { $0.heading.hasSuffix("4.2 Tire Pressure") }
        #expect(tire?.headingPath == ["4 Wheels and Tires", "4.2 Tire Pressure"])
        #expect(tire?.firstPage == 23)
        #expect(tire?.firstLabel == "17")
    }

    @Test func chunkSizesStayWithinBounds() {
        let settings = ChunkerSettings()
        for chunk in chunks {
            let size = chunk.text.count
            let oneLongSentence = chunk.sentences.count == 1
            #expect(size <= settings.maximumCharacters || oneLongSentence, "chunk \(chunk.ordinal) has \(size)")
        }
        let small = chunks.filter { $0.text.count < settings.minimumCharacters }
        // Only a section's tail (or a document that is short) may fall under the minimum.
        #expect(small.count <= chunks.count / 3, "\(small.count) of \(chunks.count) chunks under the minimum")
    }

    @Test func consecutiveChunksOfASectionOverlap() {
        var pairs = 0, overlapping = 0
        // A chunk that continues its section (rather than opening one with a heading) repeats the previous one's end.
        for (a, b) in zip(chunks, chunks.dropFirst()) where a.headingPath == b.headingPath && b.sentences.first?.kind != .heading {
            pairs += 1
            if let last = a.sentences.last, b.sentences.contains(where: { $0.text == last.text }) { overlapping += 1 }
        }
        #expect(pairs > 0)
        #expect(overlapping == pairs)
    }

    @Test func sentencesKeepTheirPhysicalPages() {
        let deliberate = Fixtures.facts.deliberateSentence
        let sentence = allSentences.first { fold($0.text).contains(deliberate.phrase) }
        #expect(sentence?.page == deliberate.page)
        let paragraph = Fixtures.facts.pageBreakParagraph
        let spanning = allSentences.first { fold($0.text).contains(paragraph.first.phrase) }
        #expect(spanning?.page == paragraph.first.page)
        for fact in Fixtures.facts.facts {
            let holder = allSentences.first { fold($0.text).contains(fact.phrase) }
            if let holder {
                #expect(holder.page <= fact.page && fact.page <= holder.lastPage, "'\(fact.phrase)' on p. \(holder.page)")
            }
        }
    }

    @Test func tablesStayTogetherWithTheirHeaderRow() {
        let rows = Fixtures.facts.tableRows.filter { $0.page == 23 }
        let holder = chunks.first { chunk in
            rows.allSatisfy { row in chunk.sentences.contains { fold($0.text.replacingOccurrences(of: " | ", with: " ")) == row.row } }
        }
        #expect(holder != nil, "the tire-pressure table is split or its rows are not rows")
    }

    @Test func warningsStayWholeAndAreMarked() {
        let warnings = allSentences.filter { $0.kind == .warning }
        #expect(!warnings.isEmpty)
        for chunk in chunks where chunk.sentences.contains(where: { $0.kind == .warning || $0.kind == .caution || $0.kind == .note }) {
            #expect(chunk.hasAdmonition)
        }
    }

    @Test func everyChunkHasKeywordsAfterIngestAndAUnitVector() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore(path: folder.path("lib.sqlite"))
        let report = try Ingestor(store: store).ingest(Fixtures.sampleManual)
        let stored = try store.chunks(documentID: report.document.id)
        #expect(stored.count == chunks.count)
        for c in stored {
            #expect(!c.chunk.keywords.isEmpty)
            // Stored as int8: unit length within the rounding of 256 values to 1/127 of the largest.
            let norm = c.chunk.vector.reduce(0) { $0 + $1 * $1 }
            #expect(c.chunk.vector.count == StaticEmbedder().dimension)
            #expect(abs(norm - 1) < 0.01)
            #expect(c.fingerprint == PipelineSettings().fingerprint)
        }
        let tire = stored.first { $0.chunk.heading.hasSuffix("Tire Pressure") }
        #expect(tire?.chunk.keywords.contains("pressur") == true)
    }
}
