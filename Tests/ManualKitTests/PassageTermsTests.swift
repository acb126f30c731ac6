import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualIndex

/// A chunk's passage terms are worked out at ingest and stored (schema 15), so a question reads them
/// instead of analysing each candidate again; what it reads must be what it would have worked out.
@Suite struct PassageTermsTests {
    @Test func everyIngestedChunkStoresItsPassagesTermsAsTheAnalyzerMakesThem() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore(path: folder.path("lib.sqlite"))
        let report = try Ingestor(store: store).ingest(Fixtures.sampleManual)
        let ids = try store.chunkIDs(documentID: report.document.id)
        #expect(ids.count > 3)
        for id in ids {
            let passage = try #require(try store.passage(chunkID: id))
            let analysed = TextAnalyzer.terms(ChunkPassage.text(headingPath: passage.headingPath, text: passage.text))
            #expect(passage.terms?.terms == analysed)
            #expect(!analysed.isEmpty)
        }
    }

    @Test func theStoredFormReadsBackOnlyUnderThisAnalyzer() throws {
        let terms = PassageTerms(["tire", "pressur", "35psi", "取扱"])
        let encoded = try #require(terms.encoded)
        #expect(PassageTerms(encoded: encoded) == terms)
        #expect(PassageTerms(encoded: try #require(PassageTerms([]).encoded)) == PassageTerms([]))
        // Terms made by other rules are analysed again rather than trusted.
        #expect(PassageTerms(encoded: "porter2-0" + encoded.drop(while: { $0 != "\u{1E}" })) == nil)
        #expect(PassageTerms(encoded: "tire pressur") == nil)
        // A term that could not be read back as itself is not stored at all.
        #expect(PassageTerms(["a\u{1F}b"]).encoded == nil)
        #expect(PassageTerms([""]).encoded == nil)
    }

    @Test func aChunkStoredBeforeSchema15HasNoTermsAndIsAnalysedWhenAsked() throws {
        let folder = TemporaryFolder()
        let path = folder.path("old.sqlite")
        try SQLiteFile.execute(path, Migrations.steps[0..<14].joined(separator: "\n") + """
            PRAGMA user_version = 14;
            INSERT INTO documents (source_path, file_name, sha256, byte_size, title, page_count, ingested_at, pipeline_version)
            VALUES ('/m/car.pdf', 'car.pdf', 'cc', 1, 'Car', 1, '2026-01-01T00:00:00Z', 'old');
            INSERT INTO chunks (document_id, ordinal, text, heading, heading_path, first_page, last_page, sentences,
                has_admonition, keywords, char_count, vector, fingerprint)
            VALUES (1, 0, 'Check the tire pressure monthly.', 'Tires', '["Tires"]', 1, 1,
                '[{"text":"Check the tire pressure monthly.","page":1,"lastPage":1,"kind":"body"}]', 0, '[]', 32, x'', 'old');
            """)
        let store = try SQLiteStore(path: path)
        #expect(store.schemaVersion == Migrations.latest)
        let id = try #require(try store.chunkIDs(documentID: 1).first)
        let passage = try #require(try store.passage(chunkID: id))
        #expect(passage.terms == nil)
        #expect(TermsMemo.terms(passage) == TextAnalyzer.terms("Tires\nCheck the tire pressure monthly."))
    }
}
