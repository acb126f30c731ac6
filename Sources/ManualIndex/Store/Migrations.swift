/// The schema, as an ordered list of steps; `PRAGMA user_version` records how many have run.
///
/// Append new steps; never edit a step that has shipped, or existing libraries will diverge.
enum Migrations {
    static let steps: [String] = [
        // 1: documents and the page text they were read from.
        """
        CREATE TABLE documents (
            id INTEGER PRIMARY KEY,
            source_path TEXT NOT NULL,
            file_name TEXT NOT NULL,
            sha256 TEXT NOT NULL UNIQUE,
            byte_size INTEGER NOT NULL,
            source_mtime REAL,
            title TEXT NOT NULL,
            author TEXT,
            subject TEXT,
            creation_date TEXT,
            page_count INTEGER NOT NULL,
            pdf_id TEXT,
            make TEXT,
            model TEXT,
            year INTEGER,
            ingested_at TEXT NOT NULL,
            pipeline_version TEXT NOT NULL
        );
        CREATE INDEX documents_by_path ON documents(source_path);
        CREATE TABLE pages (
            document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            label TEXT,
            text TEXT NOT NULL,
            clean_text TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (document_id, number)
        ) WITHOUT ROWID;
        """,
        // 2: chunks with their vectors, the FTS5 index over them, headings and term statistics.
        """
        CREATE TABLE chunks (
            id INTEGER PRIMARY KEY,
            document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            ordinal INTEGER NOT NULL,
            text TEXT NOT NULL,
            heading TEXT NOT NULL,
            heading_path TEXT NOT NULL,
            first_page INTEGER NOT NULL,
            last_page INTEGER NOT NULL,
            first_label TEXT,
            last_label TEXT,
            sentences TEXT NOT NULL,
            has_admonition INTEGER NOT NULL,
            keywords TEXT NOT NULL,
            char_count INTEGER NOT NULL,
            vector BLOB NOT NULL,
            fingerprint TEXT NOT NULL,
            UNIQUE (document_id, ordinal)
        );
        CREATE VIRTUAL TABLE chunks_fts USING fts5(
            text, heading,
            content='chunks', content_rowid='id',
            tokenize='porter unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER chunks_after_insert AFTER INSERT ON chunks BEGIN
            INSERT INTO chunks_fts(rowid, text, heading) VALUES (new.id, new.text, new.heading);
        END;
        CREATE TRIGGER chunks_after_delete AFTER DELETE ON chunks BEGIN
            INSERT INTO chunks_fts(chunks_fts, rowid, text, heading) VALUES ('delete', old.id, old.text, old.heading);
        END;
        CREATE TABLE headings (
            document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            ordinal INTEGER NOT NULL,
            title TEXT NOT NULL,
            level INTEGER NOT NULL,
            page INTEGER NOT NULL,
            PRIMARY KEY (document_id, ordinal)
        ) WITHOUT ROWID;
        CREATE TABLE document_terms (
            term TEXT NOT NULL,
            document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            chunk_count INTEGER NOT NULL,
            PRIMARY KEY (term, document_id)
        ) WITHOUT ROWID;
        CREATE INDEX document_terms_by_document ON document_terms(document_id);
        """,
        // 3: the query history and ratings.
        """
        CREATE TABLE queries (
            id INTEGER PRIMARY KEY,
            asked_at TEXT NOT NULL,
            question TEXT NOT NULL,
            document_id INTEGER,
            confidence TEXT NOT NULL,
            score REAL NOT NULL,
            cited_pages TEXT NOT NULL,
            relevances TEXT NOT NULL,
            answer_json TEXT NOT NULL,
            rating TEXT
        );
        """,
        // 4: int8 copies of the chunk vectors, compact enough to scan for every query, and a generation
        //    counter that tells the memory-mapped vector file beside the library when it is out of date.
        """
        CREATE TABLE chunk_vectors (
            chunk_id INTEGER PRIMARY KEY REFERENCES chunks(id) ON DELETE CASCADE,
            document_id INTEGER NOT NULL,
            scale REAL NOT NULL,
            quantized BLOB NOT NULL
        );
        CREATE TABLE library_state (
            key TEXT PRIMARY KEY,
            value INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO library_state (key, value) VALUES ('vector_generation', 1);
        CREATE TRIGGER documents_after_insert AFTER INSERT ON documents BEGIN
            UPDATE library_state SET value = value + 1 WHERE key = 'vector_generation';
        END;
        CREATE TRIGGER documents_after_delete AFTER DELETE ON documents BEGIN
            UPDATE library_state SET value = value + 1 WHERE key = 'vector_generation';
        END;
        """,
        // 5: batch jobs that can be interrupted and resumed (reindex --all).
        """
        CREATE TABLE jobs (
            name TEXT PRIMARY KEY,
            started_at TEXT NOT NULL
        ) WITHOUT ROWID;
        """,
        // 6: remember, once, whether chunks written before step 4 still lack their int8 vectors, so a
        //    query need not scan every chunk to find out.
        """
        INSERT OR REPLACE INTO library_state (key, value)
        SELECT 'vector_backfill_needed', 1
        WHERE EXISTS (SELECT 1 FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.chunk_id = c.id));
        """,
        // 7: the full-text index cuts Chinese, Japanese and Korean text into bigrams (`CJKBigramTokenizer`),
        //    so a word inside a run of such characters is found; rebuilt from the chunks it indexes.
        """
        DROP TABLE chunks_fts;
        CREATE VIRTUAL TABLE chunks_fts USING fts5(
            text, heading,
            content='chunks', content_rowid='id',
            tokenize='porter cjk_bigram remove_diacritics 2'
        );
        INSERT INTO chunks_fts(chunks_fts) VALUES ('rebuild');
        """,
        // 8: pages whose extraction a worker gave up (over its time budget, or it died), with the budgets
        //    they were given up under: not tried again under the same ones.
        """
        CREATE TABLE skipped_pages (
            document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            page INTEGER NOT NULL,
            reason TEXT NOT NULL,
            budget TEXT NOT NULL,
            PRIMARY KEY (document_id, page)
        ) WITHOUT ROWID;
        """,
        // 9: how each page's text was obtained (its text layer, or OCR of its image) with Tesseract's mean
        //    word confidence, and the OCR results of stored documents by their bytes, page and OCR settings,
        //    so re-reading the same PDF (reindex) never recognises a page twice. They are deleted with the
        //    last document of those bytes (`Store.dropUnusedOCRResults`).
        """
        ALTER TABLE pages ADD COLUMN text_source TEXT NOT NULL DEFAULT 'text';
        ALTER TABLE pages ADD COLUMN ocr_confidence REAL;
        CREATE TABLE ocr_cache (
            sha256 TEXT NOT NULL,
            page INTEGER NOT NULL,
            settings TEXT NOT NULL,
            confidence REAL,
            result BLOB NOT NULL,
            PRIMARY KEY (sha256, page, settings)
        ) WITHOUT ROWID;
        """,
        // 10: what was wrong with each document's file when it was read (`SourceCondition`): copies of one
        //     passage are cited from a sound file first. Documents stored before read as sound until re-read.
        """
        ALTER TABLE documents ADD COLUMN copy_restricted INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE documents ADD COLUMN xref_rebuilt INTEGER NOT NULL DEFAULT 0;
        """,
        // 11: the table's rows for each sentence of a chunk (`SentencePieces`), cut at ingest with its
        //     vector, for the re-ranker. Chunks stored before have none and are cut at query time.
        """
        ALTER TABLE chunk_vectors ADD COLUMN sentence_pieces BLOB;
        """,
        // 12: which sentences of a chunk are navigation lines (`NavigationMarks`), judged at ingest. Chunks
        //     stored before have none and are judged at query time.
        """
        ALTER TABLE chunks ADD COLUMN navigation_lines TEXT;
        """,
        // 13: an identity for the library, written once, that the vector file beside it carries: a library
        //     made anew at the same path, as far along as the old one, does not take the old one's vectors.
        """
        INSERT OR IGNORE INTO library_state (key, value) VALUES ('library_id', random());
        """,
        // 14: work a process derived from the library, kept for the next process (`KeptValueStore`): values by
        //     kind and key, valid for the library state named in `state` (follow-up checks, issue 51).
        """
        CREATE TABLE kept_values (
            kind TEXT NOT NULL,
            state TEXT NOT NULL,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (kind, state, key)
        ) WITHOUT ROWID;
        """,
        // 15: each chunk's passage terms (`PassageTerms`), worked out at ingest, so that a question does not
        //     analyse its candidates again. Chunks stored before have none and are analysed at query time.
        """
        ALTER TABLE chunks ADD COLUMN passage_terms TEXT;
        """,
    ]

    /// The schema version this binary writes.
    static var latest: Int { steps.count }
}
