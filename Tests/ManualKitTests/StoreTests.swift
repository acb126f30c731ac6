import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualIndex
@testable import ManualIngest
@testable import ManualQuestion

@Suite struct StoreTests {
    private func document(_ sha: String, path: String = "/manuals/a.pdf") -> DocumentContent {
        let record = DocumentRecord(sourcePath: path, fileName: "a.pdf", sha256: sha, byteSize: 10, title: "A",
                                    pageCount: 2, ingestedAt: "2026-01-01T00:00:00Z", pipelineVersion: "test")
        let chunk = Chunk(ordinal: 0, sentences: [Sentence(text: "Inflate the tires to 230 kPa.", page: 2)],
                          headingPath: ["Tires"], vector: [0.6, 0.8])
        return DocumentContent(document: record,
                               pages: [PageRecord(number: 1, label: "i", text: "Cover", cleanText: "Cover"),
                                       PageRecord(number: 2, label: "1", text: "Tires", cleanText: "Tires")],
                               chunks: [chunk], headings: [OutlineEntry(title: "Tires", page: 2, level: 1)],
                               termChunkCounts: ["tire": 1, "inflat": 1], fingerprint: "test")
    }

    @Test func freshLibraryIsMigratedToTheLatestSchemaInWALMode() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore(path: folder.path("lib.sqlite"))
        #expect(store.schemaVersion == Migrations.latest)
        #expect(try SQLiteFile.integer(folder.path("lib.sqlite"), "PRAGMA user_version") == Int64(Migrations.latest))
    }

    /// A library written before schema 7 indexed a CJK run as one token; opening it rebuilds the index.
    /// SQLite sometimes answers "busy" without waiting (a connection cleaning up or recovering the log):
    /// such an answer is tried again; any other error, at once, is not.
    @Test func aBusyAnswerGivenWithoutWaitingIsTriedAgain() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore(path: folder.path("library.sqlite"))
        var calls = 0
        let value = try store.db.retryingUnwaitedBusy { () throws -> Int in
            calls += 1
            if calls < 3 { throw StoreError.busy(path: store.path) }
            return 42
        }
        #expect(value == 42 && calls == 3)
        calls = 0
        #expect(throws: StoreError.self) {
            try store.db.retryingUnwaitedBusy { () throws -> Int in
                calls += 1
                throw StoreError.readOnly(path: store.path)
            }
        }
        #expect(calls == 1)
    }

    /// A library file at schema `schema` holding one document, "car.pdf" (id 1), and then `sql`.
    private func oldLibrary(in folder: TemporaryFolder, schema: Int, then sql: String = "") throws -> String {
        let path = folder.path("old.sqlite")
        try SQLiteFile.execute(path, Migrations.steps[0..<schema].joined(separator: "\n") + """
            PRAGMA user_version = \(schema);
            INSERT INTO documents (source_path, file_name, sha256, byte_size, title, page_count, ingested_at, pipeline_version)
            VALUES ('/m/car.pdf', 'car.pdf', 'cc', 1, 'Car', 1, '2026-01-01T00:00:00Z', 'old');
            \(sql)
            """)
        return path
    }

    @Test func aSchema6LibraryIsReindexedForCJKWordsWhenOpened() throws {
        let folder = TemporaryFolder()
        let path = try oldLibrary(in: folder, schema: 6, then: """
            INSERT INTO chunks (document_id, ordinal, text, heading, heading_path, first_page, last_page, sentences,
                has_admonition, keywords, char_count, vector, fingerprint)
            VALUES (1, 0, 'Inflating: タイヤの空気圧は230 kPaです。', 'Tires', '["Tires"]', 1, 1, '[]', 0, '[]', 30, x'', 'old');
            """)
        #expect(try SQLiteFile.integer(path, "SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH '\"空気\"'") == 0)
        let store = try SQLiteStore(path: path)
        #expect(store.schemaVersion == Migrations.latest)
        #expect(try store.keywordHits(match: KeywordQuery("空気圧").matchExpression!, filter: SearchFilter(), limit: 5).count == 1)
        #expect(try store.keywordHits(match: KeywordQuery("inflate").matchExpression!, filter: SearchFilter(), limit: 5).count == 1)
        #expect(try store.keywordHits(match: KeywordQuery("燃料").matchExpression!, filter: SearchFilter(), limit: 5).isEmpty)
    }

    @Test func aSchema9LibraryOpensWithItsDocumentsCountedSound() throws {
        // Schema 10 records what was wrong with each file; documents stored before read as sound (the
        // migration cannot read their files) until `reindex` reads them again.
        let folder = TemporaryFolder()
        let path = try oldLibrary(in: folder, schema: 9)
        let store = try SQLiteStore(path: path)
        #expect(store.schemaVersion == Migrations.latest)
        #expect(try store.document(id: 1)?.condition == SourceCondition())
        #expect(try store.impairedChunkRanks(among: [1, 2]).isEmpty)
        // A document saved now keeps its condition.
        var damaged = document("dd", path: "/manuals/d.pdf")
        damaged.document.condition = SourceCondition(crossReferenceRebuilt: true)
        let id = try store.save(damaged)
        #expect(try store.document(id: id)?.condition == SourceCondition(crossReferenceRebuilt: true))
        let chunk = try #require(try store.chunks(documentID: id).first)
        #expect(try store.impairedChunkRanks(among: [chunk.id]) == [chunk.id: 2])
    }

    @Test func aSchema10LibraryOpensAndItsChunksAreCutAndJudgedAtQueryTime() throws {
        // Schema 11 keeps the sentences' table rows beside each vector; chunks stored before have none,
        // and the re-ranker cuts their sentences itself, as it did.
        let folder = TemporaryFolder()
        let path = try oldLibrary(in: folder, schema: 10, then: """
            INSERT INTO chunks (document_id, ordinal, text, heading, heading_path, first_page, last_page, sentences,
                has_admonition, keywords, char_count, vector, fingerprint)
            VALUES (1, 0, 'Check the tire pressure monthly.', 'Tires', '["Tires"]', 1, 1,
                '[{"text":"Check the tire pressure monthly.","page":1,"lastPage":1,"kind":"body"}]', 0, '[]', 32, x'', 'old');
            INSERT INTO chunk_vectors (chunk_id, document_id, scale, quantized) VALUES (1, 1, 0.01, x'0102');
            """)
        let store = try SQLiteStore(path: path)
        #expect(store.schemaVersion == Migrations.latest)
        let old = try #require(try store.chunks(documentID: 1).first)
        #expect(old.chunk.sentences.count == 1)
        #expect(old.chunk.sentencePieces == nil)
        // Schema 12 marks navigation lines at ingest; a chunk stored before is judged when read.
        #expect(old.chunk.navigationMarks == nil)
        #expect(old.chunk.navigationFlags == [false])
        // A chunk saved now keeps its rows.
        var cache = WordPieceCache()
        let saved = document("ee", path: "/manuals/e.pdf")
        var chunk = Chunk(ordinal: 0, sentences: [Sentence(text: "Inflate the tires to 230 kPa.", page: 2)],
                          headingPath: ["Tires"], vector: [0.6, 0.8])
        chunk.sentencePieces = SentencePieces(sentences: chunk.sentences, embedder: StaticEmbedder(), cache: &cache)
        let id = try store.save(DocumentContent(document: saved.document, pages: [], chunks: [chunk], headings: [],
                                                termChunkCounts: [:], fingerprint: "test"))
        #expect(try store.chunks(documentID: id).first?.chunk.sentencePieces == chunk.sentencePieces)
    }

    @Test func savedDocumentReadsBackWithChunksAndVectors() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore(path: folder.path("lib.sqlite"))
        let id = try store.save(document("aa"))
        let chunks = try store.chunks(documentID: id)
        #expect(chunks.count == 1)
        // Read back from its int8 copy: within one step of 127 of the largest value.
        #expect(chunks[0].chunk.vector.count == 2)
        #expect(zip(chunks[0].chunk.vector, [Float(0.6), 0.8]).allSatisfy { abs($0 - $1) <= 0.8 / 127 })
        #expect(try SQLiteFile.integer(folder.path("lib.sqlite"), "SELECT count(*) FROM chunks WHERE typeof(vector) = 'blob' AND length(vector) = 0") == 1)
        #expect(chunks[0].chunk.sentences[0].page == 2)
        #expect(try store.pages(documentID: id).map(\.label) == ["i", "1"])
        #expect(try store.chunkFrequencies(of: ["tire", "absent"]) == ["tire": 1, "absent": 0])
        // The terms go to SQLite as one JSON array: any text comes back as it was, once.
        #expect(try store.chunkFrequencies(of: ["inflat", "tire", "inflat", "a\"b\\c", "été", "x\ty", ""])
                == ["inflat": 1, "tire": 1, "a\"b\\c": 0, "été": 0, "x\ty": 0, "": 0])
        #expect(try store.chunkFrequencies(of: []) == [:])
    }

    /// Chunks go in several to a statement (`SQLiteStore.chunksPerInsert`): each gets its `ChunkID` (its
    /// document's id and its ordinal), its own vector and its full-text entry, and the index passes its check.
    @Test func chunksInsertedInBatchesKeepTheirOrderIDsVectorsAndFullText() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore(path: folder.path("lib.sqlite"))
        let first = try store.save(document("aa"))
        #expect(try store.chunks(documentID: first).first?.id == ChunkID.of(document: first, ordinal: 0))
        let count = 2 * SQLiteStore.chunksPerInsert + 5
        var content = document("bb", path: "/manuals/b.pdf")
        content.chunks = RowSource((0..<count).map { ordinal in
            Chunk(ordinal: ordinal, sentences: [Sentence(text: "Step \(ordinal): turn valve\(ordinal) clockwise.", page: 2)],
                  headingPath: ["Valves"], vector: [Float(ordinal), 1])
        })
        let id = try store.save(content)
        let chunks = try store.chunks(documentID: id)
        #expect(chunks.map(\.chunk.ordinal) == Array(0..<count))
        #expect(chunks.map(\.id) == (0..<count).map { id * ChunkID.perDocument + Int64($0) })
        for stored in chunks {
            #expect(abs(stored.chunk.vector[0] - Float(stored.chunk.ordinal)) <= Float(count) / 127)
        }
        let hits = try store.keywordHits(match: KeywordQuery("valve40").matchExpression!, filter: SearchFilter(), limit: 5)
        #expect(hits.map(\.chunkID) == [ChunkID.of(document: id, ordinal: 40)])
        #expect(try store.fullTextIndexProblem() == nil)
    }

    @Test func replacingKeepsTheIDAndDropsTheOldRows() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore(path: folder.path("lib.sqlite"))
        let id = try store.save(document("aa"))
        let again = try store.save(document("bb"), replacing: id)
        #expect(again == id)
        #expect(try store.documents().map(\.sha256) == ["bb"])
        #expect(try store.chunkCount() == 1)
        // The new chunk takes the id its ordinal had: nothing about it depends on when it was written.
        #expect(try store.chunks(documentID: id).map(\.id) == [ChunkID.of(document: id, ordinal: 0)])
    }

    @Test func aFailedSaveLeavesNothingBehind() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore(path: folder.path("lib.sqlite"))
        _ = try store.save(document("aa"))
        // Same sha256 at another path violates the unique constraint half-way through the write.
        #expect(throws: StoreError.self) { try store.save(document("aa", path: "/other.pdf")) }
        #expect(try SQLiteFile.rowCounts(folder.path("lib.sqlite"))
                == ["documents": 1, "pages": 2, "chunks": 1, "headings": 1, "document_terms": 2])
    }

    @Test func removeCascadesToEveryDerivedRow() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore(path: folder.path("lib.sqlite"))
        let id = try store.save(document("aa"))
        try store.remove(documentID: id)
        #expect(try SQLiteFile.rowCounts(folder.path("lib.sqlite")).values.allSatisfy { $0 == 0 })
        #expect(try SQLiteFile.integer(folder.path("lib.sqlite"), "SELECT count(*) FROM chunks_fts") == 0)
        #expect(throws: StoreError.documentNotFound("#\(id)")) { try store.remove(documentID: id) }
    }

    @Test func locationFollowsFlagThenEnvironmentThenXDG() {
        #expect(LibraryLocation.resolve(explicit: "/x/lib.sqlite", environment: ["MANUAL_DB": "/y"]) == "/x/lib.sqlite")
        #expect(LibraryLocation.resolve(explicit: nil, environment: ["MANUAL_DB": "/y/lib.sqlite"]) == "/y/lib.sqlite")
        #expect(LibraryLocation.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])
                == "/d/manual/library.sqlite")
        #expect(LibraryLocation.resolve(explicit: nil, environment: ["HOME": "/h"])
                == "/h/.local/share/manual/library.sqlite")
    }
}

@Suite struct DocumentTitleTests {
    @Test func authoringLeftoversGiveWayToTheFileName() {
        #expect(DocumentTitle.choose(metadataTitle: "Microsoft Word - pdp11_doc.doc", fileName: "simh-pdp11.pdf") == "simh-pdp11")
        #expect(DocumentTitle.choose(metadataTitle: "manual.tex", fileName: "radio.pdf") == "radio")
        #expect(DocumentTitle.choose(metadataTitle: "Untitled", fileName: "kettle.pdf") == "kettle")
        #expect(DocumentTitle.choose(metadataTitle: nil, fileName: "kettle.pdf") == "kettle")
        #expect(DocumentTitle.choose(metadataTitle: "Northwind Tern 2024 Owner's Manual", fileName: "car.pdf")
                == "Northwind Tern 2024 Owner's Manual")
    }
}
