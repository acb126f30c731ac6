/// Rows in and out of the PostgreSQL library, for `save` and `LibraryCopier` alike.
extension PostgresStore: RowCopying {
    func exportRows(of table: LibraryTables.Table, documentID: Int64?) throws(StoreError) -> [[SQLiteValue]] {
        let condition = documentID == nil ? "" : " WHERE " + table.documentCondition("$1")
        let rows = try connection.query("SELECT \(table.columnList) FROM \(table.name)\(condition) ORDER BY \(LibraryTables.order(of: table))",
                                        documentID.map { [.integer($0)] } ?? [])
        return rows.map { row in
            table.columns.enumerated().map { column, spec in
                if rows.isNull(row, column) { return .null }
                switch spec.kind {
                case .integer: return .integer(rows.int(row, column))
                case .real: return .real(rows.double(row, column))
                case .text: return .text(rows.text(row, column) ?? "")
                case .blob: return .blob(rows.bytes(row, column))
                }
            }
        }
    }

    func importRows(_ rows: [[SQLiteValue]], into table: LibraryTables.Table) throws(StoreError) {
        guard !rows.isEmpty else { return }
        if table.name == LibraryTables.chunks.name { return try importChunks(rows) }
        try insert(rows, into: table.name, columns: table.columnList, width: table.columns.count)
    }

    /// One COPY of all `rows` (`PostgresConnection.copy`): a document's pages or a migrated library's
    /// table in one statement. `width` is the column count every row has.
    private func insert(_ rows: [[SQLiteValue]], into table: String, columns: String, width: Int) throws(StoreError) {
        assert(rows.allSatisfy { $0.count == width })
        try connection.copy(rows, into: table, columns: columns, freeze: freezing.contains(table))
    }

    /// Chunks with their length in tokens, their postings, and the totals BM25 reads.
    private func importChunks(_ rows: [[SQLiteValue]]) throws(StoreError) {
        let texts: [(Int64, String, String)] = rows.map { row in
            func text(_ value: SQLiteValue) -> String { if case .text(let t) = value { return t } else { return "" } }
            guard case .integer(let id) = row[0] else { return (0, "", "") }
            return (id, text(row[3]), text(row[4]))
        }
        let lengths = try insertPostings(texts) { lengths throws(StoreError) in
            // The chunks first: their postings refer to them.
            let widened = zip(rows, texts).map { row, chunk in row + [.integer(Int64(lengths[chunk.0] ?? 0))] }
            try insert(widened, into: "chunks", columns: LibraryTables.chunks.columnList + ", token_count",
                       width: LibraryTables.chunks.columns.count + 1)
        }
        try adjustTotals(rows: Int64(rows.count), tokens: lengths.values.reduce(0) { $0 + Int64($1) })
    }

    /// Writes the postings of chunks (id, text, heading), made by FTS5's tokenizer chain, in one COPY,
    /// after `first` is given each chunk's length in tokens; returns those lengths.
    func insertPostings(_ chunks: [(Int64, String, String)],
                        first: ([Int64: Int]) throws(StoreError) -> Void = { _ in }) throws(StoreError) -> [Int64: Int] {
        let tokens = try tokenizer()
        var postings: [[SQLiteValue]] = []
        var lengthOf: [Int64: Int] = [:]
        for (id, text, heading) in chunks {
            let made = try tokens.postings(text: text, heading: heading)
            lengthOf[id] = made.length
            for term in made.terms.keys.sorted() {
                let counts = made.terms[term]!
                postings.append([.text(term), .integer(id), .integer(Int64(counts.text)), .integer(Int64(counts.heading)),
                                 .integer(Int64(made.length))])
            }
        }
        try first(lengthOf)
        try connection.copy(postings, into: "postings", columns: "term, chunk_id, tf_text, tf_head, len",
                            freeze: freezing.contains("postings"))
        return lengthOf
    }

    /// The tables whose every row belongs to a document (by a foreign key), and the postings.
    static let documentTables: Set<String> = ["documents", "pages", "chunks", "chunk_vectors", "headings", "document_terms",
                                              "skipped_pages", "postings"]

    func importing(libraryID: Int64, _ body: () throws(StoreError) -> Void) throws(StoreError) {
        try write {
            try nextGeneration(document: nil, op: "")
            // The postings (a hundred per chunk: 20 million for 1,008 manuals) go into an empty library
            // without their key, index and foreign key, which are made once at the end, by sorting and one
            // join, instead of row by row. In the one transaction: a copy that fails leaves them as they were.
            //
            // The tables of documents are empty (`LibraryCopier` copies into an empty library, and every one of
            // them belongs to a document); emptied again here, in the transaction, their rows go in frozen
            // (`PostgresConnection.copy`), so the VACUUM below need not write every page of them once more.
            // maintenance_work_mem: the key of 20 million postings sorts in memory instead of on disk.
            try connection.execute("""
                SET LOCAL maintenance_work_mem = '1GB';
                ALTER TABLE postings DROP CONSTRAINT postings_pkey, DROP CONSTRAINT postings_chunk_id_fkey;
                DROP INDEX postings_by_chunk;
                TRUNCATE \(PostgresStore.documentTables.sorted().joined(separator: ", "));
                """)
            freezing = PostgresStore.documentTables
            defer { freezing = [] }
            try body()
            try connection.execute("""
                ALTER TABLE postings ADD PRIMARY KEY (term, chunk_id) INCLUDE (tf_text, tf_head, len),
                    ADD FOREIGN KEY (chunk_id) REFERENCES chunks (id) ON DELETE CASCADE;
                CREATE INDEX postings_by_chunk ON postings (chunk_id);
                """)
            try connection.query("UPDATE library_state SET value = $1 WHERE key = 'library_id'", [.integer(libraryID)])
            // The copied history's ids stay; new questions are numbered after them.
            try connection.query("SELECT setval('queries_id_seq', (SELECT coalesce(max(id), 0) + 1 FROM queries), false)")
            // Every node's vector file was made before the copy: the generation moves past anything it saw.
            try connection.query("""
                INSERT INTO library_changes (generation, document_id, op)
                SELECT (SELECT value FROM library_state WHERE key = 'vector_generation'), id, 'add' FROM documents
                """)
        }
        // Committed: statistics for the planner, and the visibility map that lets a keyword query read the
        // postings from their key alone, now rather than whenever autovacuum comes (a 1,008-manual library
        // answered in 2.3 s before it did). Outside the transaction, as VACUUM must be.
        try connection.execute("VACUUM (ANALYZE)")
    }
}

/// PostgreSQL array literals, passed as one text parameter (`$1::bigint[]`): a question's candidates or
/// a document's postings go in one statement instead of one per value.
enum PostgresArray {
    static func integers(_ values: [Int64]) -> String {
        "{" + values.map(String.init).joined(separator: ",") + "}"
    }

    /// Each value quoted, with its backslashes and double quotes escaped, byte by byte (Foundation's
    /// `replacingOccurrences` was a tenth of `migrate`'s own time).
    static func texts(_ values: [String]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(values.reduce(2) { $0 + $1.utf8.count + 3 })
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            for byte in value.utf8 {
                if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") { bytes.append(UInt8(ascii: "\\")) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
