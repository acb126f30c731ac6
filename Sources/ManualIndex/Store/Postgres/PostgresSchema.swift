/// The PostgreSQL library's schema, as ordered steps like `Migrations` (SQLite's), run the same way: on
/// opening, in one transaction, the steps past the version recorded in `library_state` ('schema_version').
/// Append new steps; never edit one that has shipped.
///
/// The tables and columns are SQLite's (`LibraryTables` copies rows between the two), with PostgreSQL's
/// types. Where SQLite has its FTS5 index, PostgreSQL has `postings`: per term and chunk, the term's count
/// in the text and in the heading and the chunk's length, made by FTS5's own tokenizer (`FTS5Tokens`), from
/// which `PostgresStore.keywordHits` computes FTS5's BM25 exactly. Text is compared in the "C" collation,
/// bytewise as SQLite does, whatever the database's locale.
enum PostgresSchema {
    static let steps: [String] = [
        // 1: everything an SQLite library of schema 13 holds, the postings, and the change log.
        """
        CREATE TABLE library_state (key text COLLATE "C" PRIMARY KEY, value bigint NOT NULL);
        CREATE TABLE documents (
            id bigint PRIMARY KEY, source_path text COLLATE "C" NOT NULL, file_name text NOT NULL,
            sha256 text COLLATE "C" NOT NULL UNIQUE, byte_size bigint NOT NULL, source_mtime float8,
            title text NOT NULL, author text, subject text, creation_date text, page_count integer NOT NULL,
            pdf_id text, make text, model text, year integer, ingested_at text NOT NULL,
            pipeline_version text NOT NULL, copy_restricted integer NOT NULL DEFAULT 0,
            xref_rebuilt integer NOT NULL DEFAULT 0);
        CREATE INDEX documents_by_path ON documents (source_path);
        CREATE TABLE pages (
            document_id bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE, number integer NOT NULL,
            label text, text text NOT NULL, clean_text text NOT NULL DEFAULT '',
            text_source text NOT NULL DEFAULT 'text', ocr_confidence float8, PRIMARY KEY (document_id, number));
        CREATE TABLE chunks (
            id bigint PRIMARY KEY, document_id bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
            ordinal integer NOT NULL, text text NOT NULL, heading text NOT NULL, heading_path text NOT NULL,
            first_page integer NOT NULL, last_page integer NOT NULL, first_label text, last_label text,
            sentences text NOT NULL, has_admonition integer NOT NULL, keywords text NOT NULL,
            char_count integer NOT NULL, vector bytea NOT NULL, fingerprint text NOT NULL, navigation_lines text,
            token_count integer NOT NULL, UNIQUE (document_id, ordinal));
        CREATE TABLE postings (
            term text COLLATE "C" NOT NULL, chunk_id bigint NOT NULL REFERENCES chunks (id) ON DELETE CASCADE,
            tf_text integer NOT NULL, tf_head integer NOT NULL, len integer NOT NULL, PRIMARY KEY (term, chunk_id));
        CREATE INDEX postings_by_chunk ON postings (chunk_id);
        CREATE TABLE headings (
            document_id bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE, ordinal integer NOT NULL,
            title text NOT NULL, level integer NOT NULL, page integer NOT NULL, PRIMARY KEY (document_id, ordinal));
        CREATE TABLE document_terms (
            term text COLLATE "C" NOT NULL, document_id bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
            chunk_count integer NOT NULL, PRIMARY KEY (term, document_id));
        CREATE INDEX document_terms_by_document ON document_terms (document_id);
        CREATE SEQUENCE queries_id_seq;
        CREATE TABLE queries (
            id bigint PRIMARY KEY, asked_at text NOT NULL, question text NOT NULL, document_id bigint,
            confidence text NOT NULL, score float8 NOT NULL, cited_pages text NOT NULL, relevances text NOT NULL,
            answer_json text NOT NULL, rating text);
        CREATE TABLE chunk_vectors (
            chunk_id bigint PRIMARY KEY REFERENCES chunks (id) ON DELETE CASCADE, document_id bigint NOT NULL,
            scale float8 NOT NULL, quantized bytea NOT NULL, sentence_pieces bytea);
        CREATE TABLE jobs (name text COLLATE "C" PRIMARY KEY, started_at text NOT NULL);
        CREATE TABLE skipped_pages (
            document_id bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE, page integer NOT NULL,
            reason text NOT NULL, budget text NOT NULL, PRIMARY KEY (document_id, page));
        CREATE TABLE ocr_cache (
            sha256 text COLLATE "C" NOT NULL, page integer NOT NULL, settings text COLLATE "C" NOT NULL,
            confidence float8, result bytea NOT NULL, PRIMARY KEY (sha256, page, settings));
        CREATE TABLE library_changes (
            generation bigint NOT NULL, document_id bigint NOT NULL, op text NOT NULL);
        CREATE INDEX library_changes_by_generation ON library_changes (generation);
        INSERT INTO library_state (key, value) VALUES
            ('vector_generation', 1), ('fts_rows', 0), ('fts_tokens', 0),
            ('library_id', (random() * 9.2e18)::bigint);
        """,
        // 2: work derived from the library, kept for every node (`KeptValueStore`), as SQLite's schema 14.
        """
        CREATE TABLE kept_values (
            kind text COLLATE "C" NOT NULL, state text COLLATE "C" NOT NULL, key text COLLATE "C" NOT NULL,
            value text NOT NULL, PRIMARY KEY (kind, state, key));
        """,
        // 3: the postings' key carries their counts, so a term's postings are read from the index alone
        // (its entries lie together) instead of from heap pages scattered over the whole table: the
        // keyword query of a 1,008-manual library read 62,000 pages for two terms.
        """
        ALTER TABLE postings DROP CONSTRAINT postings_pkey,
            ADD PRIMARY KEY (term, chunk_id) INCLUDE (tf_text, tf_head, len);
        """,
        // 4: each chunk's passage terms (`PassageTerms`), as SQLite's schema 15.
        """
        ALTER TABLE chunks ADD COLUMN passage_terms text;
        """,
    ]

    /// The schema version this binary writes.
    static var latest: Int { steps.count }
}
