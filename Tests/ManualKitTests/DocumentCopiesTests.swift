import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualIndex
@testable import ManualIngest

/// A damaged or copy-restricted file is recorded as such, and of two copies of one manual the sound one is cited.
@Suite(.serialized) struct DocumentCopiesTests {
    // MARK: The cross-reference check

    @Test func aSoundFileHasItsCrossReferenceTableWhereItSays() throws {
        let folder = TemporaryFolder()
        let sound = folder.write("sound.pdf", MiniPDF(texts: ["Check the fuse before driving."]).data())
        #expect(try SourceFile.read(sound).crossReferenceIntact)
        #expect(try SourceFile.read(Fixtures.edge("small.pdf")).crossReferenceIntact)
        #expect(try SourceFile.read(Fixtures.sampleManual).crossReferenceIntact)
    }

    @Test func aStartOffsetPastTheEndOrMissingIsDamage() throws {
        let folder = TemporaryFolder()
        let broken = folder.write("broken.pdf", MiniPDF(pages: [MiniPDF.Page(lines: ["Check the fuse."])], brokenXref: true).data())
        #expect(try !SourceFile.read(broken).crossReferenceIntact)
        // The corpus's kind of damage: the startxref offset replaced by one past the end of the file.
        #expect(try !SourceFile.read(Fixtures.edge("damaged-xref.pdf")).crossReferenceIntact)
        // No startxref at all (the last kilobyte cut off): poppler rebuilds the table.
        let whole = MiniPDF(texts: [String(repeating: "Check the fuse before every long drive. ", count: 60)]).data()
        let cut = folder.write("cut.pdf", whole.prefix(whole.count - 40))
        #expect(try !SourceFile.read(cut).crossReferenceIntact)
    }

    @Test func aCrossReferenceTableOrStreamStartsAtTheOffset() {
        #expect(CrossReferenceCheck.startsCrossReference(Array("xref\n0 12\n".utf8)))
        #expect(CrossReferenceCheck.startsCrossReference(Array("\r\n12 0 obj\n<< /Type /XRef".utf8)))
        #expect(!CrossReferenceCheck.startsCrossReference(Array("trailer\n<<".utf8)))
        #expect(!CrossReferenceCheck.startsCrossReference(Array("12 obj".utf8)))
        #expect(!CrossReferenceCheck.startsCrossReference(Array("endobj\n".utf8)))
        #expect(CrossReferenceCheck.lastStartOffset(in: Array("startxref\n99\n%%EOF\nstartxref\r\n1234\r\n%%EOF".utf8)) == 1234)
        #expect(CrossReferenceCheck.lastStartOffset(in: Array("trailer\n%%EOF\n".utf8)) == nil)
    }

    // MARK: Copies of one manual

    /// damaged-xref.pdf and owner-password-only.pdf are copies of small.pdf (the kettle guide): a damaged
    /// file and a copy-restricted one. Ingested before the sound copy, they used to win every tie.
    @Test func theSoundCopyIsCitedWhateverTheOrderOfIngest() throws {
        let copies = [Fixtures.edge("damaged-xref.pdf"), Fixtures.edge("owner-password-only.pdf"), Fixtures.edge("small.pdf")]
        for order in [copies, copies.reversed()] {
            let fixture = FixtureLibrary(order)
            let documents = try fixture.library.store.documents()
            let conditions = Dictionary(uniqueKeysWithValues: documents.map { ($0.fileName, $0.condition) })
            #expect(conditions["damaged-xref.pdf"] == SourceCondition(crossReferenceRebuilt: true))
            #expect(conditions["owner-password-only.pdf"] == SourceCondition(copyRestricted: true))
            #expect(conditions["small.pdf"] == SourceCondition())

            let answer = try fixture.library.ask("How often should I descale the kettle?", record: false).answer
            #expect(!answer.citations.isEmpty && answer.citations.allSatisfy { $0.file == "small.pdf" }, "\(answer.citations)")
            // Each passage is listed once: the copies would fill the list with the same text.
            let passages = answer.results.map { "\($0.heading)|\($0.firstPage)-\($0.lastPage)" }
            #expect(Set(passages).count == passages.count, "\(passages)")
            #expect(answer.results.first?.file == "small.pdf")
        }
    }

    @Test func ofTwoImpairedCopiesTheCopyRestrictedOneIsCited() throws {
        let fixture = FixtureLibrary([Fixtures.edge("damaged-xref.pdf"), Fixtures.edge("owner-password-only.pdf")])
        let answer = try fixture.library.ask("How often should I descale the kettle?", record: false).answer
        #expect(answer.citations.first?.file == "owner-password-only.pdf", "\(answer.citations)")
    }
}
