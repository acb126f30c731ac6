import Foundation

extension SQLiteStore {
    private static let documentColumns = """
        id, source_path, file_name, sha256, byte_size, source_mtime, title, author, subject,
        creation_date, page_count, pdf_id, make, model, year, ingested_at, pipeline_version, copy_restricted,
        xref_rebuilt
        """

    /// A document's `copy_restricted` and `xref_rebuilt` columns, read from `column` on.
    private static func readCondition(_ row: SQLiteStatement, at column: Int32) -> SourceCondition {
        SourceCondition(copyRestricted: row.int(column) != 0, crossReferenceRebuilt: row.int(column + 1) != 0)
    }

    private static func readDocument(_ row: SQLiteStatement) -> DocumentRecord {
        DocumentRecord(
            id: row.int(0), sourcePath: row.text(1) ?? "", fileName: row.text(2) ?? "",
            sha256: row.text(3) ?? "", byteSize: row.int(4),
            sourceModified: row.isNull(5) ? nil : row.double(5),
            title: row.text(6) ?? "", author: row.text(7), subject: row.text(8),
            creationDate: row.text(9), pageCount: Int(row.int(10)), pdfID: row.text(11),
            product: Product(make: row.text(12), model: row.text(13),
                             year: row.isNull(14) ? nil : Int(row.int(14))),
            ingestedAt: row.text(15) ?? "", pipelineVersion: row.text(16) ?? "",
            condition: readCondition(row, at: 17))
    }

    /// Every document, oldest first.
    public func documents() throws(StoreError) -> [DocumentRecord] {
        try statement("SELECT \(SQLiteStore.documentColumns) FROM documents ORDER BY id").rows([], SQLiteStore.readDocument)
    }

    /// The page count of the library's longest document; nil when it holds none.
    public func longestPageCount() throws(StoreError) -> Int? {
        try statement("SELECT max(page_count) FROM documents").rows { $0.isNull(0) ? nil : Int($0.int(0)) }.first ?? nil
    }

    /// `SourceCondition.rank` of those of `chunks` whose document's file had problems (damaged,
    /// copy-restricted); chunks of sound documents are left out, so a library without such files gives an
    /// empty map. One statement over a JSON array of the ids, as a query's candidates are a few hundred.
    public func impairedChunkRanks(among chunks: [Int64]) throws(StoreError) -> [Int64: Int] {
        guard !chunks.isEmpty else { return [:] }
        var ranks: [Int64: Int] = [:]
        for (id, condition) in try statement("""
            SELECT c.id, d.copy_restricted, d.xref_rebuilt FROM json_each(?) t
            JOIN chunks c ON c.id = t.value JOIN documents d ON d.id = c.document_id
            WHERE d.copy_restricted != 0 OR d.xref_rebuilt != 0
            """).rows([.text(StoredJSON.integers(chunks))], { ($0.int(0), SQLiteStore.readCondition($0, at: 1)) }) {
            ranks[id] = condition.rank
        }
        return ranks
    }

    /// The document with this id, if any.
    public func document(id: Int64) throws(StoreError) -> DocumentRecord? {
        try statement("SELECT \(SQLiteStore.documentColumns) FROM documents WHERE id = ?")
            .rows([.integer(id)], SQLiteStore.readDocument).first
    }

    /// The document with these exact bytes, if any.
    public func document(sha256: String) throws(StoreError) -> DocumentRecord? {
        try statement("SELECT \(SQLiteStore.documentColumns) FROM documents WHERE sha256 = ?")
            .rows([.text(sha256)], SQLiteStore.readDocument).first
    }

    /// Documents last read from this absolute path.
    public func documents(sourcePath: String) throws(StoreError) -> [DocumentRecord] {
        try statement("SELECT \(SQLiteStore.documentColumns) FROM documents WHERE source_path = ? ORDER BY id")
            .rows([.text(sourcePath)], SQLiteStore.readDocument)
    }

    /// The pages of a document in physical order.
    public func pages(documentID: Int64) throws(StoreError) -> [PageRecord] {
        try statement("SELECT number, label, text, clean_text, text_source, ocr_confidence FROM pages WHERE document_id = ? ORDER BY number")
            .rows([.integer(documentID)]) { row in
                SQLiteStore.readPage(row)
            }
    }

    /// The pages of a document whose physical numbers fall in `numbers`, in order.
    public func pages(documentID: Int64, numbers: ClosedRange<Int>) throws(StoreError) -> [PageRecord] {
        try statement("SELECT number, label, text, clean_text, text_source, ocr_confidence FROM pages WHERE document_id = ? AND number BETWEEN ? AND ? ORDER BY number")
            .rows([.integer(documentID), .integer(Int64(numbers.lowerBound)), .integer(Int64(numbers.upperBound))]) { row in
                SQLiteStore.readPage(row)
            }
    }

    private static func readPage(_ row: SQLiteStatement) -> PageRecord {
        PageRecord(number: Int(row.int(0)), label: row.text(1), text: row.text(2) ?? "", cleanText: row.text(3) ?? "",
                   source: PageTextSource(rawValue: row.text(4) ?? "") ?? .text, ocrConfidence: row.isNull(5) ? nil : row.double(5))
    }

    /// The physical numbers of a document's stored pages, in order.
    public func pageNumbers(documentID: Int64) throws(StoreError) -> [Int] {
        try statement("SELECT number FROM pages WHERE document_id = ? ORDER BY number")
            .rows([.integer(documentID)]) { Int($0.int(0)) }
    }

    /// The heading tree stored for a document, in reading order.
    public func headings(documentID: Int64) throws(StoreError) -> [OutlineEntry] {
        try statement("SELECT title, page, level FROM headings WHERE document_id = ? ORDER BY ordinal")
            .rows([.integer(documentID)]) { row in
                OutlineEntry(title: row.text(0) ?? "", page: Int(row.int(1)), level: Int(row.int(2)))
            }
    }

    /// Records where a known document now lives (same bytes found at a new path).
    public func updateSource(documentID: Int64, path: String, fileName: String, modified: Double?) throws(StoreError) {
        try write {
            try statement("UPDATE documents SET source_path = ?, file_name = ?, source_mtime = ? WHERE id = ?")
                .run([.text(path), .text(fileName), modified.map { .real($0) } ?? .null, .integer(documentID)])
            // An answer names a manual's file: what a process remembers of answers (`stateKey`) is stale now.
            try statement("""
                INSERT INTO library_state (key, value) VALUES ('document_moves', 1)
                ON CONFLICT (key) DO UPDATE SET value = value + 1
                """).run()
        }
    }

    /// Writes a whole document in one transaction, replacing `replacing` (keeping its id) when given.
    @discardableResult
    public func save(_ content: DocumentContent, replacing: Int64?) throws(StoreError) -> Int64 {
        try write {
            if let replacing {
                try statement("DELETE FROM documents WHERE id = ?").run([.integer(replacing)])
            }
            let id = try insertDocument(content.document, id: replacing)
            try insertPages(content.pages, documentID: id)
            try insertChunks(content.chunks, documentID: id, fingerprint: content.fingerprint)
            try insertHeadings(content.headings, documentID: id)
            try insertTerms(content.termChunkCounts, documentID: id)
            let skipped = try statement("INSERT INTO skipped_pages (document_id, page, reason, budget) VALUES (?, ?, ?, ?)")
            for page in content.skippedPages {
                try skipped.run([.integer(id), .integer(Int64(page.page)), .text(page.reason), .text(content.extractionBudget)])
            }
            try insertOCRCache(content.ocrCache, sha256: content.document.sha256, key: content.ocrCacheKey)
            if replacing != nil { try dropUnusedOCRResults() }
            return id
        }
    }

    /// Deletes a document and everything derived from it (pages, chunks, index rows, terms).
    public func remove(documentID: Int64) throws(StoreError) {
        try write {
            try statement("DELETE FROM documents WHERE id = ?").run([.integer(documentID)])
            if db.changes == 0 { throw StoreError.documentNotFound("#\(documentID)") }
            try dropUnusedOCRResults()
            // Questions asked of it stay in the history, as questions of the whole library.
            try statement("UPDATE queries SET document_id = NULL WHERE document_id = ?").run([.integer(documentID)])
        }
    }

    private func insertDocument(_ d: DocumentRecord, id: Int64?) throws(StoreError) -> Int64 {
        try statement("""
            INSERT INTO documents (id, source_path, file_name, sha256, byte_size, source_mtime, title, author,
                subject, creation_date, page_count, pdf_id, make, model, year, ingested_at, pipeline_version,
                copy_restricted, xref_rebuilt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).run([
                id.map { .integer($0) } ?? .null, .text(d.sourcePath), .text(d.fileName), .text(d.sha256),
                .integer(d.byteSize), d.sourceModified.map { .real($0) } ?? .null, .text(d.title),
                optional(d.author), optional(d.subject), optional(d.creationDate), .integer(Int64(d.pageCount)),
                optional(d.pdfID), optional(d.product.make), optional(d.product.model),
                d.product.year.map { .integer(Int64($0)) } ?? .null, .text(d.ingestedAt), .text(d.pipelineVersion),
                .integer(d.condition.copyRestricted ? 1 : 0), .integer(d.condition.crossReferenceRebuilt ? 1 : 0),
            ])
        return db.lastInsertRowID
    }

    private func insertPages(_ pages: RowSource<PageRecord>, documentID: Int64) throws(StoreError) {
        let insert = try statement("""
            INSERT INTO pages (document_id, number, label, text, clean_text, text_source, ocr_confidence) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        try pages.forEach { page throws(StoreError) in
            try insert.run([.integer(documentID), .integer(Int64(page.number)), optional(page.label),
                            .text(page.text), .text(page.cleanText), .text(page.source.rawValue),
                            page.ocrConfidence.map { .real($0) } ?? .null])
        }
    }

    private func insertHeadings(_ headings: [OutlineEntry], documentID: Int64) throws(StoreError) {
        let insert = try statement("INSERT INTO headings (document_id, ordinal, title, level, page) VALUES (?, ?, ?, ?, ?)")
        for (ordinal, heading) in headings.enumerated() {
            try insert.run([.integer(documentID), .integer(Int64(ordinal)), .text(heading.title),
                            .integer(Int64(heading.level)), .integer(Int64(heading.page))])
        }
    }

    private func insertTerms(_ counts: [String: Int], documentID: Int64) throws(StoreError) {
        let insert = try statement("INSERT INTO document_terms (term, document_id, chunk_count) VALUES (?, ?, ?)")
        for term in counts.keys.sorted() {
            try insert.run([.text(term), .integer(documentID), .integer(Int64(counts[term] ?? 0))])
        }
    }
}

func optional(_ value: String?) -> SQLiteValue {
    value.map { .text($0) } ?? .null
}

extension SQLiteStore {
    /// The pages of a document whose extraction was given up, with why and under which budgets.
    public func skippedPages(documentID: Int64) throws(StoreError) -> [(page: SkippedPage, budget: String)] {
        try statement("SELECT page, reason, budget FROM skipped_pages WHERE document_id = ? ORDER BY page")
            .rows([.integer(documentID)]) { (SkippedPage(page: Int($0.int(0)), reason: $0.text(1) ?? ""), $0.text(2) ?? "") }
    }
}
