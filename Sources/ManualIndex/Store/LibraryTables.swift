/// The tables a library holds, with their columns, the same in an SQLite and a PostgreSQL library: what
/// `LibraryCopier` copies row by row, keeping every id. Derived structures are not copied but rebuilt by
/// the store written to (SQLite's full-text index, PostgreSQL's postings).
enum LibraryTables {
    enum Kind { case integer, real, text, blob }

    struct Table {
        let name: String
        let columns: [(name: String, kind: Kind)]
        /// Whether its rows belong to one document (`document_id`), copied document by document.
        let perDocument: Bool

        var columnList: String { columns.map(\.name).joined(separator: ", ") }

        /// The condition selecting one document's rows, its id the SQL parameter `parameter` (`?1`, `$1`).
        /// chunk_vectors has no index on document_id in either store: its rows are found through the
        /// document's chunks, where a scan of the whole table per document made `migrate` of 1,008 manuals
        /// read the 200,000 vectors a thousand times.
        func documentCondition(_ parameter: String) -> String {
            guard name == "chunk_vectors" else { return "document_id = \(parameter)" }
            return "document_id = \(parameter) AND chunk_id IN (SELECT id FROM chunks WHERE document_id = \(parameter))"
        }
    }

    static let documents = Table(name: "documents", columns: [
        ("id", .integer), ("source_path", .text), ("file_name", .text), ("sha256", .text), ("byte_size", .integer),
        ("source_mtime", .real), ("title", .text), ("author", .text), ("subject", .text), ("creation_date", .text),
        ("page_count", .integer), ("pdf_id", .text), ("make", .text), ("model", .text), ("year", .integer),
        ("ingested_at", .text), ("pipeline_version", .text), ("copy_restricted", .integer), ("xref_rebuilt", .integer),
    ], perDocument: true)

    static let pages = Table(name: "pages", columns: [
        ("document_id", .integer), ("number", .integer), ("label", .text), ("text", .text), ("clean_text", .text),
        ("text_source", .text), ("ocr_confidence", .real),
    ], perDocument: true)

    static let chunks = Table(name: "chunks", columns: [
        ("id", .integer), ("document_id", .integer), ("ordinal", .integer), ("text", .text), ("heading", .text),
        ("heading_path", .text), ("first_page", .integer), ("last_page", .integer), ("first_label", .text),
        ("last_label", .text), ("sentences", .text), ("has_admonition", .integer), ("keywords", .text),
        ("char_count", .integer), ("vector", .blob), ("fingerprint", .text), ("navigation_lines", .text),
        ("passage_terms", .text),
    ], perDocument: true)

    static let chunkVectors = Table(name: "chunk_vectors", columns: [
        ("chunk_id", .integer), ("document_id", .integer), ("scale", .real), ("quantized", .blob), ("sentence_pieces", .blob),
    ], perDocument: true)

    static let headings = Table(name: "headings", columns: [
        ("document_id", .integer), ("ordinal", .integer), ("title", .text), ("level", .integer), ("page", .integer),
    ], perDocument: true)

    static let documentTerms = Table(name: "document_terms", columns: [
        ("term", .text), ("document_id", .integer), ("chunk_count", .integer),
    ], perDocument: true)

    static let skippedPages = Table(name: "skipped_pages", columns: [
        ("document_id", .integer), ("page", .integer), ("reason", .text), ("budget", .text),
    ], perDocument: true)

    static let ocrCache = Table(name: "ocr_cache", columns: [
        ("sha256", .text), ("page", .integer), ("settings", .text), ("confidence", .real), ("result", .blob),
    ], perDocument: false)

    static let queries = Table(name: "queries", columns: [
        ("id", .integer), ("asked_at", .text), ("question", .text), ("document_id", .integer), ("confidence", .text),
        ("score", .real), ("cited_pages", .text), ("relevances", .text), ("answer_json", .text), ("rating", .text),
    ], perDocument: false)

    static let jobs = Table(name: "jobs", columns: [("name", .text), ("started_at", .text)], perDocument: false)

    /// In the order they are written: a row's document (and chunk) before it.
    static let all: [Table] = [documents, pages, chunks, chunkVectors, headings, documentTerms, skippedPages,
                               ocrCache, queries, jobs]

    /// The order rows are read in, so a copy is the same whatever the store: the table's key.
    static func order(of table: Table) -> String {
        switch table.name {
        case "documents", "chunks", "queries": return "id"
        case "pages": return "document_id, number"
        case "chunk_vectors": return "chunk_id"
        case "headings": return "document_id, ordinal"
        case "document_terms": return "document_id, term"
        case "skipped_pages": return "document_id, page"
        case "ocr_cache": return "sha256, page, settings"
        default: return "name"
        }
    }
}

/// What `LibraryCopier` needs of a store besides `Store`: its rows as they are, and a way to write rows
/// into an empty library in one transaction.
protocol RowCopying: AnyObject {
    /// The rows of `table` (of document `documentID` when the table's rows belong to one, else all), in
    /// `LibraryTables.order`, as values of the table's column kinds.
    func exportRows(of table: LibraryTables.Table, documentID: Int64?) throws(StoreError) -> [[SQLiteValue]]

    /// Writes rows into `table`; the caller holds `importing`'s transaction.
    func importRows(_ rows: [[SQLiteValue]], into table: LibraryTables.Table) throws(StoreError)

    /// Runs `body` in one write transaction and brings the library's derived state (generation, totals,
    /// identity `libraryID`) up to date at its end.
    func importing(libraryID: Int64, _ body: () throws(StoreError) -> Void) throws(StoreError)
}
