import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualIngest

@Suite struct PDFDocumentTests {
    private func open(_ path: String, password: String? = nil) throws -> PDFDocument {
        let source = try SourceFile.read(path)
        return try PDFDocument(source: source, path: path, password: password)
    }

    @Test func pageCountMetadataAndLabels() throws {
        let pdf = try open(Fixtures.sampleManual)
        let facts = Fixtures.facts
        #expect(pdf.pageCount == facts.pageCount)
        #expect(pdf.metadata.title == facts.title)
        #expect(pdf.metadata.author == facts.author)
        for number in 1...pdf.pageCount {
            let page = pdf.page(number)
            #expect(page.number == number)
            #expect(page.label == facts.labels[String(number)], "page \(number)")
        }
    }

    @Test func knownTextIsOnItsPhysicalPage() throws {
        let pdf = try open(Fixtures.sampleManual)
        for fact in Fixtures.facts.facts {
            let text = pdf.page(fact.page).text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(text.contains(fact.phrase), "'\(fact.phrase)' not on page \(fact.page)")
        }
    }

    @Test func layoutLinesCarryFontSizesAndPositions() throws {
        let pdf = try open(Fixtures.sampleManual)
        let heading = Fixtures.facts.outline.first { $0.level == 1 && $0.title.first?.isNumber == true }!
        let page = pdf.page(heading.page)
        #expect(!page.lines.isEmpty)
        #expect(page.lines.allSatisfy { $0.top <= $0.bottom && $0.bottom <= page.height + 1 })
        let bodySize = Dictionary(grouping: page.lines, by: \.fontSize).max { $0.value.count < $1.value.count }!.key
        let title = heading.title.split(separator: " ").last.map(String.init) ?? heading.title
        let headingLine = page.lines.filter { $0.text.contains(title) }.max { $0.fontSize < $1.fontSize }
        #expect(headingLine != nil)
        #expect((headingLine?.fontSize ?? 0) > bodySize)
        #expect(headingLine?.isBold == true)
    }

    @Test func outlineMatchesTheBookmarks() throws {
        let pdf = try open(Fixtures.sampleManual)
        let outline = pdf.outline()
        #expect(outline.count == Fixtures.facts.outline.count)
        for (found, expected) in zip(outline, Fixtures.facts.outline) {
            #expect(found.title == expected.title)
            #expect(found.page == expected.page)
            #expect(found.level == expected.level)
        }
    }

    @Test func encryptedNeedsTheRightPassword() throws {
        let path = Fixtures.edge("encrypted.pdf")
        #expect(throws: IngestError.passwordRequired(path: path)) { try open(path) }
        #expect(throws: IngestError.wrongPassword(path: path)) { try open(path, password: "nope") }
        #expect(try open(path, password: "tern-secret").pageCount > 0)
    }

    @Test func damagedCrossReferenceIsRepaired() throws {
        let pdf = try open(Fixtures.edge("damaged-xref.pdf"))
        #expect(pdf.pageCount > 0)
        #expect(!pdf.page(1).text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }

    @Test func sha256IsOfTheBytes() throws {
        let source = try SourceFile.read(Fixtures.edge("not-a-pdf.pdf"))
        #expect(source.sha256 == fileDigest(Fixtures.edge("not-a-pdf.pdf")))
    }

    @Test func aFileChangedAfterItWasHashedIsNotParsedAsIfItWereTheSame() throws {
        let folder = TemporaryFolder()
        let path = folder.copy(Fixtures.sampleManual, as: "manual.pdf")
        let source = try SourceFile.read(path)
        #expect(source.bytes != nil, "a small file is kept in memory")
        var fromDisk = source
        fromDisk.bytes = nil  // as a file over `SourceFile.inMemoryLimit` is read
        #expect(try PDFDocument(source: fromDisk, path: path).pageCount == Fixtures.facts.pageCount)
        // Same name, other bytes (a new edition copied over it).
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("% appended\n".utf8))
        try handle.close()
        let changed = IngestError.unreadable(path: path, reason: SourceFile.changedReason)
        // Poppler is not given the new file in place of the one hashed; bytes kept are the ones hashed.
        #expect(throws: changed) { try PDFDocument(source: fromDisk, path: path) }
        #expect(try PDFDocument(source: source, path: path).pageCount == Fixtures.facts.pageCount)
        // Either way the ingest stops before storing a hash of other bytes than the file's.
        #expect(throws: changed) { try source.checkUnchanged(displayPath: path) }
        let reread = try SourceFile.read(path)
        #expect(reread.sha256 != source.sha256)
        try reread.checkUnchanged(displayPath: path)
    }
}
