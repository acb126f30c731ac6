import Foundation

extension PostgresStore {
    private static let chunkColumns = """
        c.id, c.document_id, c.ordinal, c.heading_path, c.first_label, c.last_label, c.sentences, c.has_admonition,
        c.keywords, c.vector, c.fingerprint, c.navigation_lines, v.scale, v.quantized, v.sentence_pieces
        """

    /// The chunks matching `condition`; with `documents`, their documents come along in the same statement
    /// and are kept in the open snapshot (`SnapshotMemo.documents`).
    private func chunks(where condition: String, order: String = "c.ordinal", documents: Bool = false,
                        _ values: [SQLiteValue]) throws(StoreError) -> [StoredChunk] {
        let rows = try connection.query("""
            SELECT \(PostgresStore.chunkColumns)\(documents ? ", " + PostgresStore.joinedDocumentColumns : "")
            FROM chunks c LEFT JOIN chunk_vectors v ON v.chunk_id = c.id\(documents ? " LEFT JOIN documents d ON d.id = c.document_id" : "")
            WHERE \(condition) ORDER BY \(order)
            """, values)
        if documents, let snapshot {
            for row in 0..<rows.count where !rows.isNull(row, 15) && snapshot.documents[rows.int(row, 1)] == nil {
                snapshot.documents[rows.int(row, 1)] = .some(PostgresStore.readDocument(rows, row, from: 15))
            }
        }
        return rows.map { row in
            var vector = VectorCoding.decode(rows.bytes(row, 9))
            if vector.isEmpty {
                vector = QuantizedVector(scale: Float(rows.double(row, 12)), bytes: rows.bytes(row, 13)).values
            }
            let pieces = rows.isNull(row, 14) ? nil : rows.bytes(row, 14).withUnsafeBytes { SentencePieces(encoded: $0) }
            return StoredChunkColumns.chunk(
                id: rows.int(row, 0), documentID: rows.int(row, 1), ordinal: Int(rows.int(row, 2)),
                headingPath: rows.text(row, 3), firstLabel: rows.text(row, 4), lastLabel: rows.text(row, 5),
                sentences: rows.text(row, 6), hasAdmonition: rows.int(row, 7) != 0, keywords: rows.text(row, 8),
                vector: vector, fingerprint: rows.text(row, 10), navigationLines: rows.text(row, 11), pieces: pieces)
        }
    }

    public func chunks(documentID: Int64, page: Int?) throws(StoreError) -> [StoredChunk] {
        if let page {
            return try chunks(where: "c.document_id = $1 AND c.first_page <= $2 AND c.last_page >= $2",
                              [.integer(documentID), .integer(Int64(page))])
        }
        return try chunks(where: "c.document_id = $1", [.integer(documentID)])
    }

    public func chunks(documentID: Int64, ordinals: ClosedRange<Int>) throws(StoreError) -> [StoredChunk] {
        try chunks(where: "c.document_id = $1 AND c.ordinal BETWEEN $2 AND $3",
                   [.integer(documentID), .integer(Int64(ordinals.lowerBound)), .integer(Int64(ordinals.upperBound))])
    }

    /// One statement for all of them (a question's candidates are a few hundred), returned in the order
    /// asked, as `SQLiteStore` returns them. In a snapshot, what a question reads next about them comes
    /// along: their documents, and their pages' labels and OCR'd pages (`prefetchPages`).
    public func chunks(ids: [Int64]) throws(StoreError) -> [StoredChunk] {
        guard !ids.isEmpty else { return [] }
        let found = try chunks(where: "c.id = ANY($1::bigint[])", order: "c.id", documents: snapshot != nil,
                               [.text(PostgresArray.integers(ids))])
        if snapshot != nil { try prefetchPages(of: found) }
        let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }

    public func chunk(documentID: Int64, ordinal: Int) throws(StoreError) -> StoredChunk? {
        try chunks(documentID: documentID, ordinals: ordinal...ordinal).first
    }

    public func chunkIDs(documentID: Int64) throws(StoreError) -> [Int64] {
        let rows = try connection.query("SELECT id FROM chunks WHERE document_id = $1 ORDER BY id", [.integer(documentID)])
        return rows.map { rows.int($0, 0) }
    }

    public func passage(chunkID: Int64) throws(StoreError) -> StoredPassage? {
        if let known = snapshot?.passages[chunkID] { return known }
        let rows = try connection.query("SELECT heading_path, text, passage_terms FROM chunks WHERE id = $1", [.integer(chunkID)])
        guard rows.count > 0 else { return nil }
        return StoredPassage(row: 0, of: rows)
    }

    public func chunkCount() throws(StoreError) -> Int {
        Int(try memo("chunkCount") { () throws(StoreError) in try connection.query("SELECT count(*) FROM chunks").integer })
    }

    /// In a snapshot, each term's frequency is read once.
    public func chunkFrequencies(of terms: [String]) throws(StoreError) -> [String: Int] {
        let known = snapshot?.frequencies ?? [:]
        let unique = Array(Set(terms).subtracting(known.keys))
        var out: [String: Int] = [:]
        for term in Set(terms) { if let count = known[term] { out[term] = count } }
        guard !unique.isEmpty else { return out }
        let rows = try connection.query("""
            SELECT t.term, coalesce((SELECT sum(chunk_count) FROM document_terms d WHERE d.term = t.term), 0)
            FROM unnest($1::text[]) AS t(term)
            """, [.text(PostgresArray.texts(unique))])
        for row in 0..<rows.count {
            out[rows.text(row, 0) ?? ""] = Int(rows.int(row, 1))
            snapshot?.frequencies[rows.text(row, 0) ?? ""] = Int(rows.int(row, 1))
        }
        return out
    }

    public func vectorGeneration() throws(StoreError) -> Int64 {
        try memo("vectorGeneration") { () throws(StoreError) in try connection.query("SELECT value FROM library_state WHERE key = 'vector_generation'").integer }
    }

    /// Read once per connection: a library's identity is written when it is made (or filled by `migrate`,
    /// before anything else is in it), and a server asks for it with every question (`stateKey`).
    public func libraryID() throws(StoreError) -> Int64 {
        if let knownLibraryID { return knownLibraryID }
        let id = try connection.query("SELECT value FROM library_state WHERE key = 'library_id'").integer
        if !connection.inTransaction || snapshot != nil { knownLibraryID = id }
        return id
    }

    public func libraryChanges() throws(StoreError) -> Int64 {
        try memo("libraryChanges") { () throws(StoreError) in try connection.query("""
            SELECT coalesce(sum(value), 0) FROM library_state WHERE key IN ('vector_generation', 'document_moves')
            """).integer }
    }

    /// Every chunk's int8 vector in chunk order, read 20,000 rows at a time.
    public func forEachQuantizedVector(_ body: (Int64, Int64, Float, UnsafeRawBufferPointer) -> Void) throws(StoreError) {
        var after = Int64.min
        while true {
            let rows = try connection.query("""
                SELECT chunk_id, document_id, scale, quantized FROM chunk_vectors WHERE chunk_id > $1 ORDER BY chunk_id LIMIT 20000
                """, [.integer(after)])
            guard rows.count > 0 else { return }
            for row in 0..<rows.count {
                let bytes = rows.bytes(row, 3)
                bytes.withUnsafeBytes { body(rows.int(row, 0), rows.int(row, 1), Float(rows.double(row, 2)), $0) }
            }
            after = rows.int(rows.count - 1, 0)
        }
    }

    public func quantizedVectors(filter: SearchFilter) throws(StoreError) -> [StoredQuantizedVector] {
        let rows = try connection.query("""
            SELECT v.chunk_id, v.document_id, v.scale, v.quantized FROM chunk_vectors v JOIN chunks c ON c.id = v.chunk_id
            WHERE \(PostgresStore.filterClause(from: 1))
            """, PostgresStore.filterValues(filter))
        return rows.map {
            StoredQuantizedVector(chunkID: rows.int($0, 0), documentID: rows.int($0, 1), scale: Float(rows.double($0, 2)),
                                  bytes: rows.bytes($0, 3))
        }
    }

    /// The document, page and section filter on chunks `c`, its parameters numbered from `first`.
    static func filterClause(from first: Int) -> String {
        let d = "$\(first)::bigint", p = "$\(first + 1)::integer", s = "$\(first + 2)::text"
        return """
            (\(d) IS NULL OR c.document_id = \(d))
            AND (\(p) IS NULL OR (c.first_page <= \(p) AND c.last_page >= \(p)))
            AND (\(s) IS NULL OR strpos(lower(c.heading COLLATE "C"), lower(\(s) COLLATE "C")) > 0)
            """
    }

    static func filterValues(_ filter: SearchFilter) -> [SQLiteValue] {
        [filter.documentID.map { .integer($0) } ?? .null, filter.page.map { .integer(Int64($0)) } ?? .null,
         filter.section.map { .text($0) } ?? .null]
    }
}

extension StoredPassage {
    /// The passage in columns `first` (heading path), `first + 1` (text) and `first + 2` (passage terms) of a row.
    init(row: Int, of rows: PostgresRows, from first: Int = 0) {
        self.init(headingPath: StoredChunkColumns.strings(rows.text(row, first)), text: rows.text(row, first + 1) ?? "",
                  storedTerms: rows.text(row, first + 2))
    }
}
