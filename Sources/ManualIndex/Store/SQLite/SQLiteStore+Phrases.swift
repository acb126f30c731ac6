import Foundation

/// A page on which an exact phrase occurs.
public struct PhraseHit: Sendable, Equatable, Codable {
    public var documentID: Int64
    public var title: String
    public var file: String
    public var page: Int
    public var label: String?
    /// The phrase with some words of context either side.
    public var snippet: String
}

extension SQLiteStore {
    /// Pages whose cleaned text contains `phrase` (case-insensitive, any whitespace between words).
    ///
    /// FTS5 narrows the search to chunks holding the words as a phrase; the page text then confirms it.
    public func pages(containing phrase: String, documentID: Int64?) throws(StoreError) -> [PhraseHit] {
        guard let expression = SQLiteStore.phraseExpression(phrase) else { return [] }
        let spans = try statement("""
            SELECT DISTINCT c.document_id, c.first_page, c.last_page FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid
            WHERE chunks_fts MATCH ?1 AND (?2 IS NULL OR c.document_id = ?2)
            ORDER BY c.document_id, c.first_page
            """).rows([.text(expression), documentID.map { .integer($0) } ?? .null]) {
                ($0.int(0), Int($0.int(1)), Int($0.int(2)))
            }
        let pageText = try statement("SELECT label, clean_text FROM pages WHERE document_id = ? AND number = ?")
        defer { pageText.reset() }
        return try PhraseMatcher(phrase).hits(in: spans, page: { document, number throws(StoreError) in
            pageText.bind([.integer(document), .integer(Int64(number))])
            defer { pageText.reset() }
            return try pageText.step() ? (pageText.text(0), pageText.text(1) ?? "") : nil
        }, document: { id throws(StoreError) in try self.document(id: id) })
    }
}

/// Case- and whitespace-insensitive phrase search in page text.
struct PhraseMatcher {
    let words: [String]

    init(_ phrase: String) {
        words = phrase.split(whereSeparator: \.isWhitespace).map(PhraseMatcher.normalise).filter { !$0.isEmpty }
    }

    /// A snippet around the first occurrence, or nil when the phrase is not in `text`.
    func snippet(in text: String, context: Int = 8) -> String? {
        let tokens = text.split(whereSeparator: \.isWhitespace)
        guard let start = firstOccurrence(in: tokens) else { return nil }
        let from = max(0, start - context), to = min(tokens.count, start + words.count + context)
        return (from > 0 ? "… " : "") + tokens[from..<to].joined(separator: " ") + (to < tokens.count ? " …" : "")
    }

    /// The pages of `spans` (document, first and last page of a chunk) whose text holds the phrase, each
    /// page once, in the order of the spans: `page` reads a page's label and text, `document` its record.
    func hits(in spans: [(Int64, Int, Int)], page: (Int64, Int) throws(StoreError) -> (String?, String)?,
              document: (Int64) throws(StoreError) -> DocumentRecord?) throws(StoreError) -> [PhraseHit] {
        var hits: [PhraseHit] = []
        var seen = Set<String>()
        var documents: [Int64: DocumentRecord] = [:]
        for (id, first, last) in spans {
            for number in first...max(first, last) where seen.insert("\(id):\(number)").inserted {
                guard let (label, text) = try page(id, number), let snippet = snippet(in: text) else { continue }
                if documents[id] == nil { documents[id] = try document(id) }
                hits.append(PhraseHit(documentID: id, title: documents[id]?.title ?? "", file: documents[id]?.fileName ?? "",
                                      page: number, label: label, snippet: snippet))
            }
        }
        return hits
    }

    /// True when the phrase is in `text`.
    func occurs(in text: String) -> Bool {
        firstOccurrence(in: text.split(whereSeparator: \.isWhitespace)) != nil
    }

    /// The index of the token that starts the phrase's first occurrence among `tokens`.
    private func firstOccurrence(in tokens: [Substring]) -> Int? {
        let normalised = tokens.map(PhraseMatcher.normalise)
        guard !words.isEmpty, normalised.count >= words.count else { return nil }
        return (0...(normalised.count - words.count)).first { Array(normalised[$0..<$0 + words.count]) == words }
    }

    /// Punctuation may cling to words ("(tire pressure)."), so it is ignored at both ends.
    private static func normalise<S: StringProtocol>(_ token: S) -> String {
        token.lowercased().trimmingCharacters(in: .punctuationCharacters.union(.symbols))
    }
}

extension SQLiteStore {
    /// The chunks (of `documents` when given, within `filter`) the full-text index finds `phrase` in as a
    /// phrase, in its text or heading, at most `limit` per document (or in all, when none is given). The index
    /// matches stems ("heated" finds "heating"): a caller wanting the words as written confirms them
    /// (`PhraseMatcher`).
    public func chunks(matchingPhrase phrase: String, in documents: [Int64]?, filter: SearchFilter,
                limit: Int) throws(StoreError) -> [StoredChunk] {
        guard let expression = SQLiteStore.phraseExpression(phrase) else { return [] }
        var ids: [Int64] = []
        for document in documents.map({ $0.map(Optional.some) }) ?? [nil] {
            var scoped = filter
            if let document { scoped.documentID = document }
            ids += try statement("""
                SELECT c.id FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid
                WHERE chunks_fts MATCH ?1 AND \(SQLiteStore.filterClause) ORDER BY c.id LIMIT ?5
                """).rows([.text(expression)] + SQLiteStore.filterValues(scoped) + [.integer(Int64(limit))]) { $0.int(0) }
        }
        return try chunks(ids: ids).sorted { $0.id < $1.id }
    }

    /// `phrase` as an FTS5 phrase query: its words (letters and digits) in quotes, nil when it has none.
    static func phraseExpression(_ phrase: String) -> String? {
        let words = phrase.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
        return words.isEmpty ? nil : "\"" + words.joined(separator: " ") + "\""
    }
}
