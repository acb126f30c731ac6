import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualIndex

/// `SearchFilter.check`: what a filter may name, on a library of one two-page document whose page 1 holds no chunk.
@Suite struct SearchFilterCheckTests {
    private func library() throws -> (TemporaryFolder, Store, Int64) {
        let folder = TemporaryFolder()
        let store = try SQLiteStore(path: folder.path("lib.sqlite"))
        let record = DocumentRecord(sourcePath: "/manuals/a.pdf", fileName: "a.pdf", sha256: "a", byteSize: 10, title: "A",
                                    pageCount: 2, ingestedAt: "2026-01-01T00:00:00Z", pipelineVersion: "test")
        let chunk = Chunk(ordinal: 0, sentences: [Sentence(text: "Inflate the tires to 230 kPa.", page: 2)],
                          headingPath: ["Tires"], vector: [0.6, 0.8])
        let id = try store.save(DocumentContent(
            document: record,
            pages: [PageRecord(number: 1, label: "i", text: "", cleanText: ""),
                    PageRecord(number: 2, label: "1", text: "Tires", cleanText: "Tires")],
            chunks: [chunk], headings: [OutlineEntry(title: "Tires", page: 2, level: 1)],
            termChunkCounts: ["tire": 1, "inflat": 1], fingerprint: "test"))
        return (folder, store, id)
    }

    @Test func aFilterWithinTheLibraryPasses() throws {
        let (_, store, id) = try library()
        for filter in [SearchFilter(), SearchFilter(documentID: id), SearchFilter(documentID: id, page: 2, section: "tir"),
                       SearchFilter(page: 1), SearchFilter(section: "TIRES")] {
            try filter.check(against: store)
        }
    }

    @Test func aFilterPastTheLibraryIsRefused() throws {
        let (_, store, id) = try library()
        #expect(throws: StoreError.documentNotFound("#\(id + 1)")) { try SearchFilter(documentID: id + 1).check(against: store) }
        #expect(throws: SearchFilterError.noSuchPage(documentID: id, page: 3, count: 2)) {
            try SearchFilter(documentID: id, page: 3).check(against: store)
        }
        #expect(throws: SearchFilterError.pageBeyondEveryDocument(page: 3, longest: 2)) { try SearchFilter(page: 3).check(against: store) }
        #expect(throws: SearchFilterError.noSuchSection("oil", documentID: nil, page: nil)) {
            try SearchFilter(section: "oil").check(against: store)
        }
        // Page 1 exists but holds no section: the tires are on page 2.
        #expect(throws: SearchFilterError.noSuchSection("tires", documentID: id, page: 1)) {
            try SearchFilter(documentID: id, page: 1, section: "tires").check(against: store)
        }
    }

    /// An empty library refuses no page or section: every question is "not covered" there anyway.
    @Test func anEmptyLibraryRefusesOnlyAMissingDocument() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore(path: folder.path("lib.sqlite"))
        try SearchFilter(page: 900, section: "anything").check(against: store)
        #expect(throws: StoreError.documentNotFound("#1")) { try SearchFilter(documentID: 1).check(against: store) }
    }
}
