/// Phrase searches: candidates from the postings (chunks holding every token), confirmed from the chunks'
/// own tokens, so a chunk is found exactly when FTS5's phrase query finds it.
extension PostgresStore {
    /// The tokens of a phrase as FTS5's phrase query reads it (`SQLiteStore.phraseExpression`).
    private func phraseTokens(_ phrase: String) throws(StoreError) -> [String]? {
        guard let expression = SQLiteStore.phraseExpression(phrase) else { return nil }
        return try tokenizer().tokens(of: String(expression.dropFirst().dropLast()))
    }

    public func pages(containing phrase: String, documentID: Int64?) throws(StoreError) -> [PhraseHit] {
        guard let tokens = try phraseTokens(phrase) else { return [] }
        let ids = try phraseInstances(tokens, filter: SearchFilter(documentID: documentID)).map(\.chunkID)
        guard !ids.isEmpty else { return [] }
        let spans = try connection.query("""
            SELECT DISTINCT document_id, first_page, last_page FROM chunks WHERE id = ANY($1::bigint[])
            ORDER BY document_id, first_page, last_page
            """, [.text(PostgresArray.integers(ids))])
        return try PhraseMatcher(phrase).hits(
            in: spans.map { (spans.int($0, 0), Int(spans.int($0, 1)), Int(spans.int($0, 2))) },
            page: { document, number throws(StoreError) in
                let rows = try connection.query("SELECT label, clean_text FROM pages WHERE document_id = $1 AND number = $2",
                                                [.integer(document), .integer(Int64(number))])
                return rows.count > 0 ? (rows.text(0, 0), rows.text(0, 1) ?? "") : nil
            }, document: { id throws(StoreError) in try self.document(id: id) })
    }

    public func chunks(matchingPhrase phrase: String, in documents: [Int64]?, filter: SearchFilter,
                       limit: Int) throws(StoreError) -> [StoredChunk] {
        guard let tokens = try phraseTokens(phrase) else { return [] }
        var ids: [Int64] = []
        for document in documents.map({ $0.map(Optional.some) }) ?? [nil] {
            var scoped = filter
            if let document { scoped.documentID = document }
            ids += try phraseInstances(tokens, filter: scoped).prefix(limit).map(\.chunkID)
        }
        return try chunks(ids: ids).sorted { $0.id < $1.id }
    }
}
