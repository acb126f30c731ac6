import Foundation

extension PostgresStore {
    private static let documentColumns = LibraryTables.documents.columnList
    /// The document columns of documents `d`, for a statement that joins them to other tables.
    static let joinedDocumentColumns = LibraryTables.documents.columns.map { "d." + $0.name }.joined(separator: ", ")

    /// The document in `row`, its columns (`documentColumns`) from column `first` on.
    static func readDocument(_ rows: PostgresRows, _ row: Int, from first: Int = 0) -> DocumentRecord {
        func optionalInt(_ column: Int) -> Int? { rows.isNull(row, first + column) ? nil : Int(rows.int(row, first + column)) }
        func int(_ column: Int) -> Int64 { rows.int(row, first + column) }
        func text(_ column: Int) -> String? { rows.text(row, first + column) }
        return DocumentRecord(
            id: int(0), sourcePath: text(1) ?? "", fileName: text(2) ?? "",
            sha256: text(3) ?? "", byteSize: int(4),
            sourceModified: rows.isNull(row, first + 5) ? nil : rows.double(row, first + 5),
            title: text(6) ?? "", author: text(7), subject: text(8),
            creationDate: text(9), pageCount: Int(int(10)), pdfID: text(11),
            product: Product(make: text(12), model: text(13), year: optionalInt(14)),
            ingestedAt: text(15) ?? "", pipelineVersion: text(16) ?? "",
            condition: SourceCondition(copyRestricted: int(17) != 0, crossReferenceRebuilt: int(18) != 0))
    }

    private func documents(where condition: String, _ values: [SQLiteValue]) throws(StoreError) -> [DocumentRecord] {
        let rows = try connection.query("SELECT \(PostgresStore.documentColumns) FROM documents \(condition) ORDER BY id", values)
        return rows.map { PostgresStore.readDocument(rows, $0) }
    }

    public func documents() throws(StoreError) -> [DocumentRecord] { try documents(where: "", []) }

    public func document(id: Int64) throws(StoreError) -> DocumentRecord? {
        if let known = snapshot?.documents[id] { return known }
        let found = try documents(where: "WHERE id = $1", [.integer(id)]).first
        snapshot?.documents[id] = .some(found)
        return found
    }

    public func document(sha256: String) throws(StoreError) -> DocumentRecord? {
        try documents(where: "WHERE sha256 = $1", [.text(sha256)]).first
    }

    public func documents(sourcePath: String) throws(StoreError) -> [DocumentRecord] {
        try documents(where: "WHERE source_path = $1", [.text(sourcePath)])
    }

    public func longestPageCount() throws(StoreError) -> Int? {
        let rows = try connection.query("SELECT max(page_count) FROM documents")
        return rows.isNull(0, 0) ? nil : Int(rows.int(0, 0))
    }

    private static let pageColumns = "number, label, text, clean_text, text_source, ocr_confidence"

    private static func readPages(_ rows: PostgresRows) -> [PageRecord] {
        rows.map { row in
            PageRecord(number: Int(rows.int(row, 0)), label: rows.text(row, 1), text: rows.text(row, 2) ?? "",
                       cleanText: rows.text(row, 3) ?? "", source: PageTextSource(rawValue: rows.text(row, 4) ?? "") ?? .text,
                       ocrConfidence: rows.isNull(row, 5) ? nil : rows.double(row, 5))
        }
    }

    public func pages(documentID: Int64) throws(StoreError) -> [PageRecord] {
        PostgresStore.readPages(try connection.query(
            "SELECT \(PostgresStore.pageColumns) FROM pages WHERE document_id = $1 ORDER BY number", [.integer(documentID)]))
    }

    public func pages(documentID: Int64, numbers: ClosedRange<Int>) throws(StoreError) -> [PageRecord] {
        PostgresStore.readPages(try connection.query("""
            SELECT \(PostgresStore.pageColumns) FROM pages WHERE document_id = $1 AND number BETWEEN $2 AND $3 ORDER BY number
            """, [.integer(documentID), .integer(Int64(numbers.lowerBound)), .integer(Int64(numbers.upperBound))]))
    }

    public func pageNumbers(documentID: Int64) throws(StoreError) -> [Int] {
        let rows = try connection.query("SELECT number FROM pages WHERE document_id = $1 ORDER BY number", [.integer(documentID)])
        return rows.map { Int(rows.int($0, 0)) }
    }

    public func headings(documentID: Int64) throws(StoreError) -> [OutlineEntry] {
        let rows = try connection.query("SELECT title, page, level FROM headings WHERE document_id = $1 ORDER BY ordinal",
                                        [.integer(documentID)])
        return rows.map { OutlineEntry(title: rows.text($0, 0) ?? "", page: Int(rows.int($0, 1)), level: Int(rows.int($0, 2))) }
    }

    public func skippedPages(documentID: Int64) throws(StoreError) -> [(page: SkippedPage, budget: String)] {
        let rows = try connection.query("SELECT page, reason, budget FROM skipped_pages WHERE document_id = $1 ORDER BY page",
                                        [.integer(documentID)])
        return rows.map { (SkippedPage(page: Int(rows.int($0, 0)), reason: rows.text($0, 1) ?? ""), rows.text($0, 2) ?? "") }
    }

    public func updateSource(documentID: Int64, path: String, fileName: String, modified: Double?) throws(StoreError) {
        try write {
            try connection.query("UPDATE documents SET source_path = $1, file_name = $2, source_mtime = $3 WHERE id = $4",
                                 [.text(path), .text(fileName), modified.map { .real($0) } ?? .null, .integer(documentID)])
            // An answer names a manual's file: what a process remembers of answers (`stateKey`) is stale now.
            try connection.query("""
                INSERT INTO library_state (key, value) VALUES ('document_moves', 1)
                ON CONFLICT (key) DO UPDATE SET value = library_state.value + 1
                """)
        }
    }

    public func documentTitles() throws(StoreError) -> [(id: Int64, title: String, fileName: String)] {
        if let snapshot {
            if snapshot.titles == nil { try readDocumentFacts(into: snapshot) }
            return snapshot.titles ?? []
        }
        let rows = try connection.query("SELECT id, title, file_name FROM documents ORDER BY id")
        return rows.map { (id: rows.int($0, 0), title: rows.text($0, 1) ?? "", fileName: rows.text($0, 2) ?? "") }
    }

    public func documentNames() throws(StoreError) -> [(id: Int64, names: String)] {
        if let snapshot {
            if snapshot.names == nil { try readDocumentFacts(into: snapshot) }
            return snapshot.names ?? []
        }
        let rows = try connection.query("SELECT id, title, file_name, coalesce(make, ''), coalesce(model, '') FROM documents ORDER BY id")
        return rows.map { row in (id: rows.int(row, 0), names: (1...4).compactMap { rows.text(row, $0) }.joined(separator: " ")) }
    }

    /// In a snapshot, what a question reads of every document (titles, the words of their names, which had
    /// problems) in one statement, where it was three.
    private func readDocumentFacts(into snapshot: SnapshotMemo) throws(StoreError) {
        let rows = try connection.query("""
            SELECT id, title, file_name, coalesce(make, ''), coalesce(model, ''), copy_restricted, xref_rebuilt
            FROM documents ORDER BY id
            """)
        snapshot.titles = rows.map { (id: rows.int($0, 0), title: rows.text($0, 1) ?? "", fileName: rows.text($0, 2) ?? "") }
        snapshot.names = rows.map { row in (id: rows.int(row, 0), names: (1...4).compactMap { rows.text(row, $0) }.joined(separator: " ")) }
        var ranks: [Int64: Int] = [:]
        for row in 0..<rows.count where rows.int(row, 5) != 0 || rows.int(row, 6) != 0 {
            ranks[rows.int(row, 0)] = SourceCondition(copyRestricted: rows.int(row, 5) != 0, crossReferenceRebuilt: rows.int(row, 6) != 0).rank
        }
        snapshot.impaired = ranks
    }

    public func impairedChunkRanks(among chunks: [Int64]) throws(StoreError) -> [Int64: Int] {
        guard !chunks.isEmpty else { return [:] }
        if let snapshot {
            // In a snapshot, the few documents with problems are read once; without any, nothing more is asked.
            if snapshot.impaired == nil { try readDocumentFacts(into: snapshot) }
            if snapshot.impaired?.isEmpty == true { return [:] }
        }
        let rows = try connection.query("""
            SELECT c.id, d.copy_restricted, d.xref_rebuilt FROM chunks c JOIN documents d ON d.id = c.document_id
            WHERE c.id = ANY($1::bigint[]) AND (d.copy_restricted != 0 OR d.xref_rebuilt != 0)
            """, [.text(PostgresArray.integers(chunks))])
        var ranks: [Int64: Int] = [:]
        for row in 0..<rows.count {
            ranks[rows.int(row, 0)] = SourceCondition(copyRestricted: rows.int(row, 1) != 0,
                                                      crossReferenceRebuilt: rows.int(row, 2) != 0).rank
        }
        return ranks
    }
}
